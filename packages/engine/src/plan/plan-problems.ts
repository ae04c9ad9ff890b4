import { EPIC_LIMITS, type TPlanProblem } from '@cdca/contracts';
import { formatPercent, formatUsd, formatUsdDown, formatUsdUp } from '../money/format-fixed.ts';
import { HUNDRED, type MoneyDecimal, ONE, ROUND_DOWN } from '../money/money-decimal.ts';
import { MAX_SELL_ORDERS } from '../position/sell-split.ts';

/**
 * Every problem a plan can have, built in one place so codes and wording stay consistent. Messages say what is
 * wrong in the trader's terms and what to change.
 */

type SpreadField = 'buySpread' | 'sellSpread' | 'stopSpread';
const SPREAD_NAMES: Record<SpreadField, string> = {
  buySpread: 'buy spread',
  sellSpread: 'sell spread',
  stopSpread: 'stop spread',
};

export const problems = {
  budgetInvalid: (detail: string): TPlanProblem => ({
    code: 'budget-invalid',
    field: 'budget',
    message: `The budget ${detail}.`,
  }),

  budgetAboveBalance: (
    needed: MoneyDecimal,
    fees: MoneyDecimal,
    reserve: MoneyDecimal,
    available: MoneyDecimal,
  ): TPlanProblem => ({
    code: 'budget-above-balance',
    field: 'budget',
    message:
      `This epic needs ${formatUsdUp(needed)} (its orders plus about ${formatUsd(fees)} in fees` +
      `${reserve.isZero() ? '' : ` and ${formatUsdUp(reserve)} in case level 1's price moves up to its cap`}) but only ` +
      `${formatUsdDown(available)} is available — lower the budget or add funds.`,
  }),

  levelsOutOfRange: (min: number, max: number): TPlanProblem => ({
    code: 'levels-out-of-range',
    field: 'dcaLevels',
    message: `Choose between ${min} and ${max} DCA levels.`,
  }),

  spreadOutOfRange: (field: SpreadField, min: string, max: string): TPlanProblem => ({
    code: 'spread-out-of-range',
    field,
    message: `The ${SPREAD_NAMES[field]} must be a percent from ${min} to ${max}, with at most 2 decimals.`,
  }),

  feeRateOutOfRange: (field: 'makerFeeRate' | 'takerFeeRate'): TPlanProblem => ({
    code: 'fee-rate-out-of-range',
    field,
    message: 'The fee rate must be a fraction from 0 to 0.1 (0.006 is 0.6 %).',
  }),

  referencePriceInvalid: (): TPlanProblem => ({
    code: 'reference-price-invalid',
    field: 'referencePrice',
    message: 'There is no usable price for this coin right now — try again in a moment.',
  }),

  productNotTradable: (productId: string, why: string): TPlanProblem => ({
    code: 'product-not-tradable',
    field: 'product',
    message: `${productId} can't be traded right now (${why}) — pick another coin or try later.`,
  }),

  productNotUsd: (productId: string): TPlanProblem => ({
    code: 'product-not-usd',
    field: 'product',
    message: `${productId} is not priced in USD; epics budget in dollars, so pick the coin's USD pair.`,
  }),

  priceBelowIncrement: (level: number, why: string): TPlanProblem => ({
    code: 'price-below-increment',
    field: 'buySpread',
    level,
    message: `Level ${level} ${why} — widen the buy spread or use fewer levels.`,
  }),

  /** The advice is computed: the widest stop spread that still leaves a real price, or what else would. */
  stopBelowIncrement: (level: number, lowest: MoneyDecimal, priceIncrement: MoneyDecimal): TPlanProblem => {
    const widest = ONE.minus(priceIncrement.div(lowest)).mul(HUNDRED).toDecimalPlaces(2, ROUND_DOWN);
    const fix = widest.gte(EPIC_LIMITS.stopSpread.min)
      ? `use a stop spread of at most ${widest.toFixed(2)} %`
      : 'remove the stop, or use a smaller buy spread or fewer levels so the lowest level sits higher';
    return {
      code: 'price-below-increment',
      field: 'stopSpread',
      level,
      message: `The stop under level ${level} would be priced below the smallest price step (${priceIncrement.toFixed()}) — ${fix}.`,
    };
  },

  levelBelowMinimum: (level: number, what: string, minimum: string): TPlanProblem => ({
    code: 'level-below-minimum',
    field: 'budget',
    level,
    message: `Level ${level} would buy ${what}, below the exchange's minimum order of ${minimum} — raise the budget or use fewer levels.`,
  }),

  levelAboveMaximum: (level: number, what: string, maximum: string): TPlanProblem => ({
    code: 'level-above-maximum',
    field: 'budget',
    level,
    message: `Level ${level} would buy ${what}, above the exchange's maximum order of ${maximum} — lower the budget or use more levels.`,
  }),

  sellAboveMaximum: (level: number, orders: number): TPlanProblem => ({
    code: 'sell-above-maximum',
    field: 'budget',
    level,
    message:
      `Filled to level ${level}, selling everything would take ${orders} orders at the exchange's maximum order ` +
      `size, more than the ${MAX_SELL_ORDERS} one epic can place — lower the budget or the sell spread.`,
  }),

  takeProfitBelowBreakEven: (
    level: number,
    takeProfit: string,
    breakEven: string,
    sellFeeRate: MoneyDecimal,
  ): TPlanProblem => ({
    code: 'take-profit-below-break-even',
    field: 'sellSpread',
    level,
    message:
      `Filled to level ${level}, the take-profit at ${takeProfit} would sell below break-even (${breakEven}) once ` +
      `the ${formatPercent(sellFeeRate)} sell fee and the buy fees are paid — raise the sell spread.`,
  }),
};
