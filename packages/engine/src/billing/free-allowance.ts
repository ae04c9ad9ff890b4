import { ROUND_HALF_UP, ZERO } from '../money/money-decimal.ts';
import { parseDecimal } from '../money/parse-decimal.ts';

export type AllowanceProgress = {
  limit: string;
  realisedProfit: string;
  remaining: string;
  reached: boolean;
};

/**
 * Billing starts once the account's realised profit reaches the free allowance (docs/decisions/billing-rules.md). A loss counts
 * against it too: profit is the sum over closed epics, whatever its sign. A zero allowance means no free period.
 */
export const allowanceProgress = (realisedProfit: string, limit: string): AllowanceProgress => {
  const profit = parseDecimal(realisedProfit, { allowNegative: true });
  const cap = parseDecimal(limit);
  if (!profit.ok || !cap.ok) throw new RangeError('realisedProfit and limit must be plain decimals');
  const remaining = cap.value.minus(profit.value);
  return {
    limit: cap.value.toFixed(2, ROUND_HALF_UP),
    realisedProfit: profit.value.toFixed(),
    remaining: (remaining.isNegative() ? ZERO : remaining).toFixed(2, ROUND_HALF_UP),
    reached: profit.value.gte(cap.value),
  };
};
