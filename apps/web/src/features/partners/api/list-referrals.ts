import { type TPartnerReferralList, ZPartnerReferralList } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { PARTNERS_QUERY_KEY } from './partners-query-key.ts';

/** GET /partners/referrals: the accounts that signed up through the partner's codes (no e-mail, no name). */
export const listReferrals = (): Promise<TPartnerReferralList> =>
  apiRequest('/api/v1/partners/referrals', { schema: ZPartnerReferralList });

export const referralsQueryOptions = () =>
  queryOptions({ queryKey: [...PARTNERS_QUERY_KEY, 'referrals'], queryFn: listReferrals });

export const useReferrals = () => useQuery(referralsQueryOptions());
