import type { TCandleSeries } from '@cdca/contracts';
import type { MinuteCandles } from './candles.ts';

/** Candles as the API sends them (contracts `ZCandleSeries`), with the volume the replay does not read. */
export type CandleColumns = MinuteCandles & { volume: Float32Array };

type Base64Decoder = { fromBase64?: (text: string) => Uint8Array };

/** Bytes of standard base64: the platform's own decoder where it has one (newer browsers), else `atob`. */
const bytesOf = (text: string): Uint8Array => {
  const native = (Uint8Array as unknown as Base64Decoder).fromBase64;
  if (native) return native(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

/** A fresh, aligned buffer: a view of another array's bytes may start at an offset a Float64Array cannot. */
const bufferOf = (text: string): ArrayBuffer => {
  const bytes = bytesOf(text);
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
};

const prices = (series: TCandleSeries, text: string): Float64Array => {
  if (series.priceFormat === 'float64') return new Float64Array(bufferOf(text), 0, series.count);
  const ticks = new Int32Array(bufferOf(text), 0, series.count);
  const out = new Float64Array(series.count);
  // Dividing an integer by an exact power of ten rounds once: 9700001 / 100 is the float nearest 97000.01.
  const scale = 10 ** series.priceScale;
  for (let i = 0; i < ticks.length; i++) out[i] = (ticks[i] as number) / scale;
  return out;
};

/**
 * The API's compact candles (docs/decisions/candle-store.md) as the typed arrays the replay scans: one decode per
 * column, no object per candle.
 */
export const decodeCandleSeries = (series: TCandleSeries): CandleColumns => {
  const buckets = new Int32Array(bufferOf(series.columns.time), 0, series.count);
  const time = new Float64Array(series.count);
  for (let i = 0; i < buckets.length; i++) time[i] = series.from + (buckets[i] as number) * series.stepMs;
  return {
    time,
    open: prices(series, series.columns.open),
    high: prices(series, series.columns.high),
    low: prices(series, series.columns.low),
    close: prices(series, series.columns.close),
    volume: new Float32Array(bufferOf(series.columns.volume), 0, series.count),
  };
};
