import { AdminPayoutsTable } from '@/features/partners/components/admin-payouts-table.tsx';

/** /admin/payouts: partners' payout requests to approve, mark paid or reject (owners only, by the manifest). */
export default function AdminPayoutsRoute() {
  return <AdminPayoutsTable />;
}
