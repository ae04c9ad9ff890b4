import { Outlet } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { sectionTabs } from '@/config/routes.ts';
import { TabNav } from './tab-nav.tsx';

export type SectionLayoutProps = {
  title: string;
  subtitle: string;
  /** The section's path in the route manifest: its tabs are the pages under it that name a tab. */
  path: string;
};

/** A page with a header, its sub-pages as tabs, and the selected sub-page below (settings, admin, partners). */
export const SectionLayout = ({ title, subtitle, path }: SectionLayoutProps) => (
  <>
    <PageHeader title={title} subtitle={subtitle} />
    <TabNav label={`${title} sections`} tabs={sectionTabs(path)} />
    <Outlet />
  </>
);
