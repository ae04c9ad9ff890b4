import { z } from 'zod/mini';
import { ZPlainDecimal } from './decimal.ts';

/**
 * The epic plan (docs/decisions/epic-maths.md) as it travels between browser, server and engine. The engine's `planEpic` is the
 * only place ranges are judged, so the create-epic preview and the server's validation cannot disagree: these
 * schemas check shape only, and every out-of-range value comes back as a `TPlanProblem` naming field and level.
 */

export const EPIC_SCALINGS = ['quadratic', 'fibonacci', 'exponential'] as const;
export const EPIC_LOADS = ['front', 'back', 'hedge'] as const;
export const EPIC_DIRECTIONS = ['above', 'below', 'above-below'] as const;

export const ZEpicScaling = z.enum(EPIC_SCALINGS);
export const ZEpicLoad = z.enum(EPIC_LOADS);
export const ZEpicDirection = z.enum(EPIC_DIRECTIONS);

/** Inclusive limits; packages/engine/src/plan/validate-inputs.ts says why each bound sits where it does. */
export const EPIC_LIMITS = {
  dcaLevels: { min: 1, max: 25 },
  buySpread: { min: '0.1', max: '50' },
  sellSpread: { min: '0.1', max: '500' },
  stopSpread: { min: '0.1', max: '90' },
  /** Spreads are percents with at most this many decimals ('0.25'). */
  spreadDecimals: 2,
} as const;

export const ZEpicInputs = z.strictObject({
  /** USD, whole cents. */
  budget: ZPlainDecimal,
  dcaLevels: z.int(),
  scaling: ZEpicScaling,
  load: ZEpicLoad,
  direction: ZEpicDirection,
  /** Percent between levels. */
  buySpread: ZPlainDecimal,
  /** Percent above the average buy rate for the take-profit. */
  sellSpread: ZPlainDecimal,
  /** Percent below the lowest level for the stop, or no stop. */
  stopSpread: z.nullable(ZPlainDecimal),
});
export type TEpicInputs = z.infer<typeof ZEpicInputs>;

export const PLAN_PROBLEM_CODES = [
  'budget-invalid',
  'budget-above-balance',
  'levels-out-of-range',
  'spread-out-of-range',
  'fee-rate-out-of-range',
  'reference-price-invalid',
  'product-not-tradable',
  'product-not-usd',
  'price-below-increment',
  'level-below-minimum',
  'level-above-maximum',
  'take-profit-below-break-even',
  'sell-above-maximum',
] as const;
export const ZPlanProblemCode = z.enum(PLAN_PROBLEM_CODES);
export type TPlanProblemCode = z.infer<typeof ZPlanProblemCode>;

export const ZPlanProblem = z.object({
  code: ZPlanProblemCode,
  /** The input the trader should change: 'budget', 'buySpread', … */
  field: z.string(),
  /** 1-based level the problem belongs to, when it belongs to one. */
  level: z.optional(z.int()),
  /** A sentence a trader understands, saying what to change. */
  message: z.string(),
});
export type TPlanProblem = z.infer<typeof ZPlanProblem>;

export const PLAN_WARNING_CODES = ['stop-leaves-dust', 'stop-never-sells'] as const;
export const ZPlanWarning = z.object({
  code: z.enum(PLAN_WARNING_CODES),
  field: z.string(),
  level: z.optional(z.int()),
  message: z.string(),
});
export type TPlanWarning = z.infer<typeof ZPlanWarning>;

/** How a level is bought: at once (marketable limit), resting post-only below the market, or engine trigger. */
export const ZLevelPlacement = z.enum(['immediate', 'resting', 'trigger']);
export type TLevelPlacement = z.infer<typeof ZLevelPlacement>;

export const ZEpicPlanLevel = z.object({
  level: z.int(),
  placement: ZLevelPlacement,
  price: ZPlainDecimal,
  /** The level's share of the budget (whole cents). */
  quote: ZPlainDecimal,
  baseSize: ZPlainDecimal,
  /** baseSize × price, exact. Never more than `quote`. */
  cost: ZPlainDecimal,
  /** Fee rate assumed for this buy (fraction, 0.006 = 0.6 %). */
  feeRate: ZPlainDecimal,
  estimatedFee: ZPlainDecimal,
  cumulativeCost: ZPlainDecimal,
  cumulativeFees: ZPlainDecimal,
  cumulativeSize: ZPlainDecimal,
  /** (cumulativeCost + cumulativeFees) / cumulativeSize, rounded up. */
  avgBuyRate: ZPlainDecimal,
  takeProfitPrice: ZPlainDecimal,
  /** Percent the price must move from this level to reach the take-profit (negative: already past it). */
  moveToTakeProfit: z.string(),
  /** Lowest sell price whose proceeds after the sell fee cover cost and buy fees. */
  breakEvenPrice: ZPlainDecimal,
  /**
   * The take-profit's orders filled to this level: one size each, more than one when everything held is more
   * than the exchange takes in one order. Absent on plans made before sells were split.
   */
  takeProfitSizes: z.optional(z.array(ZPlainDecimal)),
  /** Level 1 only: the marketable limit's price, the reference plus the slippage cap. */
  limitPrice: z.optional(ZPlainDecimal),
});
export type TEpicPlanLevel = z.infer<typeof ZEpicPlanLevel>;

export const ZEpicPlan = z.object({
  productId: z.string(),
  referencePrice: ZPlainDecimal,
  inputs: ZEpicInputs,
  makerFeeRate: ZPlainDecimal,
  takerFeeRate: ZPlainDecimal,
  /** Fee rate assumed for the take-profit sell (the worse of maker and taker). */
  sellFeeRate: ZPlainDecimal,
  levels: z.array(ZEpicPlanLevel),
  stopPrice: z.nullable(ZPlainDecimal),
  /** The stop's market sell of everything bought, split to fit the exchange (sizes). Absent without a stop. */
  stopSaleSizes: z.optional(z.array(ZPlainDecimal)),
  /** Level 1's slippage cap in percent over the reference price (its limit is the reference plus this). */
  slippageCap: z.optional(ZPlainDecimal),
  /** Things the trader should know that do not stop the epic (a stop that would leave dust). */
  warnings: z.optional(z.array(ZPlanWarning)),
  totalCost: ZPlainDecimal,
  totalFees: ZPlainDecimal,
  /** What the account must hold in USD: cost plus estimated fees. */
  fundsRequired: ZPlainDecimal,
  /** Budget left unspent by flooring sizes to the base increment. */
  unspent: ZPlainDecimal,
});
export type TEpicPlan = z.infer<typeof ZEpicPlan>;

export type TEpicPlanResult = { ok: true; plan: TEpicPlan } | { ok: false; problems: TPlanProblem[] };
