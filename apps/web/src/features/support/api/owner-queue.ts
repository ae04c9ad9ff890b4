import {
  type TAdminSupportQuery,
  type TAdminSupportThread,
  type TAdminSupportTicketList,
  ZAdminSupportThread,
  ZAdminSupportTicketList,
} from '@cdca/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { SUPPORT_QUERY_KEY } from './list-my-tickets.ts';

/** The owner's queue: every ticket, public or signed-in, with the median first response of the filter. */
export const listQueue = (query: TAdminSupportQuery): Promise<TAdminSupportTicketList> =>
  apiRequest('/api/v1/support/admin/tickets', { query, schema: ZAdminSupportTicketList });

export const getQueueThread = (id: string): Promise<TAdminSupportThread> =>
  apiRequest(`/api/v1/support/admin/tickets/${encodeURIComponent(id)}`, { schema: ZAdminSupportThread });

export const queueQueryOptions = (query: TAdminSupportQuery) =>
  queryOptions({ queryKey: [...SUPPORT_QUERY_KEY, 'queue', query], queryFn: () => listQueue(query) });

export const useQueue = (query: TAdminSupportQuery) =>
  useQuery({ ...queueQueryOptions(query), placeholderData: keepPreviousData });

export const useQueueThread = (id: string | undefined) =>
  useQuery({
    queryKey: [...SUPPORT_QUERY_KEY, 'queue-thread', id],
    queryFn: () => getQueueThread(id ?? ''),
    enabled: id !== undefined,
  });
