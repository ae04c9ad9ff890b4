import type { TRealtimeMessage } from '@cdca/contracts';
import { type TEpicList, ZEpic } from '@cdca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/realtime/realtime-context.ts';
import { liveEpicsQueryKey } from '../api/get-live-epics.ts';
import { recentlyClosedEpicsQueryKey } from '../api/get-recently-closed-epics.ts';
import { upsertEndedEpic, upsertLiveEpic } from '../lib/epic-list-cache.ts';

export type LiveEpicsSyncOptions = {
  /** A fill or an order change on the exchange: balances moved (the route refreshes what it shows of them). */
  onTrade?: (message: TRealtimeMessage) => void;
};

/**
 * Keeps the dashboard's epic lists current from realtime events alone: epic.created and epic.updated carry the
 * whole epic, so the cached lists are updated in place and nothing polls.
 */
export const useLiveEpicsSync = ({ onTrade }: LiveEpicsSyncOptions = {}) => {
  const queryClient = useQueryClient();

  const apply = (message: TRealtimeMessage) => {
    const epic = ZEpic.safeParse(message.event);
    if (!epic.success) return;
    queryClient.setQueryData<TEpicList>(liveEpicsQueryKey, (list) =>
      list ? { ...list, epics: upsertLiveEpic(list.epics, epic.data) } : list,
    );
    queryClient.setQueryData<TEpicList>(recentlyClosedEpicsQueryKey, (list) =>
      list ? { ...list, epics: upsertEndedEpic(list.epics, epic.data) } : list,
    );
  };

  useRealtimeEvent('epic.created', apply);
  useRealtimeEvent('epic.updated', apply);
  useRealtimeEvent('trade.created', (message) => onTrade?.(message));
  useRealtimeEvent('trade.updated', (message) => onTrade?.(message));
};
