import { Handshake } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state.tsx';

export default function PartnersReferralsRoute() {
  return (
    <>
      <h2 className="visually-hidden">Referrals</h2>
      <EmptyState
        icon={<Handshake size={26} />}
        tag="Coming next"
        title="Your referral codes will appear here"
      >
        Share a code and the people you refer get a discount for life. Codes and their usage arrive with the
        partner programme.
      </EmptyState>
    </>
  );
}
