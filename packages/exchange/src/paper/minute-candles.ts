import type { Decimal } from 'decimal.js';
import { type Candle, type CandleQuery, GRANULARITY_SECONDS } from '../exchange.ts';
import { dec, str, ZERO } from './paper-decimal.ts';

/** The venue keeps one-minute candles for the last day; coarser granularities are aggregated from them. */
export type MinuteCandle = { t: number; o: string; h: string; l: string; c: string; v: string };

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

export const minuteOf = (timeMs: number) => Math.floor(timeMs / MINUTE_MS) * MINUTE_MS;

/** Records a price (and traded volume) at `timeMs`, opening a new minute candle when the minute rolls over. */
export const recordPrice = (candles: MinuteCandle[], timeMs: number, price: Decimal, volume: Decimal) => {
  const t = minuteOf(timeMs);
  const last = candles.at(-1);
  if (!last || last.t < t) {
    const open = last ? last.c : str(price);
    const high = price.gt(open) ? str(price) : open;
    const low = price.lt(open) ? str(price) : open;
    candles.push({ t, o: open, h: high, l: low, c: str(price), v: str(volume) });
    return;
  }
  // A late or equal timestamp lands in the newest candle: time only moves forward in the venue.
  if (price.gt(last.h)) last.h = str(price);
  if (price.lt(last.l)) last.l = str(price);
  last.c = str(price);
  last.v = str(dec(last.v).add(volume));
};

export const addVolume = (candles: MinuteCandle[], volume: Decimal) => {
  const last = candles.at(-1);
  if (last) last.v = str(dec(last.v).add(volume));
};

/** Drops candles older than `cutoffMs`, keeping the array sorted. */
export const pruneCandles = (candles: MinuteCandle[], cutoffMs: number) => {
  const keepFrom = firstAtOrAfter(candles, cutoffMs);
  if (keepFrom > 0) candles.splice(0, keepFrom);
};

export const firstAtOrAfter = (candles: readonly MinuteCandle[], timeMs: number) => {
  let lo = 0;
  let hi = candles.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((candles[mid]?.t ?? 0) < timeMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** Candles whose bucket starts within [start, end], oldest first. Buckets without trades are omitted, as Coinbase does. */
export const aggregateCandles = (candles: readonly MinuteCandle[], query: CandleQuery): Candle[] => {
  const bucketMs = GRANULARITY_SECONDS[query.granularity] * 1_000;
  const from = Math.floor(query.start.getTime() / bucketMs) * bucketMs;
  const result: Candle[] = [];
  let current:
    | { start: number; open: string; high: Decimal; low: Decimal; close: string; volume: Decimal }
    | undefined;
  const flush = () => {
    if (!current) return;
    result.push({
      start: new Date(current.start),
      open: current.open,
      high: str(current.high),
      low: str(current.low),
      close: current.close,
      volume: str(current.volume),
    });
  };
  for (let i = firstAtOrAfter(candles, from); i < candles.length; i++) {
    const c = candles[i];
    if (!c || c.t > query.end.getTime()) break;
    const bucket = Math.floor(c.t / bucketMs) * bucketMs;
    if (!current || current.start !== bucket) {
      flush();
      current = { start: bucket, open: c.o, high: dec(c.h), low: dec(c.l), close: c.c, volume: dec(c.v) };
      continue;
    }
    if (dec(c.h).gt(current.high)) current.high = dec(c.h);
    if (dec(c.l).lt(current.low)) current.low = dec(c.l);
    current.close = c.c;
    current.volume = current.volume.add(c.v);
  }
  flush();
  return result;
};

/** Price a day ago (open of the first candle inside the window) and base volume traded within it. */
export const dayWindow = (candles: readonly MinuteCandle[], nowMs: number) => {
  const from = firstAtOrAfter(candles, nowMs - DAY_MS);
  let volume = ZERO;
  for (let i = from; i < candles.length; i++) volume = volume.add(candles[i]?.v ?? '0');
  return { openPrice: candles[from]?.o, volume };
};
