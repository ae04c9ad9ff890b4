import { SectionLayout } from '../../section-layout.tsx';

const tabs = [
  { to: 'referrals', label: 'Referrals' },
  { to: 'users', label: 'Users' },
  { to: 'payouts', label: 'Payouts' },
];

export default function PartnersLayout() {
  return (
    <SectionLayout title="Partners" subtitle="Referral codes, referred users and payouts." tabs={tabs} />
  );
}
