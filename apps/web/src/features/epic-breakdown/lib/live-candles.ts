import type { TCandle } from '@cdca/contracts';
import { money } from '@cdca/engine';

/**
 * Folds a live price into the candles: it updates the newest candle while its bucket is open and starts a new
 * one when the bucket has rolled over, so the chart moves with the market between reads.
 */
export const withLivePrice = (
  candles: readonly TCandle[],
  bucketSeconds: number,
  price: string,
  at: Date,
): TCandle[] => {
  const bucketMs = bucketSeconds * 1_000;
  const bucketStart = Math.floor(at.getTime() / bucketMs) * bucketMs;
  const last = candles.at(-1);
  const lastStart = last ? Date.parse(last.start) : Number.NEGATIVE_INFINITY;
  if (last && lastStart > bucketStart) return [...candles];
  const value = money(price);
  if (last && lastStart === bucketStart) {
    const updated: TCandle = {
      ...last,
      high: value.gt(last.high) ? price : last.high,
      low: value.lt(last.low) ? price : last.low,
      close: price,
    };
    return [...candles.slice(0, -1), updated];
  }
  const open = last?.close ?? price;
  const next: TCandle = {
    start: new Date(bucketStart).toISOString(),
    open,
    high: value.gt(open) ? price : open,
    low: value.lt(open) ? price : open,
    close: price,
    volume: '0',
  };
  return [...candles, next];
};
