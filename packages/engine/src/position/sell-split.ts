import { type MoneyDecimal, ONE } from '../money/money-decimal.ts';
import { sizeDownToIncrement } from '../money/round-to-increment.ts';

/** What the venue accepts for one order of the product (Product's fields, parsed). */
export type SellLimits = {
  baseIncrement: MoneyDecimal;
  baseMinSize: MoneyDecimal;
  baseMaxSize: MoneyDecimal;
  quoteMinSize: MoneyDecimal;
  quoteMaxSize: MoneyDecimal;
};

/**
 * Client order ids carry a sell's part number in two digits (client-order-id.ts), so one sell is at most 100
 * orders. No plan the venue's level maximums allow gets near it but a 500 % take-profit on 25 maximum levels.
 */
export const MAX_SELL_ORDERS = 100;

export type SellSplit =
  | { ok: true; sizes: MoneyDecimal[] }
  | { ok: false; reason: 'below-minimum' | 'too-many-orders'; orders: number };

/** `units` increments in k parts as equal as the increment allows, the larger parts first. */
const evenParts = (units: MoneyDecimal, k: number, increment: MoneyDecimal) => {
  const per = units.div(k).floor();
  const extra = units.minus(per.mul(k)).toNumber();
  return Array.from({ length: k }, (_, i) => (i < extra ? per.plus(1) : per).mul(increment));
};

/** Within both maximums and already on the increment: `evenParts` with k = 1 would give `[size]` itself. */
const fitsOneOrder = (size: MoneyDecimal, highPrice: MoneyDecimal, limits: SellLimits) =>
  size.lte(limits.baseMaxSize) &&
  size.mul(highPrice).lte(limits.quoteMaxSize) &&
  sizeDownToIncrement(size, limits.baseIncrement).eq(size);

/**
 * One sell of `size` (already on the base increment) at `price`, split into as few orders as keep each within
 * the venue's maximum size and value (docs/decisions/sells-fit-the-venue.md). Parts are as equal as the increment
 * allows, so when a split is needed every part is near the maximum and far above any minimum. `headroom` (≥ 1)
 * scales the price for the maximum-value check only: a market sell is judged at the price of the moment, which
 * may have risen since the engine looked.
 */
export const splitSell = (
  size: MoneyDecimal,
  price: MoneyDecimal,
  limits: SellLimits,
  headroom: MoneyDecimal = ONE,
): SellSplit => {
  if (size.isZero() || size.lt(limits.baseMinSize) || size.mul(price).lt(limits.quoteMinSize)) {
    return { ok: false, reason: 'below-minimum', orders: 1 };
  }
  const highPrice = price.mul(headroom);
  // One order is what nearly every sell is: it needs no division (the backtest splits per start and level).
  if (fitsOneOrder(size, highPrice, limits)) return { ok: true, sizes: [size] };
  const units = size.div(limits.baseIncrement);
  const byBase = size.div(limits.baseMaxSize).ceil().toNumber();
  const byValue = size.mul(highPrice).div(limits.quoteMaxSize).ceil().toNumber();
  for (let k = Math.max(1, byBase, byValue); k <= MAX_SELL_ORDERS; k++) {
    const sizes = evenParts(units, k, limits.baseIncrement);
    const largest = sizes[0] ?? size;
    const smallest = sizes[sizes.length - 1] ?? size;
    if (largest.gt(limits.baseMaxSize) || largest.mul(highPrice).gt(limits.quoteMaxSize)) continue;
    if (smallest.isZero() || smallest.lt(limits.baseMinSize) || smallest.mul(price).lt(limits.quoteMinSize)) {
      return { ok: false, reason: 'below-minimum', orders: k };
    }
    return { ok: true, sizes };
  }
  return {
    ok: false,
    reason: 'too-many-orders',
    orders: Math.max(byBase, byValue, MAX_SELL_ORDERS + 1),
  };
};
