import { type TBillingSummary, ZBillingSummary } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

export const billingSummaryQueryKey = (accountId: string) => ['billing', accountId] as const;

export const getBillingSummary = (accountId: string): Promise<TBillingSummary> =>
  apiRequest('/api/v1/billing', { query: { accountId }, schema: ZBillingSummary });

export const getBillingSummaryQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: billingSummaryQueryKey(accountId),
    queryFn: () => getBillingSummary(accountId),
  });

/** Plan, discount, free allowance, what is due and when (Settings → billing, /payment). */
export const useBillingSummary = (accountId: string) => useQuery(getBillingSummaryQueryOptions(accountId));
