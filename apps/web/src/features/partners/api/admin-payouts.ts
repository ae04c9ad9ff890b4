import { type TAdminPayoutList, type TPayoutStatus, ZAdminPayoutList } from '@cdca/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { PARTNERS_QUERY_KEY } from './partners-query-key.ts';

/** GET /partners/admin/payouts (owners): every payout request, or those of one status. */
export const listAdminPayouts = (status?: TPayoutStatus): Promise<TAdminPayoutList> =>
  apiRequest('/api/v1/partners/admin/payouts', {
    query: status ? { status } : {},
    schema: ZAdminPayoutList,
  });

export const adminPayoutsQueryOptions = (status?: TPayoutStatus) =>
  queryOptions({
    queryKey: [...PARTNERS_QUERY_KEY, 'admin', status ?? 'all'],
    queryFn: () => listAdminPayouts(status),
  });

export const useAdminPayouts = (status?: TPayoutStatus) =>
  useQuery({ ...adminPayoutsQueryOptions(status), placeholderData: keepPreviousData });
