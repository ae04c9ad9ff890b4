import {
  type TOpenSupportTicketBody,
  type TSupportTicketSummary,
  ZSupportTicketSummary,
} from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { refreshQueries } from '@/lib/react-query.ts';
import { SUPPORT_QUERY_KEY } from './list-my-tickets.ts';

export const openTicket = (body: TOpenSupportTicketBody): Promise<TSupportTicketSummary> =>
  apiRequest('/api/v1/support/tickets', { method: 'POST', body, schema: ZSupportTicketSummary });

export const useOpenTicket = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openTicket,
    onSuccess: () => refreshQueries(queryClient, { queryKey: SUPPORT_QUERY_KEY }),
  });
};
