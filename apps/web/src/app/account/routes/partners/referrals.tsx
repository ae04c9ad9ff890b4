import { NotPartner } from '@/features/partners/components/not-partner.tsx';
import { ReferralCodesPanel } from '@/features/partners/components/referral-codes-panel.tsx';
import { useAccount } from '@/lib/auth/use-account.ts';

/** /partners/referrals: the partner's codes, links and QR codes (docs/decisions/partner-programme.md). */
export default function PartnersReferralsRoute() {
  const account = useAccount();
  return (
    <>
      <h2 className="visually-hidden">Referrals</h2>
      {account.role === 'partner' ? <ReferralCodesPanel origin={window.location.origin} /> : <NotPartner />}
    </>
  );
}
