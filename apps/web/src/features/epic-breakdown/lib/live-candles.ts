import type { TCandle } from '@cdca/contracts';
import { money } from '@cdca/engine';

/**
 * A tick is the market's price now, so it moves the close (the chart's last price is the figures' price). A fill
 * is one trade at its order's price, which can sit away from the market (a limit sell fills at its limit while the
 * price has gapped above it): it widens its candle so the fill's marker sits inside it, and leaves the close alone.
 */
type Fold = 'tick' | 'fill';

/** The candle's range stretched to take in a price that traded inside its bucket. */
const widened = (candle: TCandle, price: string): TCandle => {
  const value = money(price);
  return {
    ...candle,
    high: value.gt(candle.high) ? price : candle.high,
    low: value.lt(candle.low) ? price : candle.low,
  };
};

const folded = (candle: TCandle, price: string, kind: Fold): TCandle =>
  kind === 'tick' ? { ...widened(candle, price), close: price } : widened(candle, price);

const fold = (
  candles: readonly TCandle[],
  bucketSeconds: number,
  price: string,
  at: Date,
  kind: Fold,
): TCandle[] => {
  const bucketMs = bucketSeconds * 1_000;
  const bucketStart = Math.floor(at.getTime() / bucketMs) * bucketMs;
  const last = candles.at(-1);
  const lastStart = last ? Date.parse(last.start) : Number.NEGATIVE_INFINITY;
  if (last && lastStart > bucketStart) {
    // Late (a fill booked after the next tick): only the candle of its own time takes it in, and never its close.
    const own = candles.findIndex((candle) => Date.parse(candle.start) === bucketStart);
    if (own === -1) return [...candles];
    return candles.map((candle, index) => (index === own ? widened(candle, price) : candle));
  }
  if (last && lastStart === bucketStart) return [...candles.slice(0, -1), folded(last, price, kind)];
  const open = last?.close ?? price;
  const next: TCandle = {
    start: new Date(bucketStart).toISOString(),
    open,
    high: open,
    low: open,
    close: open,
    volume: '0',
  };
  return [...candles, folded(next, price, kind)];
};

/**
 * Folds a live price (coin.updated) into the candles: it moves the newest candle while its bucket is open and
 * starts a new one when the bucket has rolled over, so the chart moves with the market between reads.
 */
export const withLivePrice = (
  candles: readonly TCandle[],
  bucketSeconds: number,
  price: string,
  at: Date,
): TCandle[] => fold(candles, bucketSeconds, price, at, 'tick');

/** Folds a fill (trade.created) into the candle of its time, opening that candle if it is the first of its bucket. */
export const withFillPrice = (
  candles: readonly TCandle[],
  bucketSeconds: number,
  price: string,
  at: Date,
): TCandle[] => fold(candles, bucketSeconds, price, at, 'fill');
