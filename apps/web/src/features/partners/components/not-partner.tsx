import { Handshake } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state.tsx';

/**
 * /partners is open to every active account (docs/decisions/route-manifest.md), but only partners have codes,
 * referred users and payouts: anyone else is told how to become one.
 */
export const NotPartner = () => (
  <EmptyState icon={<Handshake size={26} />} title="The partner programme is by invitation">
    Partners share referral codes: the people they bring get the PartnerReferral price for life, and the
    partner earns a share of every payment they make. Ask us through Support to join; an owner turns your
    account into a partner account.
  </EmptyState>
);
