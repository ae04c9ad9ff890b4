import { TERMINAL_EPIC_STATUSES, ZEpic } from '@cdca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { refreshQueries } from '@/lib/react-query.ts';
import { useRealtimeEvent } from '@/lib/realtime/realtime-context.ts';
import { rankQueryKey } from '../api/get-rank.ts';

/**
 * Keeps the rank live: account.updated carries a raised rank, and an epic that has just ended moves the lifetime
 * profit (and so the progress) even when the tier stays.
 */
export const useLiveRank = (): void => {
  const queryClient = useQueryClient();
  const refresh = () => void refreshQueries(queryClient, { queryKey: rankQueryKey });
  useRealtimeEvent('account.updated', refresh);
  useRealtimeEvent('epic.updated', (message) => {
    const epic = ZEpic.safeParse(message.event);
    if (epic.success && TERMINAL_EPIC_STATUSES.includes(epic.data.status)) refresh();
  });
};
