import { EPIC_LIMITS, type TEpicInputs, type TPlanProblem } from '@cdca/contracts';
import { type MoneyDecimal, money } from '../money/money-decimal.ts';
import { parseDecimal } from '../money/parse-decimal.ts';
import { isMultipleOf } from '../money/round-to-increment.ts';
import { problems } from './plan-problems.ts';
import type { ProductRules } from './product-rules.ts';

/**
 * Why the ranges of EPIC_LIMITS sit where they do:
 * - dcaLevels 1–25: docs/decisions/epic-maths.md. More levels split the budget under venue minimums for typical budgets.
 * - buySpread 0.1–50 %: under 0.1 % neighbouring levels sit inside the bid-ask spread and the 0.4–0.6 % fee, so
 *   extra levels buy nothing the first did not; over 50 % the second level is under half the price and a
 *   25-level below ladder reaches 0.5^24 ≈ 6e-8 of P — no longer averaging, just waiting for zero.
 * - sellSpread 0.1–500 %: the floor matches the buy floor (anything less cannot beat fees anyway, and the plan
 *   also refuses any take-profit under break-even); 500 % (6× the average) is beyond any realistic swing, and a
 *   higher target is a typo more often than a plan.
 * - stopSpread 0.1–90 %: under 0.1 % the stop fires on ordinary noise right after the last level fills; at
 *   100 % it would be price zero and never fire, and 90 % already means "almost never".
 * - Spreads carry at most 2 decimals (0.25 %), finer than any venue tick makes meaningful.
 */

export type PlanOptions = {
  /** Fraction, e.g. '0.004' (Coinbase Advanced's entry-tier maker fee). */
  makerFeeRate?: string;
  /** Fraction, e.g. '0.006' (Coinbase Advanced's entry-tier taker fee). */
  takerFeeRate?: string;
  /** USD the account has available; when given, the plan must fit in it, fees included. */
  availableBalance?: string;
  /** Percent over the reference level 1's marketable limit may pay, e.g. '0.5' (the default). */
  slippageCap?: string;
  /**
   * false skips computing advice for refused plans (re-planning changed inputs): for bulk property tests that
   * only ask whether a plan is accepted.
   */
  advise?: boolean;
};

export const DEFAULT_MAKER_FEE_RATE = '0.004';
export const DEFAULT_TAKER_FEE_RATE = '0.006';
/**
 * Level 1's slippage cap in percent (docs/decisions/marketable-first-level.md): a plan default rather than a
 * server setting, so the browser's preview and the server's plan count the same reserve.
 */
export const DEFAULT_SLIPPAGE_CAP = '0.5';
/** More than 5 % is no longer "buy at about this price". */
const MAX_SLIPPAGE_CAP = money('5');
/** No venue charges 10 %; a larger rate is a unit mistake (percent passed as fraction). */
const MAX_FEE_RATE = money('0.1');

export type ValidInputs = {
  budget: MoneyDecimal;
  buySpread: MoneyDecimal;
  sellSpread: MoneyDecimal;
  stopSpread: MoneyDecimal | null;
  makerFeeRate: MoneyDecimal;
  takerFeeRate: MoneyDecimal;
  availableBalance: MoneyDecimal | null;
  slippageCap: MoneyDecimal;
};

const spread = (field: 'buySpread' | 'sellSpread' | 'stopSpread', value: string, found: TPlanProblem[]) => {
  const limits = EPIC_LIMITS[field];
  const parsed = parseDecimal(value, { maxDecimals: EPIC_LIMITS.spreadDecimals });
  if (parsed.ok && parsed.value.gte(limits.min) && parsed.value.lte(limits.max)) return parsed.value;
  found.push(problems.spreadOutOfRange(field, limits.min, limits.max));
  return undefined;
};

const feeRate = (field: 'makerFeeRate' | 'takerFeeRate', value: string, found: TPlanProblem[]) => {
  const parsed = parseDecimal(value);
  if (parsed.ok && parsed.value.lte(MAX_FEE_RATE)) return parsed.value;
  found.push(problems.feeRateOutOfRange(field));
  return undefined;
};

const budgetOf = (value: string, rules: ProductRules | undefined, found: TPlanProblem[]) => {
  const parsed = parseDecimal(value, { allowZero: false });
  if (!parsed.ok) {
    found.push(problems.budgetInvalid('must be a positive dollar amount such as 1000.00'));
    return undefined;
  }
  if (rules && !isMultipleOf(parsed.value, rules.quoteUnit)) {
    found.push(problems.budgetInvalid(`must be in whole steps of $${rules.quoteUnit.toFixed()}`));
    return undefined;
  }
  return parsed.value;
};

export const validateInputs = (
  inputs: TEpicInputs,
  rules: ProductRules | undefined,
  options: PlanOptions,
): { valid?: ValidInputs; problems: TPlanProblem[] } => {
  const found: TPlanProblem[] = [];
  const budget = budgetOf(inputs.budget, rules, found);
  const { min, max } = EPIC_LIMITS.dcaLevels;
  if (!Number.isInteger(inputs.dcaLevels) || inputs.dcaLevels < min || inputs.dcaLevels > max) {
    found.push(problems.levelsOutOfRange(min, max));
  }
  const buySpread = spread('buySpread', inputs.buySpread, found);
  const sellSpread = spread('sellSpread', inputs.sellSpread, found);
  const stopSpread = inputs.stopSpread === null ? null : spread('stopSpread', inputs.stopSpread, found);
  const makerFeeRate = feeRate('makerFeeRate', options.makerFeeRate ?? DEFAULT_MAKER_FEE_RATE, found);
  const takerFeeRate = feeRate('takerFeeRate', options.takerFeeRate ?? DEFAULT_TAKER_FEE_RATE, found);
  const cap = parseDecimal(options.slippageCap ?? DEFAULT_SLIPPAGE_CAP, { maxDecimals: 2 });
  // The cap is the operator's setting, not the trader's: an unreadable one falls back to the default.
  const slippageCap = cap.ok && cap.value.lte(MAX_SLIPPAGE_CAP) ? cap.value : money(DEFAULT_SLIPPAGE_CAP);
  let availableBalance: MoneyDecimal | null = null;
  if (options.availableBalance !== undefined) {
    const parsed = parseDecimal(options.availableBalance);
    // An unreadable balance is the caller's bug, not the trader's: treat it as nothing available.
    availableBalance = parsed.ok ? parsed.value : money(0);
  }
  if (!budget || !buySpread || !sellSpread || stopSpread === undefined || !makerFeeRate || !takerFeeRate) {
    return { problems: found };
  }
  return {
    valid: {
      budget,
      buySpread,
      sellSpread,
      stopSpread,
      makerFeeRate,
      takerFeeRate,
      availableBalance,
      slippageCap,
    },
    problems: found,
  };
};
