import type { CandleColumns } from '@cdca/engine';
import type { Candle } from '@cdca/exchange';
import { type DayCandles, emptyDay } from './candle-day-codec.ts';
import { DAY_MS, dayOf } from './candles.repository.ts';

export const MINUTE_MS = 60_000;

/** Columns cut into UTC days, ready for `writeDays`. `time` must be ascending whole minutes. */
export const daysOfColumns = (columns: CandleColumns): Map<string, DayCandles> => {
  const days = new Map<string, DayCandles>();
  let start = 0;
  const count = columns.time.length;
  while (start < count) {
    const dayStart = Math.floor((columns.time[start] ?? 0) / DAY_MS) * DAY_MS;
    let end = start;
    while (end < count && (columns.time[end] ?? 0) < dayStart + DAY_MS) end++;
    const day = emptyDay(end - start);
    for (let i = start; i < end; i++) {
      const k = i - start;
      day.minute[k] = ((columns.time[i] ?? 0) - dayStart) / MINUTE_MS;
      day.open[k] = columns.open[i] ?? 0;
      day.high[k] = columns.high[i] ?? 0;
      day.low[k] = columns.low[i] ?? 0;
      day.close[k] = columns.close[i] ?? 0;
      day.volume[k] = columns.volume[i] ?? 0;
    }
    days.set(dayOf(dayStart), day);
    start = end;
  }
  return days;
};

/** A venue's candles (decimal strings, one object each) as columns: the last place a candle is an object. */
export const columnsOfCandles = (candles: readonly Candle[]): CandleColumns => ({
  time: Float64Array.from(candles, (c) => c.start.getTime()),
  open: Float64Array.from(candles, (c) => Number(c.open)),
  high: Float64Array.from(candles, (c) => Number(c.high)),
  low: Float64Array.from(candles, (c) => Number(c.low)),
  close: Float64Array.from(candles, (c) => Number(c.close)),
  volume: Float32Array.from(candles, (c) => Number(c.volume)),
});

/** Stored days joined into one set of columns between `fromMs` (inclusive) and `toMs` (exclusive). */
export const columnsOfDays = (
  days: readonly { day: string; candles: DayCandles }[],
  fromMs: number,
  toMs: number,
): CandleColumns => {
  let total = 0;
  for (const { candles } of days) total += candles.minute.length;
  const out: CandleColumns = {
    time: new Float64Array(total),
    open: new Float64Array(total),
    high: new Float64Array(total),
    low: new Float64Array(total),
    close: new Float64Array(total),
    volume: new Float32Array(total),
  };
  let k = 0;
  for (const { day, candles } of days) {
    const dayStart = Date.parse(`${day}T00:00:00Z`);
    for (let i = 0; i < candles.minute.length; i++) {
      const time = dayStart + (candles.minute[i] ?? 0) * MINUTE_MS;
      if (time < fromMs || time >= toMs) continue;
      out.time[k] = time;
      out.open[k] = candles.open[i] ?? 0;
      out.high[k] = candles.high[i] ?? 0;
      out.low[k] = candles.low[i] ?? 0;
      out.close[k] = candles.close[i] ?? 0;
      out.volume[k] = candles.volume[i] ?? 0;
      k++;
    }
  }
  return {
    time: out.time.subarray(0, k),
    open: out.open.subarray(0, k),
    high: out.high.subarray(0, k),
    low: out.low.subarray(0, k),
    close: out.close.subarray(0, k),
    volume: out.volume.subarray(0, k),
  };
};
