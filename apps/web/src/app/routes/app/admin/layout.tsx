import { Outlet } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { TabNav } from '../../../tab-nav.tsx';

export default function AdminLayout() {
  return (
    <>
      <PageHeader title="Admin" subtitle="Owner tools: users, charts and payouts." />
      <TabNav
        label="Admin sections"
        tabs={[
          { to: 'users', label: 'Users' },
          { to: 'charts', label: 'Charts' },
          { to: 'payouts', label: 'Payouts' },
        ]}
      />
      <Outlet />
    </>
  );
}
