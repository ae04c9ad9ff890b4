import type { MoneyDecimal } from '../money/money-decimal.ts';
import { money } from '../money/money-decimal.ts';
import { nearestMultiple, priceDownToIncrement, priceUpToIncrement } from '../money/round-to-increment.ts';

const BASIS_POINT = money('0.0001');

/**
 * The paper venue's quote around a last price (packages/exchange/src/paper/product-state.ts `quoteOf`): bid and ask
 * straddle it by the product's half-spread, at least one price increment each side. Restated here because the
 * domain may not import the adapter (docs/decisions/package-walls.md); the equivalence test
 * (apps/server/src/engine/backtest-equivalence.test.ts) keeps the two in step.
 */
export const quoteAt = (
  last: MoneyDecimal,
  halfSpreadBps: number,
  priceIncrement: MoneyDecimal,
): { bid: MoneyDecimal; ask: MoneyDecimal } =>
  quoteAround(last, halfSpreadFraction(halfSpreadBps), priceIncrement);

/** The half-spread as a fraction of the price: ×0.0001 is ÷10,000 exactly, without a 60-digit division. */
export const halfSpreadFraction = (halfSpreadBps: number): MoneyDecimal =>
  money(halfSpreadBps).mul(BASIS_POINT);

/** `quoteAt` with the fraction made once (a replay asks for thousands of quotes of one product). */
export const quoteAround = (
  last: MoneyDecimal,
  fraction: MoneyDecimal,
  priceIncrement: MoneyDecimal,
): { bid: MoneyDecimal; ask: MoneyDecimal } => {
  let half = last.mul(fraction);
  if (half.lt(priceIncrement)) half = priceIncrement;
  let bid = priceDownToIncrement(last.minus(half), priceIncrement);
  if (bid.lte(0)) bid = priceIncrement;
  const ask = priceUpToIncrement(last.plus(half), priceIncrement);
  return { bid: bid.gt(last) ? last : bid, ask: ask.lt(last) ? last : ask };
};

/**
 * A candle's float price as the venue's decimal: the venue's `last` is always on the price grid, so the nearest
 * grid point is the price the float stands for (it only lost digits in binary).
 */
export const gridPrice = (value: number, priceIncrement: MoneyDecimal): MoneyDecimal =>
  nearestMultiple(money(value), priceIncrement);
