import type { TEpicPlan, TEpicPlanLevel } from '@cdca/contracts';
import { decimalsOf, formatFixed } from '../money/format-fixed.ts';
import { type MoneyDecimal, money, ZERO } from '../money/money-decimal.ts';
import { takeProfitPrice } from '../position/take-profit-price.ts';
import { gridPrice, quoteAt } from './venue-quote.ts';

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
 * One start's position, kept from its actual fills as the engine keeps a position
 * (docs/decisions/backtest-replay.md): levels below the market fill from the highest down, levels above it (engine
 * triggers) from the lowest up, in whatever interleaving the market makes, so "the plan filled down to level k" is
 * not enough; the take-profit is re-priced by the one rule (`takeProfitPrice`) from what was actually spent.
 */
export type ReplayPosition = {
  plan: TEpicPlan;
  priceIncrement: MoneyDecimal;
  priceDecimals: number;
  halfSpreadBps: number;
  fees: { maker: string; taker: string };
  sellSpread: MoneyDecimal;
  /** Resting levels under the market, highest price first: the next to fill is `below[nextBelow]`. */
  below: TEpicPlanLevel[];
  nextBelow: number;
  /** Trigger levels over the market, lowest price first: the next to fire is `above[nextAbove]`. */
  above: TEpicPlanLevel[];
  nextAbove: number;
  filled: number;
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
  plan: TEpicPlan,
  setup: {
    priceIncrement: MoneyDecimal;
    halfSpreadBps: number;
    fees: { maker: string; taker: string };
    sellSpread: string;
  },
): ReplayPosition => ({
  plan,
  priceIncrement: setup.priceIncrement,
  priceDecimals: decimalsOf(setup.priceIncrement),
  halfSpreadBps: setup.halfSpreadBps,
  fees: setup.fees,
  sellSpread: money(setup.sellSpread),
  below: plan.levels
    .filter((l) => l.placement === 'resting')
    .sort((a, b) => money(b.price).comparedTo(a.price)),
  nextBelow: 0,
  above: plan.levels
    .filter((l) => l.placement === 'trigger')
    .sort((a, b) => money(a.price).comparedTo(b.price)),
  nextAbove: 0,
  filled: 0,
  spent: ZERO,
  bought: ZERO,
  takeProfit: ZERO,
  stop: plan.stopPrice === null ? null : money(plan.stopPrice),
  drawdown: ZERO,
  fills: [],
  takeProfits: [],
});

export const nextBelow = (run: ReplayPosition) => run.below[run.nextBelow];
export const nextAbove = (run: ReplayPosition) => run.above[run.nextAbove];

/** The venue's quote around a candle's float price. */
export const quoteOfLast = (run: ReplayPosition, last: number | MoneyDecimal) =>
  quoteAt(
    typeof last === 'number' ? gridPrice(last, run.priceIncrement) : last,
    run.halfSpreadBps,
    run.priceIncrement,
  );

/**
 * Books a buy of `level` at `price` (the paper venue's fee: value × rate) and re-prices the take-profit from
 * everything bought so far, as the engine does after each buy fill (packages/engine/src/position/take-profit.ts).
 */
export const buyLevel = (
  run: ReplayPosition,
  level: TEpicPlanLevel,
  price: MoneyDecimal,
  liquidity: 'maker' | 'taker',
  time: number,
) => {
  const size = money(level.baseSize);
  const value = size.mul(price);
  const fee = value.mul(liquidity === 'maker' ? run.fees.maker : run.fees.taker);
  run.fills.push({
    time,
    side: 'buy',
    level: level.level,
    price: formatFixed(price, run.priceDecimals),
    size: level.baseSize,
    fee: fee.toFixed(),
    liquidity,
  });
  run.filled += 1;
  run.spent = run.spent.plus(value).plus(fee);
  run.bought = run.bought.plus(size);
  run.takeProfit = takeProfitPrice({
    quoteSpent: run.spent,
    bought: run.bought,
    sellSpread: run.sellSpread,
    sellFeeRate: money(run.plan.sellFeeRate),
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
