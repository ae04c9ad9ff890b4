import { describe, expect, it } from 'vitest';
import { type DayCandles, decodeDay, emptyDay, encodeDay, mergeDays } from './candle-day-codec.ts';

const day = (rows: [number, number, number, number, number, number][]): DayCandles => {
  const d = emptyDay(rows.length);
  rows.forEach(([m, o, h, l, c, v], i) => {
    d.minute[i] = m;
    d.open[i] = o;
    d.high[i] = h;
    d.low[i] = l;
    d.close[i] = c;
    d.volume[i] = v;
  });
  return d;
};

describe('a packed day of candles', () => {
  it('gives back exactly the prices on the grid, with the minutes that traded', () => {
    const btc = day([
      [0, 97000.01, 97010.5, 96990, 97005.99, 1.5],
      [1, 97005.99, 97006, 97000.01, 97000.01, 0.25],
      [7, 96000.12, 96000.12, 95999.99, 96000, 3],
    ]);
    expect(decodeDay(encodeDay(btc, 2))).toEqual(btc);
  });

  it('falls back to Float64 for prices off the grid or beyond an Int32 of steps', () => {
    const off = day([[5, 0.123456789, 0.2, 0.1, 0.15, 1]]);
    expect(decodeDay(encodeDay(off, 2))).toEqual(off);
    const huge = day([[5, 30_000_000.12345678, 30_000_001, 29_999_999, 30_000_000, 1]]);
    expect(decodeDay(encodeDay(huge, 8))).toEqual(huge);
  });

  it('packs a full day of a random walk in a fraction of its plain Float64 size', () => {
    const full = emptyDay(1440);
    let price = 9_700_000;
    for (let i = 0; i < 1440; i++) {
      const next = price + Math.round(Math.sin(i * 1.7) * 300);
      full.minute[i] = i;
      full.open[i] = price / 100;
      full.close[i] = next / 100;
      full.high[i] = (Math.max(price, next) + 50) / 100;
      full.low[i] = (Math.min(price, next) - 40) / 100;
      full.volume[i] = 0.5 + (i % 7);
      price = next;
    }
    const packed = encodeDay(full, 2);
    expect(decodeDay(packed)).toEqual(full);
    expect(packed.length).toBeLessThan((1440 * (2 + 5 * 8)) / 3);
  });

  it('merges a later answer over the stored minutes, in minute order', () => {
    const stored = day([
      [1, 1, 1, 1, 1, 1],
      [3, 3, 3, 3, 3, 3],
    ]);
    const later = day([
      [3, 4, 4, 4, 4, 4],
      [2, 2, 2, 2, 2, 2],
    ]);
    expect(Array.from(mergeDays(stored, later).minute)).toEqual([1, 2, 3]);
    expect(Array.from(mergeDays(stored, later).close)).toEqual([1, 2, 4]);
  });
});
