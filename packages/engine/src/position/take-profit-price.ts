import { HUNDRED, type MoneyDecimal, money, ONE } from '../money/money-decimal.ts';
import { FIGURES_REMEMBERED, remembered } from '../money/remembered.ts';
import { ratioUpToIncrement } from '../money/round-to-increment.ts';
import type { PositionFigures } from './position.ts';
import { sellFeeRateOf } from './sell-limits.ts';

export type TakeProfitPriceInputs = {
  /** Bought value plus buy fees of everything bought so far. */
  quoteSpent: MoneyDecimal;
  /** Base bought so far (not held: see desiredTakeProfit). */
  bought: MoneyDecimal;
  /** Percent over the average buy rate. */
  sellSpread: MoneyDecimal;
  /** Fraction the sell may pay (the worse of maker and taker). */
  sellFeeRate: MoneyDecimal;
  priceIncrement: MoneyDecimal;
};

/**
 * The ONE rule for a take-profit's price, used by the plan's preview and the position alike
 * (docs/decisions/take-profit-break-even.md): avgBuyRate × (1 + sellSpread) rounded up to the tick, raised to the
 * break-even of the actual position — avgBuyRate / (1 − sellFeeRate), rounded up — when the spread alone falls
 * short. The plan refuses spreads that fall short when the levels fill in order; any other set of fills (level 3
 * without level 2) may still round a hair under, and this keeps every take-profit from selling at a loss.
 */
export const takeProfitPrice = (inputs: TakeProfitPriceInputs) => {
  const { quoteSpent, bought, sellSpread, sellFeeRate, priceIncrement } = inputs;
  const bySpread = ratioUpToIncrement(
    quoteSpent.mul(ONE.plus(sellSpread.div(HUNDRED))),
    bought,
    priceIncrement,
  );
  const breakEven = ratioUpToIncrement(quoteSpent, bought.mul(ONE.minus(sellFeeRate)), priceIncrement);
  return { price: bySpread.lt(breakEven) ? breakEven : bySpread, bySpread, breakEven };
};

/**
 * The take-profit price of what a position has bought (takeProfitPrice on its figures). The engine works it out when
 * it books a fill, and the epic's realtime event shows it moments later from the same figures: two 60-digit divisions
 * each time, so recent answers are remembered.
 */
export const positionTakeProfitPrice = remembered(
  FIGURES_REMEMBERED,
  (p: PositionFigures) =>
    `${p.quoteSpent} ${p.boughtBase} ${p.sellSpread} ${p.sellFeeRate} ${p.rules.priceIncrement}`,
  (p: PositionFigures): MoneyDecimal =>
    takeProfitPrice({
      quoteSpent: money(p.quoteSpent),
      bought: money(p.boughtBase),
      sellSpread: money(p.sellSpread),
      sellFeeRate: sellFeeRateOf(p),
      priceIncrement: money(p.rules.priceIncrement),
    }).price,
);
