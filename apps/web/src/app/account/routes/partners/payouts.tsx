import { NotPartner } from '@/features/partners/components/not-partner.tsx';
import { PayoutsPanel } from '@/features/partners/components/payouts-panel.tsx';
import { useAccount } from '@/lib/auth/use-account.ts';

/** /partners/payouts: balance, payout request and history. */
export default function PartnersPayoutsRoute() {
  const account = useAccount();
  return (
    <>
      <h2 className="visually-hidden">Payouts</h2>
      {account.role === 'partner' ? <PayoutsPanel /> : <NotPartner />}
    </>
  );
}
