import type { TRealtimeMessage } from '@cdca/contracts';
import { ZEpic } from '@cdca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/realtime/realtime-context.ts';
import { applyEpic } from '../api/apply-epic.ts';

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
    if (epic.success) applyEpic(queryClient, epic.data);
  };

  useRealtimeEvent('epic.created', apply);
  useRealtimeEvent('epic.updated', apply);
  useRealtimeEvent('trade.created', (message) => onTrade?.(message));
  useRealtimeEvent('trade.updated', (message) => onTrade?.(message));
};
