import { Wallet } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state.tsx';

export default function SettingsBillingRoute() {
  return (
    <EmptyState icon={<Wallet size={26} />} tag="Coming next" title="Billing arrives with crypto payments">
      Your plan, invoices and hosted crypto charge links will be listed here. You are on the Standard plan,
      free until your epics make $100 — nothing is due.
    </EmptyState>
  );
}
