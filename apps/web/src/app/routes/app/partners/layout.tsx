import { Outlet } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { TabNav } from '../../../tab-nav.tsx';

export default function PartnersLayout() {
  return (
    <>
      <PageHeader title="Partners" subtitle="Referral codes, referred users and payouts." />
      <TabNav
        label="Partners sections"
        tabs={[
          { to: 'referrals', label: 'Referrals' },
          { to: 'users', label: 'Users' },
          { to: 'payouts', label: 'Payouts' },
        ]}
      />
      <Outlet />
    </>
  );
}
