import type { TCandle, TCoin } from '@cdca/contracts';
import { type TEpicDetail, ZCoin, ZEpic, ZEpicFill, ZEpicOrder } from '@cdca/contracts';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { applyLiveChange } from '@/lib/live-changes.ts';
import { useRealtimeEvent } from '@/lib/realtime/realtime-context.ts';
import { coinQueryKey } from '../api/get-coin-price.ts';
import { epicDetailQueryKey } from '../api/get-epic.ts';
import { applyEpicSummary, applyFill, applyOrder } from '../lib/epic-detail-cache.ts';
import { withFillPrice, withLivePrice } from '../lib/live-candles.ts';

const ZTradeCreated = z.extend(ZEpicFill, { epicId: z.uuid() });
const ZTradeUpdated = z.extend(ZEpicOrder, { epicId: z.uuid() });

type LiveEpicOptions = {
  epicId: string;
  coinId: string | undefined;
  /** The cached candles to fold live prices into, and their bucket size. */
  candles: { key: QueryKey; bucketSeconds: number } | undefined;
};

/**
 * Keeps the breakdown current from realtime events alone (no polling): epic.updated for status and figures,
 * trade.updated for orders and level states, trade.created for fills, coin.updated for the price; fills and prices
 * are folded into the chart's cached candles too (while its window is live).
 */
export const useLiveEpic = ({ epicId, coinId, candles }: LiveEpicOptions) => {
  const queryClient = useQueryClient();
  const key = epicDetailQueryKey(epicId);
  // Also applied to a read of the breakdown under way, which may have been made before the event (lib/live-changes.ts).
  const update = (change: (detail: TEpicDetail) => TEpicDetail) => applyLiveChange(queryClient, key, change);

  useRealtimeEvent('epic.updated', (message) => {
    const epic = ZEpic.safeParse(message.event);
    if (epic.success && epic.data.id === epicId) update((detail) => applyEpicSummary(detail, epic.data));
  });

  useRealtimeEvent('trade.updated', (message) => {
    const order = ZTradeUpdated.safeParse(message.event);
    if (order.success && order.data.epicId === epicId) update((detail) => applyOrder(detail, order.data));
  });

  useRealtimeEvent('trade.created', (message) => {
    const fill = ZTradeCreated.safeParse(message.event);
    if (!fill.success || fill.data.epicId !== epicId) return;
    update((detail) => applyFill(detail, fill.data));
    foldCandles((list, bucketSeconds) =>
      withFillPrice(list, bucketSeconds, fill.data.price, new Date(fill.data.filledAt)),
    );
  });

  useRealtimeEvent('coin.updated', (message) => {
    const coin = ZCoin.safeParse(message.event);
    if (!coin.success || coin.data.id !== coinId) return;
    queryClient.setQueryData<TCoin>(coinQueryKey(coin.data.id), coin.data);
    foldCandles((list, bucketSeconds) =>
      withLivePrice(list, bucketSeconds, coin.data.price, new Date(coin.data.updatedAt)),
    );
  });

  // The chart follows the same events as the figures: ticks move its last price, fills land on their candle.
  const foldCandles = (change: (list: TCandle[], bucketSeconds: number) => TCandle[]) => {
    if (!candles) return;
    queryClient.setQueryData<TCandle[]>(candles.key, (list) =>
      list ? change(list, candles.bucketSeconds) : list,
    );
  };
};
