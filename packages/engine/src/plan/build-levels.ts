import type { TEpicPlanLevel, TPlanProblem } from '@cdca/contracts/epic-plan.ts';
import { decimalsOf, formatExact, formatFixed } from '../money/format-fixed.ts';
import { HUNDRED, type MoneyDecimal, ONE, ROUND_UP, ZERO } from '../money/money-decimal.ts';
import { ratioUpToIncrement, sizeDownToIncrement } from '../money/round-to-increment.ts';
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
};

/** Extra decimals shown on the average buy rate beyond the price step; the exact value drives the maths. */
const AVG_EXTRA_DECIMALS = 8;

/**
 * Every level of the ladder with its running totals "if filled down to this level" (in level order), plus the
 * problems found on the way. Buy fees are estimated: the immediate level 1 and engine-triggered levels above P
 * cross the book (taker); resting post-only levels below P are maker.
 */
export const buildLevels = (maths: LevelMaths) => {
  const { prices, quotes, rules, sellSpread, sellFeeRate } = maths;
  const priceDecimals = decimalsOf(rules.priceIncrement);
  const levels: TEpicPlanLevel[] = [];
  const found: TPlanProblem[] = [];
  const lastOnSide: Partial<Record<'below' | 'above', { level: number; price: MoneyDecimal }>> = {};
  let cumulativeCost = ZERO;
  let cumulativeFees = ZERO;
  let cumulativeSize = ZERO;

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
    const sizeProblem = checkLevelSize(level, size, cost, rules);
    if (sizeProblem) found.push(sizeProblem);
    if (size.isZero()) return;

    const feeRate = placement === 'resting' ? maths.makerFeeRate : maths.takerFeeRate;
    const fee = cost.mul(feeRate);
    cumulativeCost = cumulativeCost.plus(cost);
    cumulativeFees = cumulativeFees.plus(fee);
    cumulativeSize = cumulativeSize.plus(size);
    const spent = cumulativeCost.plus(cumulativeFees);
    const takeProfit = ratioUpToIncrement(
      spent.mul(ONE.plus(sellSpread.div(HUNDRED))),
      cumulativeSize,
      rules.priceIncrement,
    );
    const breakEven = ratioUpToIncrement(
      spent,
      cumulativeSize.mul(ONE.minus(sellFeeRate)),
      rules.priceIncrement,
    );
    const takeProfitText = formatFixed(takeProfit, priceDecimals);
    const breakEvenText = formatFixed(breakEven, priceDecimals);
    if (takeProfit.lt(breakEven)) {
      found.push(problems.takeProfitBelowBreakEven(level, takeProfitText, breakEvenText, sellFeeRate));
    }
    levels.push({
      level,
      placement,
      price: formatFixed(price, priceDecimals),
      quote: formatFixed(quote, decimalsOf(rules.quoteUnit)),
      baseSize: formatFixed(size, decimalsOf(rules.baseIncrement)),
      cost: formatExact(cost),
      feeRate: formatExact(feeRate),
      estimatedFee: formatExact(fee),
      cumulativeCost: formatExact(cumulativeCost),
      cumulativeFees: formatExact(cumulativeFees),
      cumulativeSize: formatExact(cumulativeSize),
      avgBuyRate: spent.div(cumulativeSize).toFixed(priceDecimals + AVG_EXTRA_DECIMALS, ROUND_UP),
      takeProfitPrice: takeProfitText,
      moveToTakeProfit: takeProfit.minus(price).div(price).mul(HUNDRED).toFixed(2, ROUND_UP),
      breakEvenPrice: breakEvenText,
    });
  });
  return { levels, problems: found, totals: { cost: cumulativeCost, fees: cumulativeFees } };
};
