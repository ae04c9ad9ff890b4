import { Handshake } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state.tsx';

export default function PartnersPayoutsRoute() {
  return (
    <>
      <h2 className="visually-hidden">Payouts</h2>
      <EmptyState icon={<Handshake size={26} />} tag="Coming next" title="No payouts yet">
        Partner earnings and payout history will be listed here.
      </EmptyState>
    </>
  );
}
