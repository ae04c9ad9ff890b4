import type { TEpicInputs, TPlanProblem, TPlanWarning } from '@cdca/contracts';
import type { Product } from '../market/product.ts';
import { HUNDRED, type MoneyDecimal, ONE } from '../money/money-decimal.ts';
import { priceDownToIncrement } from '../money/round-to-increment.ts';
import { buildLevels, type LevelCore } from './build-levels.ts';
import { type LevelStep, levelPrices, levelSteps } from './level-prices.ts';
import { levelWeights } from './level-weights.ts';
import { problems } from './plan-problems.ts';
import { type ProductRules, readProductRules } from './product-rules.ts';
import { splitBudget } from './split-budget.ts';
import { stopSale } from './stop-sale.ts';
import { type PlanOptions, type ValidInputs, validateInputs } from './validate-inputs.ts';

/**
 * The part of a plan that does not depend on the reference price: the product's rules, the validated inputs and
 * the budget's split over the levels. `planEpic` prepares and prices in one go; the backtest prepares once and
 * prices a ladder at every start's ask (docs/decisions/backtest-replay.md "Cost per start").
 */
export type PreparedLadder = {
  inputs: TEpicInputs;
  /** Problems of the product and the inputs, found before any price is known. */
  problems: TPlanProblem[];
  /** Present only when the ladder can be priced at all. */
  ready?: {
    rules: ProductRules;
    valid: ValidInputs;
    quotes: MoneyDecimal[];
    steps: LevelStep[];
    sellFeeRate: MoneyDecimal;
  };
};

export const prepareLadder = (
  inputs: TEpicInputs,
  product: Product,
  options: PlanOptions,
): PreparedLadder => {
  const productRules = readProductRules(product);
  const validated = validateInputs(inputs, productRules.rules, options);
  const found = [...productRules.problems, ...validated.problems];
  const { rules } = productRules;
  const { valid } = validated;
  if (!rules || !valid || found.some((p) => p.code === 'levels-out-of-range')) {
    return { inputs, problems: found };
  }
  const n = inputs.dcaLevels;
  return {
    inputs,
    problems: found,
    ready: {
      rules,
      valid,
      quotes: splitBudget(valid.budget, levelWeights(inputs.scaling, inputs.load, n), rules.quoteUnit),
      steps: levelSteps(inputs.direction, n, valid.buySpread),
      sellFeeRate: valid.makerFeeRate.gt(valid.takerFeeRate) ? valid.makerFeeRate : valid.takerFeeRate,
    },
  };
};

export type PricedLadder<Level> = {
  levels: Level[];
  problems: TPlanProblem[];
  warnings: TPlanWarning[];
  totals: ReturnType<typeof buildLevels>['totals'];
  stop: MoneyDecimal | null;
  stopSaleSizes?: string[];
};

/** The ladder's levels, stop and problems at `reference` (the best ask), each level as `describe` keeps it. */
export const ladderAt = <Level>(
  ready: NonNullable<PreparedLadder['ready']>,
  reference: MoneyDecimal,
  describe: (core: LevelCore, rules: ProductRules) => Level,
): PricedLadder<Level> => {
  const { rules, valid } = ready;
  const prices = levelPrices(ready.steps, reference, rules.priceIncrement);
  const built = buildLevels(
    {
      prices,
      quotes: ready.quotes,
      rules,
      sellSpread: valid.sellSpread,
      makerFeeRate: valid.makerFeeRate,
      takerFeeRate: valid.takerFeeRate,
      sellFeeRate: ready.sellFeeRate,
      slippageCap: valid.slippageCap,
    },
    (core, r) => ({ core, kept: describe(core, r) }),
  );
  const found = [...built.problems];
  const warnings: TPlanWarning[] = [];
  const priced = (stop: MoneyDecimal | null, stopSaleSizes?: string[]): PricedLadder<Level> => ({
    levels: built.levels.map((l) => l.kept),
    problems: found,
    warnings,
    totals: built.totals,
    stop,
    ...(stopSaleSizes ? { stopSaleSizes } : {}),
  });
  if (!valid.stopSpread) return priced(null);
  // Lowest level price × (1 − stopSpread), rounded DOWN: the stop never fires earlier than the trader set.
  // Among real prices only: a level already refused for a zero price must not drag the stop down with it.
  const lowest = prices.reduce(
    (low, p, index) => (p.price.gt(0) && p.price.lt(low.price) ? { price: p.price, level: index + 1 } : low),
    { price: prices[0]?.price ?? reference, level: 1 },
  );
  const stop = priceDownToIncrement(
    lowest.price.mul(ONE.minus(valid.stopSpread.div(HUNDRED))),
    rules.priceIncrement,
  );
  if (stop.lte(0)) {
    found.push(problems.stopBelowIncrement(lowest.level, lowest.price, rules.priceIncrement));
    return priced(null);
  }
  const sale = stopSale(
    stop,
    lowest.price,
    built.levels.map((l) => ({ level: l.core.level, size: l.core.size })),
    rules,
  );
  found.push(...sale.problems);
  warnings.push(...sale.warnings);
  return priced(stop, sale.sizes);
};
