import type { TEpicPlanLevel, TPlanProblem } from '@cdca/contracts';
import { decimalsOf, formatExact, formatFixed } from '../money/format-fixed.ts';
import { HUNDRED, type MoneyDecimal, ONE, ROUND_UP, ZERO } from '../money/money-decimal.ts';
import { priceUpToIncrement, sizeDownToIncrement } from '../money/round-to-increment.ts';
import { LIQUIDATION_HEADROOM } from '../position/liquidation.ts';
import { type SellSplit, splitSell } from '../position/sell-split.ts';
import { takeProfitPrice } from '../position/take-profit-price.ts';
import { checkLevelPrice, checkLevelSize } from './check-level.ts';
import type { LevelPrice } from './level-prices.ts';
import { problems } from './plan-problems.ts';
import type { ProductRules } from './product-rules.ts';

export type LevelMaths = {
  prices: readonly LevelPrice[];
  quotes: readonly MoneyDecimal[];
  rules: ProductRules;
  sellSpread: MoneyDecimal;
  makerFeeRate: MoneyDecimal;
  takerFeeRate: MoneyDecimal;
  /** The take-profit may rest or cross, so break-even assumes the worse of the two rates. */
  sellFeeRate: MoneyDecimal;
  /** Percent over the reference level 1's marketable limit may pay (docs/decisions/marketable-first-level.md). */
  slippageCap: MoneyDecimal;
};

/** Extra decimals shown on the average buy rate beyond the price step; the exact value drives the maths. */
const AVG_EXTRA_DECIMALS = 8;

/** One level as the maths leaves it, in decimals; what a plan shows of it is `describePlanLevel`'s. */
export type LevelCore = {
  level: number;
  placement: LevelPrice['placement'];
  price: MoneyDecimal;
  quote: MoneyDecimal;
  size: MoneyDecimal;
  cost: MoneyDecimal;
  feeRate: MoneyDecimal;
  fee: MoneyDecimal;
  /** Level 1's marketable limit at the slippage cap. */
  limitPrice?: MoneyDecimal;
  /** Running totals "if filled down to this level", in level order. */
  cumulativeCost: MoneyDecimal;
  cumulativeFees: MoneyDecimal;
  cumulativeSize: MoneyDecimal;
  takeProfit: MoneyDecimal;
  breakEven: MoneyDecimal;
  takeProfitSplit: SellSplit;
};

/**
 * Every level of the ladder with its running totals "if filled down to this level" (in level order), plus the
 * problems found on the way. Buy fees are estimated: the immediate level 1 and engine-triggered levels above P
 * cross the book (taker); resting post-only levels below P are maker. `describe` turns each level into what the
 * caller keeps: the plan's strings (`describePlanLevel`), or the decimals alone for the backtest, which plans a
 * ladder per start and reads only prices and sizes (docs/decisions/backtest-replay.md "Cost per start").
 */
