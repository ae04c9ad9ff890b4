import { useQueryClient } from '@tanstack/react-query';
import { refreshQueries } from '@/lib/react-query.ts';
import { useRealtimeEvent } from '@/lib/realtime/realtime-context.ts';
import { SUPPORT_QUERY_KEY } from '../api/list-my-tickets.ts';

/**
 * support-ticket.updated (an owner replied, a ticket was closed or reopened) refetches the open lists and threads,
 * so a thread on screen shows the answer without a reload (docs/decisions/support-tickets.md).
 */
export const useLiveSupport = () => {
  const queryClient = useQueryClient();
  useRealtimeEvent('support-ticket.updated', () => {
    void refreshQueries(queryClient, { queryKey: SUPPORT_QUERY_KEY });
  });
};
