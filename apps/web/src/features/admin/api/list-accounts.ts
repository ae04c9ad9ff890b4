import { type TAccountList, type TAccountStatus, ZAccountList } from '@cdca/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

export type ListAccountsParams = {
  search?: string;
  status?: TAccountStatus[];
  limit?: number;
  offset?: number;
};

export const listAccounts = (params: ListAccountsParams): Promise<TAccountList> =>
  apiRequest('/api/v1/accounts', {
    query: {
      search: params.search,
      status: params.status,
      limit: params.limit ?? 50,
      offset: params.offset ?? 0,
    },
    schema: ZAccountList,
  });

export const listAccountsQueryOptions = (params: ListAccountsParams) =>
  queryOptions({ queryKey: ['admin', 'accounts', params], queryFn: () => listAccounts(params) });

export const useAccountList = (params: ListAccountsParams) =>
  useQuery({ ...listAccountsQueryOptions(params), placeholderData: keepPreviousData });
