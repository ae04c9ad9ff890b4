import type { TEpicInputs, TEpicPlanResult, TPlanProblem } from '@cdca/contracts';
import type { Product } from '../market/product.ts';
import { decimalsOf, formatExact, formatFixed } from '../money/format-fixed.ts';
import { parseDecimal } from '../money/parse-decimal.ts';
import { describePlanLevel } from './build-levels.ts';
import { ladderAt, prepareLadder } from './ladder.ts';
import { problems } from './plan-problems.ts';
import { withSizeAdvice } from './size-advice.ts';
import type { PlanOptions } from './validate-inputs.ts';

/**
 * The exact ladder of docs/decisions/epic-maths.md for these inputs on this product at this reference price (the best ask), or
 * every reason it cannot be traded. Pure: the browser's preview and the server's validation run this same code.
 */
export const planEpic = (
  inputs: TEpicInputs,
  product: Product,
  referencePrice: string,
  options: PlanOptions = {},
): TEpicPlanResult => {
  const result = planLadder(inputs, product, referencePrice, options);
  if (result.ok || options.advise === false) return result;
  // Advice is judged on the ladder alone: the balance refusal gives its own.
  const alone = { ...options, availableBalance: undefined };
  return withSizeAdvice(result, inputs, (changed) => planLadder(changed, product, referencePrice, alone));
};

const planLadder = (
  inputs: TEpicInputs,
  product: Product,
  referencePrice: string,
  options: PlanOptions,
): TEpicPlanResult => {
  const prepared = prepareLadder(inputs, product, options);
  const reference = parseDecimal(referencePrice, { allowZero: false });
  const found: TPlanProblem[] = [...prepared.problems];
  if (!reference.ok) found.push(problems.referencePriceInvalid());
  const { ready } = prepared;
  if (!ready || !reference.ok) return { ok: false, problems: found };

  const { rules, valid, sellFeeRate } = ready;
  const priced = ladderAt(ready, reference.value, describePlanLevel);
  found.push(...priced.problems);
  // Level 1's slippage reserve is counted: the venue holds its funds at the cap (marketable-first-level.md).
  const { totals } = priced;
  const fundsRequired = totals.cost.plus(totals.fees).plus(totals.slippageReserve);
  if (valid.availableBalance && fundsRequired.gt(valid.availableBalance)) {
    found.push(
      problems.budgetAboveBalance(fundsRequired, totals.fees, totals.slippageReserve, valid.availableBalance),
    );
  }
  if (found.length > 0) return { ok: false, problems: found };

  return {
    ok: true,
    plan: {
      productId: rules.productId,
      referencePrice,
      inputs,
      makerFeeRate: formatExact(valid.makerFeeRate),
      takerFeeRate: formatExact(valid.takerFeeRate),
      sellFeeRate: formatExact(sellFeeRate),
      levels: priced.levels,
      stopPrice: priced.stop ? formatFixed(priced.stop, decimalsOf(rules.priceIncrement)) : null,
      ...(priced.stopSaleSizes ? { stopSaleSizes: priced.stopSaleSizes } : {}),
      slippageCap: valid.slippageCap.toFixed(),
      warnings: priced.warnings,
      totalCost: formatExact(totals.cost),
      totalFees: formatExact(totals.fees),
      fundsRequired: formatExact(fundsRequired),
      unspent: formatExact(valid.budget.minus(totals.cost)),
    },
  };
};
