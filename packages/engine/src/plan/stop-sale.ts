import type { TPlanProblem, TPlanWarning } from '@cdca/contracts';
import { decimalsOf, formatFixed, formatUsdDown, formatUsdUp } from '../money/format-fixed.ts';
import { HUNDRED, type MoneyDecimal, ONE, ROUND_DOWN } from '../money/money-decimal.ts';
import { LIQUIDATION_HEADROOM } from '../position/liquidation.ts';
import { splitSell } from '../position/sell-split.ts';
import { problems } from './plan-problems.ts';
import type { ProductRules } from './product-rules.ts';

/** The smallest stop spread the inputs accept (EPIC_LIMITS.stopSpread.min). */
const MIN_STOP_SPREAD = '0.1';

/**
 * The stop's market sell at the stop price: of everything bought (split to fit the venue's maximums, or refused
 * when it cannot be), and of the smallest position it could find (one level) — under the venue's minimum value
 * that sale cannot happen and the coins stay held, which the plan warns about (docs/decisions/dust.md).
 */
export const stopSale = (
  stop: MoneyDecimal,
  lowest: MoneyDecimal,
  levels: readonly { level: number; size: MoneyDecimal }[],
  rules: ProductRules,
) => {
  const found: TPlanProblem[] = [];
  const warnings: TPlanWarning[] = [];
  const total = levels.reduce((sum, l) => sum.plus(l.size), stop.mul(0));
  const baseDecimals = decimalsOf(rules.baseIncrement);
  const split = splitSell(total, stop, rules, LIQUIDATION_HEADROOM);
  if (!split.ok && split.reason === 'too-many-orders') {
    found.push(problems.sellAboveMaximum(levels.length, split.orders));
  }
  const smallest = levels.reduce<{ level: number; size: MoneyDecimal } | undefined>(
    (small, l) => (!small || l.size.lt(small.size) ? l : small),
    undefined,
  );
  if (total.mul(stop).lt(rules.quoteMinSize)) {
    // The stop price at which everything bought is worth the minimum, as a spread under the lowest level.
    const widest = ONE.minus(rules.quoteMinSize.div(total).div(lowest))
      .mul(HUNDRED)
      .toDecimalPlaces(2, ROUND_DOWN);
    const fix = widest.gte(MIN_STOP_SPREAD)
      ? `use a stop spread of at most ${widest.toFixed(2)} %`
      : 'raise the budget';
    warnings.push({
      code: 'stop-never-sells',
      field: 'stopSpread',
      message:
        `At the stop price everything bought (${formatFixed(total, baseDecimals)} ${rules.baseCurrency}) is worth ` +
        `${formatUsdDown(total.mul(stop))}, under the exchange's minimum order of ${formatUsdUp(rules.quoteMinSize)}: ` +
        `the stop can never sell, and the coins would stay held — ${fix}.`,
    });
  } else if (smallest?.size.mul(stop).lt(rules.quoteMinSize)) {
    warnings.push({
      code: 'stop-leaves-dust',
      field: 'stopSpread',
      level: smallest.level,
      message:
        `If only level ${smallest.level} fills, the stop would sell ${formatFixed(smallest.size, baseDecimals)} ` +
        `${rules.baseCurrency} worth ${formatUsdDown(smallest.size.mul(stop))}, under the exchange's minimum order ` +
        `of ${formatUsdUp(rules.quoteMinSize)}: the epic would end liquidated with those coins still held.`,
    });
  }
  return {
    sizes: split.ok ? split.sizes.map((s) => formatFixed(s, baseDecimals)) : [],
    problems: found,
    warnings,
  };
};
