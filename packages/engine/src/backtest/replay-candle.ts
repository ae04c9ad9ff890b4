import { type MoneyDecimal, ROUND_FLOOR } from '../money/money-decimal.ts';
import type { MinuteCandles } from './candles.ts';
import {
  buyLevel,
  markDrawdown,
  nextAbove,
  nextBelow,
  quoteOfLast,
  type ReplayPosition,
  sellAll,
} from './replay-position.ts';
import { gridPrice } from './venue-quote.ts';

export type CandleOutcome = 'bought' | 'stopped' | 'closed' | 'none';

/** What the way up did: trigger buys, and the bid a re-priced take-profit sold at, if it did. */
type Rising = { bought: boolean; sellAt?: MoneyDecimal };

/**
 * Decides one candle in decimals (docs/decisions/backtest-replay.md). OHLC hides the order of what happened inside
 * a minute, so where it matters the order least kind to the trader is taken:
 * 1. resting levels the low's ask reaches fill at their price, maker;
 * 2. trigger levels the high's ask reaches fire in price order, each bought as a taker at the ask where the rising
 *    market crossed it (the open's, when the market opened past it), except those a live take-profit meets first
 *    on the way up; a take-profit a trigger buy re-prices under the bid of that moment sells at once at that bid;
 * 3. the stop sells everything at the low's bid, taker;
 * 4. on a candle without buys, a live take-profit the high's bid reaches sells at its price, maker.
 * `takeProfitLive` is false for the start candle: the take-profit is placed after the opening buy.
 */
export const decideCandle = (
  candles: MinuteCandles,
  run: ReplayPosition,
  at: number,
  takeProfitLive: boolean,
): CandleOutcome => {
  const time = candles.time[at] ?? Number.NaN;
  const lowBuys = buyRestingLevels(candles, run, at, time);
  // Most ladders have no level above the market, or none left: then nothing fires on the way up.
  const rising: Rising = nextAbove(run)
    ? fireTriggers(candles, run, at, time, takeProfitLive && !lowBuys)
    : { bought: false };
  const bought = lowBuys || rising.bought;
  if (bought) markDrawdown(run, candles.low[at] ?? Number.NaN);
  if (stopAt(candles, run, at)) return 'stopped';
  if (rising.sellAt) {
    sellAll(run, rising.sellAt, 'taker', time);
    return 'closed';
  }
  if (bought) return 'bought';
  if (!takeProfitLive) return 'none';
  if (quoteOfLast(run, candles.high[at] ?? 0).bid.lt(run.takeProfit)) return 'none';
  sellAll(run, run.takeProfit, 'maker', time);
  return 'closed';
};

/** Step 1: post-only buys rest at their limit and fill there when the ask falls to them. */
const buyRestingLevels = (candles: MinuteCandles, run: ReplayPosition, at: number, time: number) => {
  const { ask } = quoteOfLast(run, candles.low[at] ?? 0);
  let bought = false;
  for (let next = nextBelow(run); next?.price.gte(ask); next = nextBelow(run)) {
    buyLevel(run, next, next.price, 'maker', time);
    run.nextBelow += 1;
    bought = true;
  }
  return bought;
};

/**
 * Step 2. The engine fires a trigger on the first quote whose ask reaches it and buys with a limit at that ask
 * (apps/server/src/engine/steps/active-steps.ts), which the venue fills at once at the touch.
 */
const fireTriggers = (
  candles: MinuteCandles,
  run: ReplayPosition,
  at: number,
  time: number,
  takeProfitLive: boolean,
): Rising => {
  const open = gridPrice(candles.open[at] ?? 0, run.priceIncrement);
  const high = gridPrice(candles.high[at] ?? 0, run.priceIncrement);
  const highAsk = quoteOfLast(run, high).ask;
  // Where a live take-profit sells on the way up; a trigger at or past that point never fires.
  const takeProfitAt =
    takeProfitLive && quoteOfLast(run, high).bid.gte(run.takeProfit)
      ? crossingLast(run, open, (last) => quoteOfLast(run, last).bid.gte(run.takeProfit))
      : null;
  let bought = false;
  for (let next = nextAbove(run); next && highAsk.gte(next.price); next = nextAbove(run)) {
    const { price } = next;
    const fireAt = crossingLast(run, open, (last) => quoteOfLast(run, last).ask.gte(price));
    if (takeProfitAt && !fireAt.lt(takeProfitAt)) break;
    const { ask, bid } = quoteOfLast(run, fireAt);
    buyLevel(run, next, ask, 'taker', time);
    run.nextAbove += 1;
    bought = true;
    if (bid.gte(run.takeProfit)) return { bought, sellAt: bid };
  }
  return { bought };
};

/**
 * The last price at which a market rising from `open` one tick at a time first meets `reached`: the open itself
 * when it already does. The quote is monotonic in the last price, so a step from a close guess settles in a few
 * ticks.
 */
const crossingLast = (
  run: ReplayPosition,
  open: MoneyDecimal,
  reached: (last: MoneyDecimal) => boolean,
): MoneyDecimal => {
  if (reached(open)) return open;
  const tick = run.priceIncrement;
  let low = open;
  let step = tick;
  let high = open.plus(step);
  while (!reached(high)) {
    low = high;
    step = step.mul(2);
    high = high.plus(step);
  }
  // reached(high) and not reached(low): halve on the grid.
  while (high.minus(low).gt(tick)) {
    const mid = low.plus(high).div(2).toNearest(tick, ROUND_FLOOR);
    const probe = mid.lte(low) ? low.plus(tick) : mid.gte(high) ? high.minus(tick) : mid;
    if (reached(probe)) high = probe;
    else low = probe;
  }
  return high;
};

/** Step 3: the stop fires when the bid falls to it (packages/engine/src/triggers/trigger-book.ts) and sells at the bid. */
const stopAt = (candles: MinuteCandles, run: ReplayPosition, at: number): boolean => {
  if (!run.stop) return false;
  const { bid } = quoteOfLast(run, candles.low[at] ?? 0);
  if (bid.gt(run.stop)) return false;
  sellAll(run, bid, 'taker', candles.time[at] ?? Number.NaN);
  return true;
};
