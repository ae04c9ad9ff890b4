import type { TEpicDetail } from '@cdca/contracts';
import { useRef } from 'react';
import { useCoinPrice } from '../api/get-coin-price.ts';
import { useEpic } from '../api/get-epic.ts';
import { epicCandlesQueryKey, useEpicCandles } from '../api/get-epic-candles.ts';
import { type CandleWindow, candleWindowFor, granularitySeconds } from '../lib/candle-window.ts';
import { useLiveEpic } from './use-live-epic.ts';

/**
 * The chart's window, chosen once per visit from the epic as first read, so the cached candles keep their key.
 * An epic that ends while the page is open keeps its live window: the chart goes on moving with the same events
 * as the figures. (Choosing a closed window then would end it at the visit's start and freeze the chart at an old
 * price, with every later fill crowded onto its last candle, until a reload.)
 */
const useVisitWindow = (detail: TEpicDetail | undefined): CandleWindow | undefined => {
  const chosen = useRef<CandleWindow | undefined>(undefined);
  if (detail && chosen.current === undefined) chosen.current = candleWindowFor(detail, Date.now());
  return chosen.current;
};

/** Everything /epic/{id} shows, read once and kept current from realtime events (figures and chart alike). */
export const useEpicBreakdown = (epicId: string) => {
  const epic = useEpic(epicId);
  const detail = epic.data;
  const coinId = detail?.coin.id;
  const coin = useCoinPrice(coinId);
  const window = useVisitWindow(detail);
  const candles = useEpicCandles(coinId, window);
  useLiveEpic({
    epicId,
    coinId,
    candles:
      coinId && window && window.end === undefined
        ? { key: epicCandlesQueryKey(coinId, window), bucketSeconds: granularitySeconds(window.granularity) }
        : undefined,
  });
  return { epic, coin, candles };
};
