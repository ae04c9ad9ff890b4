import { type TSupportThread, ZSupportThread } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { SUPPORT_QUERY_KEY } from './list-my-tickets.ts';

export const getTicketThread = (id: string): Promise<TSupportThread> =>
  apiRequest(`/api/v1/support/tickets/${encodeURIComponent(id)}`, { schema: ZSupportThread });

export const ticketThreadQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...SUPPORT_QUERY_KEY, 'thread', id], queryFn: () => getTicketThread(id) });

export const useTicketThread = (id: string) => useQuery(ticketThreadQueryOptions(id));
