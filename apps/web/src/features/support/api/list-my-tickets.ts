import { type TSupportTicketList, ZSupportTicketList } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Every support query starts with this key, so one invalidation refreshes lists and threads alike. */
export const SUPPORT_QUERY_KEY = ['support'] as const;

export const listMyTickets = (): Promise<TSupportTicketList> =>
  apiRequest('/api/v1/support/tickets', { schema: ZSupportTicketList });

export const myTicketsQueryOptions = () =>
  queryOptions({ queryKey: [...SUPPORT_QUERY_KEY, 'mine'], queryFn: listMyTickets });

export const useMyTickets = () => useQuery(myTicketsQueryOptions());
