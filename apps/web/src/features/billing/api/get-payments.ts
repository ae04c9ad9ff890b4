import { type TPaymentList, type TPaymentStatus, ZPaymentList } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Every payments query of an account starts with this key, so one invalidation refreshes them all. */
export const paymentsQueryKey = (accountId: string) => ['payments', accountId] as const;

export const getPayments = (accountId: string, status?: readonly TPaymentStatus[]): Promise<TPaymentList> =>
  apiRequest('/api/v1/payments', {
    query: { accountId, status, limit: 100, includeTotal: true },
    schema: ZPaymentList,
  });

/** Newest first (docs/product.md §7); `status` narrows the list, e.g. to the unpaid ones. */
export const getPaymentsQueryOptions = (accountId: string, status?: readonly TPaymentStatus[]) =>
  queryOptions({
    queryKey: [...paymentsQueryKey(accountId), status ?? 'all'],
    queryFn: () => getPayments(accountId, status),
  });

export const usePayments = (accountId: string, status?: readonly TPaymentStatus[]) =>
  useQuery(getPaymentsQueryOptions(accountId, status));
