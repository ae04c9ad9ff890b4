import { useQueryClient } from '@tanstack/react-query';
import { refreshQueries } from '@/lib/react-query.ts';
import { useRealtimeEvent } from '@/lib/realtime/realtime-context.ts';
import { PARTNERS_QUERY_KEY } from '../api/partners-query-key.ts';

/** payout.updated (an owner approved, paid or rejected a request) refreshes the balance and history on screen. */
export const useLivePayouts = () => {
  const queryClient = useQueryClient();
  useRealtimeEvent('payout.updated', () => {
    void refreshQueries(queryClient, { queryKey: PARTNERS_QUERY_KEY });
  });
};
