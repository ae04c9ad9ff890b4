import { Outlet } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { TabNav, type TabNavProps } from './tab-nav.tsx';

export type SectionLayoutProps = { title: string; subtitle: string; tabs: TabNavProps['tabs'] };

/** A page with a header, its sub-pages as tabs, and the selected sub-page below (settings, admin, partners). */
export const SectionLayout = ({ title, subtitle, tabs }: SectionLayoutProps) => (
  <>
    <PageHeader title={title} subtitle={subtitle} />
    <TabNav label={`${title} sections`} tabs={tabs} />
    <Outlet />
  </>
);
