import type { TPlanProblem } from '@cdca/contracts';
import { formatUsdDown, formatUsdUp } from '../money/format-fixed.ts';
import type { MoneyDecimal } from '../money/money-decimal.ts';
import type { LevelPrice } from './level-prices.ts';
import { problems } from './plan-problems.ts';
import type { ProductRules } from './product-rules.ts';

/**
 * A level's price must be a real price and strictly further from P than the level before it on its side;
 * two levels on one tick would be one order twice the size, not the ladder the trader asked for.
 */
export const checkLevelPrice = (
  level: number,
  price: LevelPrice,
  previousOnSide: { level: number; price: MoneyDecimal } | undefined,
  rules: ProductRules,
): TPlanProblem | undefined => {
  if (price.price.lte(0)) {
    return problems.priceBelowIncrement(
      level,
      `would be priced under the smallest price step (${rules.priceIncrement.toFixed()})`,
    );
  }
  if (!previousOnSide || price.side === 'at') return undefined;
  const tooClose =
    price.side === 'below' ? price.price.gte(previousOnSide.price) : price.price.lte(previousOnSide.price);
  if (!tooClose) return undefined;
  return problems.priceBelowIncrement(
    level,
    `would be priced at ${price.price.toFixed()}, the same tick as level ${previousOnSide.level}: the spread is smaller than the price step`,
  );
};

/** Venue minimums and maximums (docs/decisions/epic-maths.md: a level under the minimum makes the epic invalid). */
export const checkLevelSize = (
  level: number,
  size: MoneyDecimal,
  cost: MoneyDecimal,
  rules: ProductRules,
): TPlanProblem | undefined => {
  // Rounded toward the side that keeps "below"/"above" true: $0.9997 reads $0.99, never $1.00 (plan-advice.md).
  // Worded only for a level that has a problem: every plan checks every level (a backtest, one plan per start).
  const below = () => `${size.toFixed()} ${rules.baseCurrency} (${formatUsdDown(cost)})`;
  const above = () => `${size.toFixed()} ${rules.baseCurrency} (${formatUsdUp(cost)})`;
  if (size.isZero() || cost.lt(rules.quoteMinSize)) {
    return problems.levelBelowMinimum(level, below(), formatUsdUp(rules.quoteMinSize));
  }
  if (size.lt(rules.baseMinSize)) {
    return problems.levelBelowMinimum(level, below(), `${rules.baseMinSize.toFixed()} ${rules.baseCurrency}`);
  }
  if (cost.gt(rules.quoteMaxSize)) {
    return problems.levelAboveMaximum(level, above(), formatUsdDown(rules.quoteMaxSize));
  }
  if (size.gt(rules.baseMaxSize)) {
    return problems.levelAboveMaximum(level, above(), `${rules.baseMaxSize.toFixed()} ${rules.baseCurrency}`);
  }
  return undefined;
};
