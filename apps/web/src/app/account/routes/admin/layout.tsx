import { SectionLayout } from '../../section-layout.tsx';

const tabs = [
  { to: 'users', label: 'Users' },
  { to: 'charts', label: 'Charts' },
  { to: 'payouts', label: 'Payouts' },
];

export default function AdminLayout() {
  return <SectionLayout title="Admin" subtitle="Owner tools: users, charts and payouts." tabs={tabs} />;
}
