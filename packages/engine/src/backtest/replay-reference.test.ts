import { describe, expect, it } from 'vitest';
import { money, ROUND_FLOOR, ZERO } from '../money/money-decimal.ts';
import { planEpic } from '../plan/plan-epic.ts';
import { inputsFixture, productFixture } from '../testing/product.fixture.ts';
import { candlesFrom, type MinuteCandles } from './candles.ts';
import { type ReplaySetup, replayFrom } from './replay.ts';
import { decideCandle } from './replay-candle.ts';
import { buyLevel, markDrawdown, openPosition } from './replay-position.ts';
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

  it('finds the same events through both sides of an above-below ladder as deciding every candle', () => {
    const both: ReplaySetup = {
      ...setup,
      inputs: inputsFixture({
        dcaLevels: 5,
        direction: 'above-below',
        buySpread: '1',
        sellSpread: '2',
        stopSpread: '3',
      }),
    };
    const candles = seededWalk(3_000, 7);
    const outcomes = new Set<string>();
    let triggerBuys = 0;
    for (let start = 0; start < 2_900; start += 37) {
      const fast = replayFrom(candles, both, start);
      const slow = everyCandleDecided(candles, both, start);
      outcomes.add(fast.outcome);
      triggerBuys += fast.fills.filter((f) => f.level % 2 === 1 && f.level > 1).length;
      expect(fast.fills).toEqual(slow.fills);
      expect(fast.deepestDrawdown).toBe(slow.drawdown);
    }
    expect([...outcomes].sort()).toEqual(['closed', 'open', 'stopped']);
    expect(triggerBuys).toBeGreaterThan(10);
  });
});

/** The replay's candle rules (`decideCandle`) on every candle from the start: no scan, no thresholds. */
const everyCandleDecided = (candles: MinuteCandles, on: ReplaySetup, start: number) => {
  const tick = money(on.product.priceIncrement);
  const ask = quoteAt(gridPrice(candles.open[start] ?? 0, tick), on.halfSpreadBps, tick).ask;
  const fees = { maker: '0.004', taker: '0.006' };
  const planned = planEpic(on.inputs, on.product, ask.toFixed(), {
    makerFeeRate: fees.maker,
    takerFeeRate: fees.taker,
    advise: false,
  });
  if (!planned.ok) throw new Error('plan refused');
  // planEpic's own strings, read back: the replay's lean ladder (plan/ladder.ts) is checked against them here.
  const { plan } = planned;
  const levels = plan.levels.map((l) => ({ ...l, price: money(l.price), size: money(l.baseSize) }));
  const run = openPosition(
    {
      levels,
      stop: plan.stopPrice === null ? null : money(plan.stopPrice),
      sellFeeRate: money(plan.sellFeeRate),
    },
    {
      priceIncrement: tick,
      baseIncrement: money(on.product.baseIncrement),
      halfSpreadBps: on.halfSpreadBps,
      fees: { maker: money(fees.maker), taker: money(fees.taker) },
      sellSpread: money(on.inputs.sellSpread),
    },
  );
  const first = levels[0];
  if (!first) throw new Error('no levels');
  buyLevel(run, first, first.price, 'taker', candles.time[start] ?? 0);
  for (let i = start; i < candles.time.length; i++) {
    markDrawdown(run, candles.low[i] ?? Number.NaN);
    const outcome = decideCandle(candles, run, i, i !== start);
    if (outcome === 'closed' || outcome === 'stopped') break;
  }
  return { fills: run.fills, drawdown: run.drawdown.toDecimalPlaces(2, ROUND_FLOOR).toFixed(2) };
};
