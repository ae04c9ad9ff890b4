import { describe, expect, it } from 'vitest';
import { money, ROUND_FLOOR } from '../money/money-decimal.ts';
import { inputsFixture, productFixture } from '../testing/product.fixture.ts';
import { candlesFromPath } from './candles.ts';
import { replayRollingStarts, summarise } from './rolling-starts.ts';

const MINUTE = 60_000;
const setup = { inputs: inputsFixture({ stopSpread: null }), product: productFixture(), halfSpreadBps: 1 };

describe('replayRollingStarts', () => {
  it('starts one epic every step and sums up close rate, time to close, profit and the worst stuck start', () => {
    // Starts at minutes 0, 2, 4: the first closes at minute 2 (see replay.test.ts); the others never reach a take-profit.
    const { results, summary } = replayRollingStarts(
      candlesFromPath([100, 89.99, 96.87, 100, 100, 99], 0),
      setup,
      2 * MINUTE,
    );
    expect(results.map((r) => [r.startTime, r.outcome])).toEqual([
      [0, 'closed'],
      [2 * MINUTE, 'open'],
      [4 * MINUTE, 'open'],
    ]);
    expect(summary).toMatchObject({
      starts: 3,
      refused: 0,
      closed: 1,
      stopped: 0,
      open: 2,
      medianTimeToCloseMs: 2 * MINUTE,
      worstTimeToCloseMs: 2 * MINUTE,
      averageProfit: '16.44',
      returnOnCapital: money('16.44').div('358.63822284').toDecimalPlaces(6, ROUND_FLOOR).toFixed(),
    });
    expect(summary.closeRate).toBeCloseTo(1 / 3, 12);
    // At the last bid (98.99) start 2 (bought at 96.88) is above water and start 4 (bought at 100.01) under it.
    expect(summary.worstStuck?.startTime).toBe(4 * MINUTE);
  });

  it('shifts a start over a gap in the candles instead of dropping or repeating it', () => {
    const candles = candlesFromPath([100, 100, 100], 0);
    candles.time.set([0, 5 * MINUTE, 6 * MINUTE]);
    const { results } = replayRollingStarts(candles, setup, 2 * MINUTE);
    expect(results.map((r) => r.startTime)).toEqual([0, 5 * MINUTE, 6 * MINUTE]);
  });

  it('summarises nothing as zeros', () => {
    expect(summarise([])).toMatchObject({
      starts: 0,
      closeRate: 0,
      medianTimeToCloseMs: null,
      worstStuck: null,
    });
  });
});
