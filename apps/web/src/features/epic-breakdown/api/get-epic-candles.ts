import { type TCandle, ZCandleList } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { type CandleWindow, candleRange } from '../lib/candle-window.ts';

export const epicCandlesQueryKey = (coinId: string, window: CandleWindow) =>
  ['epics', 'candles', coinId, window.granularity, window.start, window.end ?? 'live'] as const;

export const getEpicCandles = async (coinId: string, window: CandleWindow): Promise<TCandle[]> => {
  const answer = await apiRequest(`/api/v1/coins/${encodeURIComponent(coinId)}/candles`, {
    query: { granularity: window.granularity, ...candleRange(window, Date.now()) },
    schema: ZCandleList,
  });
  // Oldest first, whatever order the venue answers in.
  return [...answer.candles].sort((a, b) => a.start.localeCompare(b.start));
};

/**
 * Read once per window; live prices and fills are folded into the cached candles from realtime events, and a
 * reconnect re-reads them (root-layout invalidates every query), so nothing missed while offline stays missing.
 */
export const useEpicCandles = (coinId: string | undefined, window: CandleWindow | undefined) =>
  useQuery(
    queryOptions({
      queryKey: coinId && window ? epicCandlesQueryKey(coinId, window) : ['epics', 'candles', 'none'],
      queryFn: () => (coinId && window ? getEpicCandles(coinId, window) : Promise.resolve([])),
      enabled: Boolean(coinId && window),
      staleTime: Infinity,
    }),
  );
