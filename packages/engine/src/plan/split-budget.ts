import { type MoneyDecimal, money } from '../money/money-decimal.ts';
import { quoteDownToIncrement } from '../money/round-to-increment.ts';

/**
 * q_i = budget × w_i / Σw floored to `unit`; the left-over units go to the heaviest level so Σq_i = budget
 * exactly. Ties for heaviest (hedge loads are symmetric) go to the lowest level number, so the split is
 * deterministic. `budget` must already be a multiple of `unit`.
 */
export const splitBudget = (budget: MoneyDecimal, weights: readonly number[], unit: MoneyDecimal) => {
  const total = weights.reduce((sum, w) => sum + w, 0);
  const quotes = weights.map((w) => quoteDownToIncrement(budget.mul(w).div(total), unit));
  const leftover = quotes.reduce((rest, q) => rest.minus(q), budget);
  const heaviest = weights.indexOf(Math.max(...weights));
  return quotes.map((q, index) => (index === heaviest ? q.plus(leftover) : q));
};

export const sumOf = (values: readonly MoneyDecimal[]): MoneyDecimal =>
  values.reduce((sum, value) => sum.plus(value), money(0));
