import { EXACT_ZERO, type ExactDecimal, exactDecimal, toCents } from '@/lib/format/exact-decimal.ts';

const ONE = exactDecimal('1');
const HUNDRED = exactDecimal('100');

/** How far `target` is from `price`, in percent of `price`: (target ÷ price − 1) × 100. */
const percentFrom = (price: ExactDecimal, target: ExactDecimal): string =>
  target.div(price).minus(ONE).times(HUNDRED).toFixed();

/**
 * Position figures for display, computed exactly with big.js (lib/format/exact-decimal.ts: decimal.js stays off the
 * signed-in first paint, docs/decisions/code-splitting.md). Inputs are the wire's decimal
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
  const held = exactDecimal(heldBase);
  if (held.eq(EXACT_ZERO)) return null;
  return held.times(exactDecimal(price).minus(exactDecimal(avgBuyRate))).toFixed();
};

/** Unrealised P&L as a percent of the cost of what is held. */
export const unrealisedPnlPercent = (avgBuyRate: string | null, price: string | null | undefined) => {
  if (avgBuyRate === null || !price) return null;
  const average = exactDecimal(avgBuyRate);
  return average.eq(EXACT_ZERO) ? null : percentFrom(average, exactDecimal(price));
};

/** Percent the price must still move to reach the take-profit (negative: already above it). */
export const distanceToTakeProfit = (
  target: string | null,
  price: string | null | undefined,
): string | null => {
  if (target === null || !price) return null;
  const now = exactDecimal(price);
  return now.eq(EXACT_ZERO) ? null : percentFrom(now, exactDecimal(target));
};

/** Sum of decimal strings (totals of history rows), skipping nulls. */
export const sumDecimals = (values: readonly (string | null)[]): string =>
  values.reduce((sum, value) => (value === null ? sum : sum.plus(exactDecimal(value))), EXACT_ZERO).toFixed();

/** 'up' | 'down' | 'flat' for colouring profits: docs/product.md §4 green positive, red negative, white zero. */
export const profitTone = (value: string | null): 'up' | 'down' | 'flat' => {
  if (value === null) return 'flat';
  // Judged on whole cents, as shown: $0.004 reads $0.00 and must not be green.
  const amount = toCents(exactDecimal(value));
  if (amount.eq(EXACT_ZERO)) return 'flat';
  return amount.lt(EXACT_ZERO) ? 'down' : 'up';
};
