import { type TSupportTicketSummary, ZSupportTicketSummary } from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { refreshQueries } from '@/lib/react-query.ts';
import { SUPPORT_QUERY_KEY } from './list-my-tickets.ts';

/** Whose side writes: the trader on /support, an owner in the queue (the /support/admin routes). */
export type SupportSide = 'trader' | 'owner';

const base = (side: SupportSide) =>
  side === 'owner' ? '/api/v1/support/admin/tickets' : '/api/v1/support/tickets';

export const replyToTicket = (
  side: SupportSide,
  id: string,
  message: string,
): Promise<TSupportTicketSummary> =>
  apiRequest(`${base(side)}/${encodeURIComponent(id)}/messages`, {
    method: 'POST',
    body: { message },
    schema: ZSupportTicketSummary,
  });

export const setTicketStatus = (
  side: SupportSide,
  id: string,
  status: 'open' | 'closed',
): Promise<TSupportTicketSummary> =>
  apiRequest(`${base(side)}/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { status },
    schema: ZSupportTicketSummary,
  });

export const useReplyToTicket = (side: SupportSide, id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => replyToTicket(side, id, message),
    onSuccess: () => refreshQueries(queryClient, { queryKey: SUPPORT_QUERY_KEY }),
  });
};

export const useSetTicketStatus = (side: SupportSide, id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: 'open' | 'closed') => setTicketStatus(side, id, status),
    onSuccess: () => refreshQueries(queryClient, { queryKey: SUPPORT_QUERY_KEY }),
  });
};
