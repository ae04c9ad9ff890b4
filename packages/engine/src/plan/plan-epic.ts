import type { TEpicInputs, TEpicPlanResult, TPlanProblem, TPlanWarning } from '@cdca/contracts';
import type { Product } from '../market/product.ts';
import { decimalsOf, formatExact, formatFixed } from '../money/format-fixed.ts';
import { HUNDRED, money, ONE } from '../money/money-decimal.ts';
import { parseDecimal } from '../money/parse-decimal.ts';
import { priceDownToIncrement } from '../money/round-to-increment.ts';
import { buildLevels } from './build-levels.ts';
import { levelPrices } from './level-prices.ts';
import { levelWeights } from './level-weights.ts';
import { problems } from './plan-problems.ts';
import { readProductRules } from './product-rules.ts';
import { withSizeAdvice } from './size-advice.ts';
import { splitBudget } from './split-budget.ts';
import { stopSale } from './stop-sale.ts';
import { type PlanOptions, validateInputs } from './validate-inputs.ts';

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
  const productRules = readProductRules(product);
  const validated = validateInputs(inputs, productRules.rules, options);
  const reference = parseDecimal(referencePrice, { allowZero: false });
  const found: TPlanProblem[] = [...productRules.problems, ...validated.problems];
  if (!reference.ok) found.push(problems.referencePriceInvalid());
  const { rules } = productRules;
  const { valid } = validated;
  if (!rules || !valid || !reference.ok || found.some((p) => p.code === 'levels-out-of-range')) {
    return { ok: false, problems: found };
  }

  const n = inputs.dcaLevels;
  const quotes = splitBudget(valid.budget, levelWeights(inputs.scaling, inputs.load, n), rules.quoteUnit);
  const prices = levelPrices(inputs.direction, n, reference.value, valid.buySpread, rules.priceIncrement);
  const sellFeeRate = valid.makerFeeRate.gt(valid.takerFeeRate) ? valid.makerFeeRate : valid.takerFeeRate;
  const built = buildLevels({
    prices,
    quotes,
    rules,
    sellSpread: valid.sellSpread,
    makerFeeRate: valid.makerFeeRate,
    takerFeeRate: valid.takerFeeRate,
    sellFeeRate,
    slippageCap: valid.slippageCap,
  });
  found.push(...built.problems);

  let stopPrice: string | null = null;
  let stopSaleSizes: string[] | undefined;
  const warnings: TPlanWarning[] = [];
  if (valid.stopSpread) {
    // Lowest level price × (1 − stopSpread), rounded DOWN: the stop never fires earlier than the trader set.
    // Among real prices only: a level already refused for a zero price must not drag the stop down with it.
    const lowest = prices.reduce(
      (low, p, index) =>
        p.price.gt(0) && p.price.lt(low.price) ? { price: p.price, level: index + 1 } : low,
      { price: prices[0]?.price ?? reference.value, level: 1 },
    );
    const stop = priceDownToIncrement(
      lowest.price.mul(ONE.minus(valid.stopSpread.div(HUNDRED))),
      rules.priceIncrement,
    );
    if (stop.lte(0)) {
      found.push(problems.stopBelowIncrement(lowest.level, lowest.price, rules.priceIncrement));
    } else {
      stopPrice = formatFixed(stop, decimalsOf(rules.priceIncrement));
      const sale = stopSale(
        stop,
        lowest.price,
        built.levels.map((l) => ({ level: l.level, size: money(l.baseSize) })),
        rules,
      );
      found.push(...sale.problems);
      warnings.push(...sale.warnings);
      stopSaleSizes = sale.sizes;
    }
  }

  // Level 1's slippage reserve is counted: the venue holds its funds at the cap (marketable-first-level.md).
  const fundsRequired = built.totals.cost.plus(built.totals.fees).plus(built.totals.slippageReserve);
  if (valid.availableBalance && fundsRequired.gt(valid.availableBalance)) {
    found.push(
      problems.budgetAboveBalance(
        fundsRequired,
        built.totals.fees,
        built.totals.slippageReserve,
        valid.availableBalance,
      ),
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
      levels: built.levels,
      stopPrice,
      ...(stopSaleSizes ? { stopSaleSizes } : {}),
      slippageCap: valid.slippageCap.toFixed(),
      warnings,
      totalCost: formatExact(built.totals.cost),
      totalFees: formatExact(built.totals.fees),
      fundsRequired: formatExact(fundsRequired),
      unspent: formatExact(valid.budget.minus(built.totals.cost)),
    },
  };
};
