import { PageHeader } from '@/components/ui/page-header.tsx';
import { sectionTabs } from '@/config/routes.ts';
import { Outlet } from '@/lib/router/outlet.tsx';
import { TabNav } from './tab-nav.tsx';

export type SectionLayoutProps = {
  title: string;
  subtitle: string;
  /** The section's path in the route manifest: its tabs are the pages under it that name a tab. */
  path: string;
  /** Tab paths this deployment does not offer (e.g. the Market lab where the server has no paper controls). */
  hiddenTabs?: readonly string[];
};

/** A page with a header, its sub-pages as tabs, and the selected sub-page below (settings, admin, partners). */
export const SectionLayout = ({ title, subtitle, path, hiddenTabs = [] }: SectionLayoutProps) => (
  <>
    <PageHeader title={title} subtitle={subtitle} />
    <TabNav
      label={`${title} sections`}
      tabs={sectionTabs(path).filter((tab) => !hiddenTabs.includes(tab.to))}
    />
    <Outlet />
  </>
);