export const buildLevels = <Level>(
  maths: LevelMaths,
  describe: (core: LevelCore, rules: ProductRules) => Level,
) => {
  const { prices, quotes, rules, sellSpread, sellFeeRate } = maths;
  const levels: Level[] = [];
  const found: TPlanProblem[] = [];
  const lastOnSide: Partial<Record<'below' | 'above', { level: number; price: MoneyDecimal }>> = {};
  let cumulativeCost = ZERO;
  let cumulativeFees = ZERO;
  let cumulativeSize = ZERO;
  let slippageReserve = ZERO;

  prices.forEach((levelPrice, index) => {
    const level = index + 1;
    const { price, placement, side } = levelPrice;
    const quote = quotes[index] ?? ZERO;
    const priceProblem = checkLevelPrice(
      level,
      levelPrice,
      side === 'at' ? undefined : lastOnSide[side],
      rules,
    );
    if (side === 'at') {
      lastOnSide.below = { level, price };
      lastOnSide.above = { level, price };
    } else {
      lastOnSide[side] = { level, price };
    }
    if (priceProblem) {
      found.push(priceProblem);
      return;
    }
    const size = sizeDownToIncrement(quote.div(price), rules.baseIncrement);
    const cost = size.mul(price);
    // Level 1 is sent as a limit at the cap: the venue judges its value, and holds the funds, at that price.
    const limitPrice =
      placement === 'immediate'
        ? priceUpToIncrement(price.mul(ONE.plus(maths.slippageCap.div(HUNDRED))), rules.priceIncrement)
        : undefined;
    const sizeProblem = checkLevelSize(level, size, limitPrice ? size.mul(limitPrice) : cost, rules);
    if (sizeProblem) found.push(sizeProblem);
    if (size.isZero()) return;

    const feeRate = placement === 'resting' ? maths.makerFeeRate : maths.takerFeeRate;
    const fee = cost.mul(feeRate);
    // What level 1 may cost above plan if the ask moved up to the cap before it filled, its fee included.
    if (limitPrice) slippageReserve = size.mul(limitPrice.minus(price)).mul(ONE.plus(feeRate));
    cumulativeCost = cumulativeCost.plus(cost);
    cumulativeFees = cumulativeFees.plus(fee);
    cumulativeSize = cumulativeSize.plus(size);
    const priced = takeProfitPrice({
      quoteSpent: cumulativeCost.plus(cumulativeFees),
      bought: cumulativeSize,
      sellSpread,
      sellFeeRate,
      priceIncrement: rules.priceIncrement,
    });
    // The position would lift this take-profit to break-even; a sell spread that needs lifting when the levels
    // fill in order earns nothing, so the plan says so (docs/decisions/take-profit-break-even.md).
    if (priced.bySpread.lt(priced.breakEven)) {
      const priceDecimals = decimalsOf(rules.priceIncrement);
      found.push(
        problems.takeProfitBelowBreakEven(
          level,
          formatFixed(priced.bySpread, priceDecimals),
          formatFixed(priced.breakEven, priceDecimals),
          sellFeeRate,
        ),
      );
    }
    const split = splitSell(cumulativeSize, priced.price, rules);
    const liquidation = splitSell(cumulativeSize, priced.price, rules, LIQUIDATION_HEADROOM);
    const unsplittable = [split, liquidation].find((s) => !s.ok && s.reason === 'too-many-orders');
    if (unsplittable && !unsplittable.ok && !found.some((p) => p.code === 'sell-above-maximum')) {
      found.push(problems.sellAboveMaximum(level, unsplittable.orders));
    }
    const core: LevelCore = {
      level,
      placement,
      price,
      quote,
      size,
      cost,
      feeRate,
      fee,
      cumulativeCost,
      cumulativeFees,
      cumulativeSize,
      takeProfit: priced.price,
      breakEven: priced.breakEven,
      takeProfitSplit: split,
      ...(limitPrice ? { limitPrice } : {}),
    };
    levels.push(describe(core, rules));
  });
  return {
    levels,
    problems: found,
    totals: { cost: cumulativeCost, fees: cumulativeFees, slippageReserve, size: cumulativeSize },
  };
};

/** A level as the plan shows and stores it: exact strings on the venue's increments. */
export const describePlanLevel = (core: LevelCore, rules: ProductRules): TEpicPlanLevel => {
  const priceDecimals = decimalsOf(rules.priceIncrement);
  const baseDecimals = decimalsOf(rules.baseIncrement);
  const { price, takeProfit, cumulativeSize, takeProfitSplit: split, limitPrice } = core;
  const spent = core.cumulativeCost.plus(core.cumulativeFees);
  return {
    level: core.level,
    placement: core.placement,
    price: formatFixed(price, priceDecimals),
    quote: formatFixed(core.quote, decimalsOf(rules.quoteUnit)),
    baseSize: formatFixed(core.size, baseDecimals),
    cost: formatExact(core.cost),
    feeRate: formatExact(core.feeRate),
    estimatedFee: formatExact(core.fee),
    cumulativeCost: formatExact(core.cumulativeCost),
    cumulativeFees: formatExact(core.cumulativeFees),
    cumulativeSize: formatExact(cumulativeSize),
    avgBuyRate: spent.div(cumulativeSize).toFixed(priceDecimals + AVG_EXTRA_DECIMALS, ROUND_UP),
    takeProfitPrice: formatFixed(takeProfit, priceDecimals),
    moveToTakeProfit: takeProfit.minus(price).div(price).mul(HUNDRED).toFixed(2, ROUND_UP),
    breakEvenPrice: formatFixed(core.breakEven, priceDecimals),
    takeProfitSizes: split.ok
      ? split.sizes.map((s) => formatFixed(s, baseDecimals))
      : [formatFixed(cumulativeSize, baseDecimals)],
    ...(limitPrice ? { limitPrice: formatFixed(limitPrice, priceDecimals) } : {}),
  };
};
