import { type TOwnerActionList, ZOwnerActionList } from '@cdca/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

export const listOwnerActions = (userId: string, offset: number, limit: number): Promise<TOwnerActionList> =>
  apiRequest(`/api/v1/accounts/admin/${encodeURIComponent(userId)}/audit`, {
    query: { limit, offset },
    schema: ZOwnerActionList,
  });

export const ownerActionsQueryOptions = (userId: string, offset: number, limit: number) =>
  queryOptions({
    queryKey: ['admin', 'audit', userId, offset, limit],
    queryFn: () => listOwnerActions(userId, offset, limit),
  });

export const useOwnerActions = (userId: string, offset = 0, limit = 50) =>
  useQuery({ ...ownerActionsQueryOptions(userId, offset, limit), placeholderData: keepPreviousData });
