import { HUNDRED, type MoneyDecimal, money, ONE } from '../money/money-decimal.ts';
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

/** Enough for every epic of the largest batch a worker books between its writes and its realtime events. */
const REMEMBERED_PRICES = 4096;
const remembered = new Map<string, MoneyDecimal>();

/**
 * The take-profit price of what a position has bought (takeProfitPrice on its figures). The engine works it out when
 * it books a fill, and the epic's realtime event shows it moments later from the same figures, so recent answers are
 * kept by those figures rather than worked out twice: two 60-digit divisions each. Decimals are immutable, so a kept
 * answer cannot be changed by whoever receives it.
 */
export const positionTakeProfitPrice = (position: PositionFigures): MoneyDecimal => {
  const key = `${position.quoteSpent} ${position.boughtBase} ${position.sellSpread} ${position.sellFeeRate} ${position.rules.priceIncrement}`;
  const known = remembered.get(key);
  if (known) return known;
  const { price } = takeProfitPrice({
    quoteSpent: money(position.quoteSpent),
    bought: money(position.boughtBase),
    sellSpread: money(position.sellSpread),
    sellFeeRate: sellFeeRateOf(position),
    priceIncrement: money(position.rules.priceIncrement),
  });
  if (remembered.size >= REMEMBERED_PRICES) remembered.clear();
  remembered.set(key, price);
  return price;
};
