import { describe, expect, it } from 'vitest';
import { generatePastCandles } from './past-candles.ts';

const year = {
  seed: 1,
  productId: 'BTC-USD',
  endMs: Date.UTC(2026, 10, 1),
  minutes: 525_600,
  endPrice: 97_000.01,
};

describe('the paper market past', () => {
  it('ends at the price it joins, one candle a minute, every candle containing its open and close', () => {
    const past = generatePastCandles(year);
    expect(past.time.length).toBe(525_600);
    expect(past.time.at(-1)).toBe(year.endMs - 60_000);
    expect(past.close.at(-1)).toBe(97_000.01);
    for (let i = 0; i < past.time.length; i++) {
      const [o, h, l, c] = [past.open[i] ?? 0, past.high[i] ?? 0, past.low[i] ?? 0, past.close[i] ?? 0];
      if (!(l <= Math.min(o, c) && h >= Math.max(o, c) && l > 0)) throw new Error(`candle ${i} is malformed`);
      if (i > 0 && o !== past.close[i - 1]) throw new Error(`candle ${i} does not open at the last close`);
      // On the 0.01 grid as the nearest float: the replay snaps prices to the grid from these.
      if (Math.round(c * 100) / 100 !== c) throw new Error(`close ${c} is off the grid`);
    }
  });

  it('is the same for the same seed, product and end, and differs for another seed', () => {
    const a = generatePastCandles({ ...year, minutes: 1440 });
    const b = generatePastCandles({ ...year, minutes: 1440 });
    const c = generatePastCandles({ ...year, minutes: 1440, seed: 2 });
    expect(b.close).toEqual(a.close);
    expect(c.close).not.toEqual(a.close);
  });

  it('moves like the live walk: a day of minutes spans roughly the catalogue volatility', () => {
    const past = generatePastCandles(year);
    const dailyLogReturns: number[] = [];
    for (let i = 1440; i < past.close.length; i += 1440) {
      dailyLogReturns.push(Math.log((past.close[i] ?? 1) / (past.close[i - 1440] ?? 1)));
    }
    const sd = Math.sqrt(dailyLogReturns.reduce((s, r) => s + r * r, 0) / dailyLogReturns.length);
    // BTC's catalogue volatility is a few percent a day; a flat or exploding walk would be far off.
    expect(sd).toBeGreaterThan(0.005);
    expect(sd).toBeLessThan(0.1);
  });
});
