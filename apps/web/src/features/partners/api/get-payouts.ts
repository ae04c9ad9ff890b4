import { type TPartnerPayouts, ZPartnerPayouts } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { PARTNERS_QUERY_KEY } from './partners-query-key.ts';

/** GET /partners/payouts: the balance (sums of the ledger) and the payout history. */
export const getPayouts = (): Promise<TPartnerPayouts> =>
  apiRequest('/api/v1/partners/payouts', { schema: ZPartnerPayouts });

export const payoutsQueryOptions = () =>
  queryOptions({ queryKey: [...PARTNERS_QUERY_KEY, 'payouts'], queryFn: getPayouts });

export const usePayouts = () => useQuery(payoutsQueryOptions());
