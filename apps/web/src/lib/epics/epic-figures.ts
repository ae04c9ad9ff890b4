import type { TEpic } from '@cdca/contracts';
import { HUNDRED, money, ONE, ROUND_HALF_UP, ZERO } from '@cdca/engine';

/**
 * Position figures for display, computed exactly with the engine's decimal. Inputs are the wire's decimal
 * strings; outputs are plain decimal strings (or null when the figure does not exist yet), which the
 * lib/format helpers turn into text. The engine's own figures (take-profit price, base held, cost basis) come
 * from the server on the epic (docs/decisions/take-profit-break-even.md): they are formatted, never re-derived.
 */

/** Value of what is held at `price` minus what it cost; null without a position or a price. */
export const unrealisedPnl = (
  heldBase: string,
  avgBuyRate: string | null,
  price: string | null | undefined,
): string | null => {
  if (avgBuyRate === null || !price) return null;
  const held = money(heldBase);
  if (held.isZero()) return null;
  return held.mul(money(price).minus(avgBuyRate)).toFixed();
};

/** Unrealised P&L as a percent of the cost of what is held. */
export const unrealisedPnlPercent = (avgBuyRate: string | null, price: string | null | undefined) => {
  if (avgBuyRate === null || !price || money(avgBuyRate).isZero()) return null;
  return money(price).div(avgBuyRate).minus(ONE).mul(HUNDRED).toFixed();
};

/** Percent the price must still move to reach the take-profit (negative: already above it). */
export const distanceToTakeProfit = (
  target: string | null,
  price: string | null | undefined,
): string | null => {
  if (target === null || !price || money(price).isZero()) return null;
  return money(target).div(price).minus(ONE).mul(HUNDRED).toFixed();
};

/** Budget used so far: quote of the levels filled, from the plan. */
export const budgetUsed = (epic: Pick<TEpic, 'activeDcaLevel' | 'plan'>): string => {
  const filled = epic.plan.levels.slice(0, Math.max(0, epic.activeDcaLevel));
  return filled.reduce((sum, level) => sum.plus(level.cost), ZERO).toFixed();
};

/** Sum of decimal strings (totals of history rows), skipping nulls. */
export const sumDecimals = (values: readonly (string | null)[]): string =>
  values
    .reduce<ReturnType<typeof money>>((sum, value) => (value === null ? sum : sum.plus(value)), ZERO)
    .toFixed();

/** 'up' | 'down' | 'flat' for colouring profits: docs/product.md §4 green positive, red negative, white zero. */
export const profitTone = (value: string | null): 'up' | 'down' | 'flat' => {
  if (value === null) return 'flat';
  // Judged on whole cents, as shown: $0.004 reads $0.00 and must not be green.
  const amount = money(value).toDecimalPlaces(2, ROUND_HALF_UP);
  if (amount.isZero()) return 'flat';
  return amount.isNegative() ? 'down' : 'up';
};
