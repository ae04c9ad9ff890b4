import { describe, expect, it } from 'vitest';
import { money, ROUND_FLOOR, ZERO } from '../money/money-decimal.ts';
import { planEpic } from '../plan/plan-epic.ts';
import { inputsFixture, productFixture } from '../testing/product.fixture.ts';
import { candlesFrom, type MinuteCandles } from './candles.ts';
import { type ReplaySetup, replayFrom } from './replay.ts';
import { gridPrice, quoteAt } from './venue-quote.ts';

/**
 * The float scan's thresholds are shortcuts (docs/decisions/backtest-replay.md); this checks them against the rules
 * applied to every candle in decimals, over a seeded walk busy enough to fill levels, stop and close many times.
 */
const setup: ReplaySetup = {
  inputs: inputsFixture({ dcaLevels: 4, buySpread: '1.5', sellSpread: '1', stopSpread: '3' }),
  product: productFixture(),
  halfSpreadBps: 5,
};

const seededWalk = (count: number, seed: number): MinuteCandles => {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const grid = (p: number) => Math.round(p * 100) / 100;
  let price = 100;
  return candlesFrom(
    Array.from({ length: count }, (_, i) => {
      const open = price;
      const close = grid(open * (1 + (random() - 0.5) * 0.006));
      price = close;
      return {
        time: i * 60_000,
        open,
        close,
        high: grid(Math.max(open, close) * (1 + random() * 0.002)),
        low: grid(Math.min(open, close) * (1 - random() * 0.002)),
      };
    }),
  );
};

/** Every candle in decimals: buys at the low's ask, then the stop at the low's bid, then the take-profit at the high's bid. */
const candleByCandle = (candles: MinuteCandles, start: number) => {
  const tick = money(setup.product.priceIncrement);
  const at = (value: number) => quoteAt(gridPrice(value, tick), setup.halfSpreadBps, tick);
  const planned = planEpic(setup.inputs, setup.product, at(candles.open[start] ?? 0).ask.toFixed(), {
    advise: false,
  });
  if (!planned.ok) throw new Error('plan refused');
  const { levels, stopPrice } = planned.plan;
  let filled = 1;
  let drawdown = ZERO;
  const mark = (low: number) => {
    const level = levels[filled - 1];
    if (!level) return;
    const value = money(level.cumulativeSize)
      .mul(at(low).bid)
      .minus(money(level.cumulativeCost).plus(level.cumulativeFees));
    if (value.lt(drawdown)) drawdown = value;
  };
  for (let i = start; i < candles.time.length; i++) {
    const low = candles.low[i] ?? 0;
    mark(low);
    let bought = i === start;
    while (levels[filled] && money(levels[filled]?.price ?? 0).gte(at(low).ask)) {
      filled++;
      bought = true;
    }
    mark(low);
    const cents = drawdown.toDecimalPlaces(2, ROUND_FLOOR).toFixed(2);
    if (stopPrice && at(low).bid.lte(stopPrice)) return { outcome: 'stopped', i, filled, drawdown: cents };
    if (!bought && at(candles.high[i] ?? 0).bid.gte(levels[filled - 1]?.takeProfitPrice ?? Number.NaN)) {
      return { outcome: 'closed', i, filled, drawdown: cents };
    }
  }
  return { outcome: 'open', i: null, filled, drawdown: drawdown.toDecimalPlaces(2, ROUND_FLOOR).toFixed(2) };
};

describe('replayFrom against a candle-by-candle decimal replay', () => {
  it('finds the same events, levels and drawdown from every 37th minute of a busy walk', () => {
    const candles = seededWalk(3_000, 18);
    const outcomes = new Set<string>();
    for (let start = 0; start < 2_900; start += 37) {
      const fast = replayFrom(candles, setup, start);
      const slow = candleByCandle(candles, start);
      outcomes.add(fast.outcome);
      expect({
        outcome: fast.outcome,
        i: fast.endTime === null ? null : fast.endTime / 60_000,
        filled: fast.levelsUsed,
        drawdown: fast.deepestDrawdown,
      }).toEqual(slow);
    }
    expect([...outcomes].sort()).toEqual(['closed', 'open', 'stopped']);
  });
});
