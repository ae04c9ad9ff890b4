import type { TLevelPlacement } from '@cdca/contracts';
import { decimalsOf, formatFixed } from '../money/format-fixed.ts';
import { type MoneyDecimal, ZERO } from '../money/money-decimal.ts';
import { takeProfitPrice } from '../position/take-profit-price.ts';
import { gridPrice, halfSpreadFraction, quoteAround } from './venue-quote.ts';

export type ReplayFill = {
  time: number;
  side: 'buy' | 'sell';
  /** The plan level a buy filled; 0 for a sell. */
  level: number;
  price: string;
  size: string;
  fee: string;
  liquidity: 'maker' | 'taker';
};

/**
 * What the replay reads of a planned level: the plan's decimals, not its display strings. `takeProfit` is the
 * plan's take-profit once levels 1 to this one have filled in order at their prices, when the planner gives it.
 */
export type ReplayLevel = {
  level: number;
  placement: TLevelPlacement;
  price: MoneyDecimal;
  size: MoneyDecimal;
  takeProfit?: MoneyDecimal;
};

/** The ladder a start trades: its levels, the stop and the fee rate its take-profit must clear. */
export type ReplayLadder = {
  levels: readonly ReplayLevel[];
  stop: MoneyDecimal | null;
  sellFeeRate: MoneyDecimal;
};

/**
 * One start's position, kept from its actual fills as the engine keeps a position
 * (docs/decisions/backtest-replay.md): levels below the market fill from the highest down, levels above it (engine
 * triggers) from the lowest up, in whatever interleaving the market makes, so "the plan filled down to level k" is
 * not enough; the take-profit is re-priced by the one rule (`takeProfitPrice`) from what was actually spent.
 */
export type ReplayPosition = {
  priceIncrement: MoneyDecimal;
  priceDecimals: number;
  baseDecimals: number;
  halfSpreadBps: number;
  /** The same as a fraction of the price, made once. */
  halfSpread: MoneyDecimal;
  fees: { maker: MoneyDecimal; taker: MoneyDecimal };
  sellSpread: MoneyDecimal;
  sellFeeRate: MoneyDecimal;
  /** Resting levels under the market, highest price first: the next to fill is `below[nextBelow]`. */
  below: ReplayLevel[];
  nextBelow: number;
  /** Trigger levels over the market, lowest price first: the next to fire is `above[nextAbove]`. */
  above: ReplayLevel[];
  nextAbove: number;
  filled: number;
  /** Every buy so far was the next plan level, at its plan price and the plan's fee: the plan's take-profit holds. */
  inPlanOrder: boolean;
  /** The last float priced by `quoteOfLast` and its quote: a candle's low is asked for several times. */
  quoted: { last: number; quote: { bid: MoneyDecimal; ask: MoneyDecimal } } | null;
  /** Quote paid for buys, fees included; base bought. */
  spent: MoneyDecimal;
  bought: MoneyDecimal;
  takeProfit: MoneyDecimal;
  stop: MoneyDecimal | null;
  drawdown: MoneyDecimal;
  fills: ReplayFill[];
  takeProfits: string[];
};

export const openPosition = (
  ladder: ReplayLadder,
  setup: {
    priceIncrement: MoneyDecimal;
    baseIncrement: MoneyDecimal;
    halfSpreadBps: number;
    fees: { maker: MoneyDecimal; taker: MoneyDecimal };
    sellSpread: MoneyDecimal;
  },
): ReplayPosition => ({
  priceIncrement: setup.priceIncrement,
  priceDecimals: decimalsOf(setup.priceIncrement),
  baseDecimals: decimalsOf(setup.baseIncrement),
  halfSpreadBps: setup.halfSpreadBps,
  halfSpread: halfSpreadFraction(setup.halfSpreadBps),
  fees: setup.fees,
  sellSpread: setup.sellSpread,
  sellFeeRate: ladder.sellFeeRate,
  below: ladder.levels.filter((l) => l.placement === 'resting').sort((a, b) => b.price.comparedTo(a.price)),
  nextBelow: 0,
  above: ladder.levels.filter((l) => l.placement === 'trigger').sort((a, b) => a.price.comparedTo(b.price)),
  nextAbove: 0,
  filled: 0,
  inPlanOrder: true,
  quoted: null,
  spent: ZERO,
  bought: ZERO,
  takeProfit: ZERO,
  stop: ladder.stop,
  drawdown: ZERO,
  fills: [],
  takeProfits: [],
});

