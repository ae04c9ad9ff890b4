/**
 * Minute candles held column-wise in typed arrays (docs/decisions/backtest-replay.md): a year of 1-minute candles
 * is 525,600 rows, and a replay scans them between a handful of fills, so they stay plain numbers, not decimals.
 * Prices are the venue's last-trade prices (the paper venue records its candles from `last`:
 * packages/exchange/src/paper/minute-candles.ts); bid and ask are derived from them (venue-quote.ts).
 */
export type MinuteCandles = {
  /** Start of each minute, epoch ms, ascending. */
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
};

/** Candles from plain rows; handy for tests and small windows. */
export const candlesFrom = (
  rows: readonly { time: number; open: number; high: number; low: number; close: number }[],
): MinuteCandles => ({
  time: Float64Array.from(rows, (r) => r.time),
  open: Float64Array.from(rows, (r) => r.open),
  high: Float64Array.from(rows, (r) => r.high),
  low: Float64Array.from(rows, (r) => r.low),
  close: Float64Array.from(rows, (r) => r.close),
});

/** One candle per price of a path, one minute apart, open = high = low = close: how a scripted path is replayed. */
export const candlesFromPath = (prices: readonly number[], startMs: number): MinuteCandles =>
  candlesFrom(prices.map((p, i) => ({ time: startMs + i * 60_000, open: p, high: p, low: p, close: p })));

/** The first index whose time is at or after `timeMs` (binary search; `time` is ascending). */
export const indexAtOrAfter = (candles: MinuteCandles, timeMs: number): number => {
  let lo = 0;
  let hi = candles.time.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((candles.time[mid] ?? 0) < timeMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};
