import type { TCandleSeries } from '@cdca/contracts';
import type { CandleColumns } from '@cdca/engine';
import { gridScale } from './candle-day-codec.ts';

/**
 * Minute candles rolled up into buckets of `stepMs` aligned on the epoch (hours, UTC days): derived on read from
 * the minutes, as measured cheaper than storing them (docs/decisions/candle-store.md).
 */
export const rollUp = (minutes: CandleColumns, stepMs: number): CandleColumns => {
  const count = minutes.time.length;
  const out: CandleColumns = {
    time: new Float64Array(count),
    open: new Float64Array(count),
    high: new Float64Array(count),
    low: new Float64Array(count),
    close: new Float64Array(count),
    volume: new Float32Array(count),
  };
  let k = -1;
  let bucket = Number.NaN;
  for (let i = 0; i < count; i++) {
    const start = Math.floor((minutes.time[i] ?? 0) / stepMs) * stepMs;
    const high = minutes.high[i] ?? 0;
    const low = minutes.low[i] ?? 0;
    if (start !== bucket) {
      k++;
      bucket = start;
      out.time[k] = start;
      out.open[k] = minutes.open[i] ?? 0;
      out.high[k] = high;
      out.low[k] = low;
      out.volume[k] = 0;
    }
    if (high > (out.high[k] ?? 0)) out.high[k] = high;
    if (low < (out.low[k] ?? 0)) out.low[k] = low;
    out.close[k] = minutes.close[i] ?? 0;
    out.volume[k] = (out.volume[k] ?? 0) + (minutes.volume[i] ?? 0);
  }
  const n = k + 1;
  return {
    time: out.time.subarray(0, n),
    open: out.open.subarray(0, n),
    high: out.high.subarray(0, n),
    low: out.low.subarray(0, n),
    close: out.close.subarray(0, n),
    volume: out.volume.subarray(0, n),
  };
};

const base64 = (array: ArrayBufferView) =>
  Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('base64');

/** The columns in the contract's wire form (contracts `ZCandleSeries`): Int32 grid prices where they fit. */
export const toWireColumns = (
  candles: CandleColumns,
  fromMs: number,
  stepMs: number,
  priceDecimals: number,
): Pick<TCandleSeries, 'count' | 'priceFormat' | 'priceScale' | 'columns'> => {
  const prices = [candles.open, candles.high, candles.low, candles.close];
  const scale = gridScale(prices, priceDecimals);
  const encodePrices = (column: Float64Array) => {
    if (scale === undefined) return base64(column);
    const factor = 10 ** scale;
    return base64(Int32Array.from(column, (price) => Math.round(price * factor)));
  };
  return {
    count: candles.time.length,
    priceFormat: scale === undefined ? 'float64' : 'int32',
    priceScale: scale ?? 0,
    columns: {
      time: base64(Int32Array.from(candles.time, (t) => Math.round((t - fromMs) / stepMs))),
      open: encodePrices(candles.open),
      high: encodePrices(candles.high),
      low: encodePrices(candles.low),
      close: encodePrices(candles.close),
      volume: base64(candles.volume),
    },
  };
};
