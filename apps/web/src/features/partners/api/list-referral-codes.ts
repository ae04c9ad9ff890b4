import { type TReferralCodeList, ZReferralCodeList } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { PARTNERS_QUERY_KEY } from './partners-query-key.ts';

/** GET /partners/referral-codes: the partner's codes with clicks, sign-ups and paying accounts. */
export const listReferralCodes = (): Promise<TReferralCodeList> =>
  apiRequest('/api/v1/partners/referral-codes', { schema: ZReferralCodeList });

export const referralCodesQueryOptions = () =>
  queryOptions({ queryKey: [...PARTNERS_QUERY_KEY, 'codes'], queryFn: listReferralCodes });

export const useReferralCodes = () => useQuery(referralCodesQueryOptions());
