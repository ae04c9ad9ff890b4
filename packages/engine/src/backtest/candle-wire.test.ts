import type { TCandleSeries } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import { decodeCandleSeries } from './candle-wire.ts';

const base64 = (array: ArrayBufferView) =>
  Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('base64');

const series = (overrides: Partial<TCandleSeries>): TCandleSeries => ({
  coinId: '00000000-0000-4000-8000-000000000000',
  productId: 'BTC-USD',
  window: '30d',
  granularity: '1h',
  stepMs: 3_600_000,
  from: Date.UTC(2026, 10, 1),
  to: Date.UTC(2026, 11, 1),
  heldFrom: Date.UTC(2026, 10, 1),
  complete: true,
  count: 3,
  priceFormat: 'int32',
  priceScale: 2,
  columns: {
    time: base64(Int32Array.from([0, 1, 5])),
    open: base64(Int32Array.from([9_700_001, 9_700_500, 9_650_000])),
    high: base64(Int32Array.from([9_701_000, 9_702_000, 9_660_000])),
    low: base64(Int32Array.from([9_699_999, 9_690_000, 9_640_000])),
    close: base64(Int32Array.from([9_700_500, 9_695_000, 9_655_555])),
    volume: base64(Float32Array.from([1.5, 0.25, 3])),
  },
  ...overrides,
});

describe('candles from the API', () => {
  it('turns grid prices into the nearest floats and bucket numbers into times, gaps kept', () => {
    const candles = decodeCandleSeries(series({}));
    const from = Date.UTC(2026, 10, 1);
    expect(Array.from(candles.time)).toEqual([from, from + 3_600_000, from + 5 * 3_600_000]);
    expect(Array.from(candles.open)).toEqual([97_000.01, 97_005, 96_500]);
    expect(Array.from(candles.close)).toEqual([97_005, 96_950, 96_555.55]);
    expect(Array.from(candles.volume)).toEqual([1.5, 0.25, 3]);
  });

  it('reads Float64 prices as they are', () => {
    const prices = Float64Array.from([0.123456789, 0.2, 0.3]);
    const candles = decodeCandleSeries(
      series({
        priceFormat: 'float64',
        priceScale: 0,
        columns: {
          ...series({}).columns,
          open: base64(prices),
          high: base64(prices),
          low: base64(prices),
          close: base64(prices),
        },
      }),
    );
    expect(Array.from(candles.low)).toEqual([0.123456789, 0.2, 0.3]);
  });

  it('decodes an empty window', () => {
    const empty = base64(new Int32Array(0));
    const candles = decodeCandleSeries(
      series({
        count: 0,
        columns: { time: empty, open: empty, high: empty, low: empty, close: empty, volume: empty },
      }),
    );
    expect(candles.time).toHaveLength(0);
  });
});
