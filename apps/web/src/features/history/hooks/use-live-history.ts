import { ZEpic } from '@cdca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { isTerminalEpicStatus } from '@/lib/epics/epic-status.ts';
import { refreshQueries } from '@/lib/react-query.ts';
import { useRealtimeEvent } from '@/lib/realtime/realtime-context.ts';
import { historyQueryRoot } from '../api/get-history-page.ts';

/** An epic that just finished belongs in history: re-read the page and totals when one arrives (no polling). */
export const useLiveHistory = () => {
  const queryClient = useQueryClient();
  useRealtimeEvent('epic.updated', (message) => {
    const epic = ZEpic.safeParse(message.event);
    if (epic.success && isTerminalEpicStatus(epic.data.status)) {
      void refreshQueries(queryClient, { queryKey: historyQueryRoot });
    }
  });
};