export const nextBelow = (run: ReplayPosition) => run.below[run.nextBelow];
export const nextAbove = (run: ReplayPosition) => run.above[run.nextAbove];

/** The venue's quote around a candle's float price (or a decimal last price). */
export const quoteOfLast = (run: ReplayPosition, last: number | MoneyDecimal) => {
  if (typeof last !== 'number') return quoteAround(last, run.halfSpread, run.priceIncrement);
  if (run.quoted?.last === last) return run.quoted.quote;
  const quote = quoteAround(gridPrice(last, run.priceIncrement), run.halfSpread, run.priceIncrement);
  run.quoted = { last, quote };
  return quote;
};

/**
 * The plan's fee on each level: taker for level 1 and triggers, maker for resting levels (plan/build-levels.ts).
 * A buy at the plan's price with that fee, in level order, spends exactly what the plan counted.
 */
const asPlanned = (
  run: ReplayPosition,
  level: ReplayLevel,
  price: MoneyDecimal,
  liquidity: 'maker' | 'taker',
) =>
  run.inPlanOrder &&
  level.level === run.filled + 1 &&
  price.eq(level.price) &&
  liquidity === (level.placement === 'resting' ? 'maker' : 'taker');

/**
 * Books a buy of `level` at `price` (the paper venue's fee: value × rate) and re-prices the take-profit from
 * everything bought so far, as the engine does after each buy fill (packages/engine/src/position/take-profit.ts).
 */
export const buyLevel = (
  run: ReplayPosition,
  level: ReplayLevel,
  price: MoneyDecimal,
  liquidity: 'maker' | 'taker',
  time: number,
) => {
  const { size } = level;
  const value = size.mul(price);
  const fee = value.mul(liquidity === 'maker' ? run.fees.maker : run.fees.taker);
  run.fills.push({
    time,
    side: 'buy',
    level: level.level,
    price: formatFixed(price, run.priceDecimals),
    size: formatFixed(size, run.baseDecimals),
    fee: fee.toFixed(),
    liquidity,
  });
  run.inPlanOrder = asPlanned(run, level, price, liquidity);
  run.filled += 1;
  run.spent = run.spent.plus(value).plus(fee);
  run.bought = run.bought.plus(size);
  // In plan order the position is the plan's "filled down to this level", whose take-profit the planner already
  // priced by the same rule; otherwise price it from the fills.
  run.takeProfit =
    run.inPlanOrder && level.takeProfit
      ? level.takeProfit
      : takeProfitPrice({
          quoteSpent: run.spent,
          bought: run.bought,
          sellSpread: run.sellSpread,
          sellFeeRate: run.sellFeeRate,
          priceIncrement: run.priceIncrement,
        }).price;
  run.takeProfits.push(formatFixed(run.takeProfit, run.priceDecimals));
};

/** Sells everything held (the take-profit, or the stop's market sale). */
export const sellAll = (
  run: ReplayPosition,
  price: MoneyDecimal,
  liquidity: 'maker' | 'taker',
  time: number,
) => {
  run.fills.push({
    time,
    side: 'sell',
    level: 0,
    price: formatFixed(price, run.priceDecimals),
    size: run.bought.toFixed(),
    fee: run.bought
      .mul(price)
      .mul(liquidity === 'maker' ? run.fees.maker : run.fees.taker)
      .toFixed(),
    liquidity,
  });
};

/** Held × the bid at `last` − what was spent: the position marked to the market. */
export const unrealised = (run: ReplayPosition, last: number) =>
  run.bought.mul(quoteOfLast(run, last).bid).minus(run.spent);

/** Keeps the deepest mark under water seen so far. */
export const markDrawdown = (run: ReplayPosition, minLow: number) => {
  if (!Number.isFinite(minLow)) return;
  const value = unrealised(run, minLow);
  if (value.lt(run.drawdown)) run.drawdown = value;
};
