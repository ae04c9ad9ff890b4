import { type MoneyDecimal, money } from '../money/money-decimal.ts';
import { sizeDownToIncrement } from '../money/round-to-increment.ts';
import { clientOrderId } from './client-order-id.ts';
import { newOrder, placeOrderIntent } from './order-intents.ts';
import type { PlaceIntent, Position } from './position.ts';
import { sellLimitsOf } from './sell-limits.ts';
import { splitSell } from './sell-split.ts';

/**
 * A market sell is judged at the venue's price when it arrives, not at the price the engine read: parts are sized
 * so they stay under the maximum value even if the price has risen 10 % meanwhile (docs/decisions/sells-fit-the-venue.md).
 */
export const LIQUIDATION_HEADROOM = money('1.1');

export type Liquidation =
  | { kind: 'sell'; position: Position; intents: PlaceIntent[] }
  /** What is held is under the venue's minimum order: it stays on the account (docs/decisions/dust.md). */
  | { kind: 'dust'; size: string; value: string }
  | { kind: 'nothing' };

/**
 * The market sell of everything held (stop or the trader's liquidate) at about `price`, floored to the base
 * increment so it can never ask for more than the account holds (fees are charged in the quote), split into as
 * many orders as the venue's maximums need, each with a deterministic client order id (part, attempt).
 */
export const liquidationOrders = (position: Position, price: MoneyDecimal): Liquidation => {
  const limits = sellLimitsOf(position);
  const held = money(position.heldBase);
  const size = sizeDownToIncrement(held, limits.baseIncrement);
  if (held.isZero()) return { kind: 'nothing' };
  const split = splitSell(size, price, limits, LIQUIDATION_HEADROOM);
  if (!split.ok) {
    // too-many-orders cannot happen for a position the plan accepted (it checks the split at the stop and at the
    // take-profit price); selling nothing and keeping the coins is the safe answer either way.
    return { kind: 'dust', size: held.toFixed(), value: held.mul(price).toFixed() };
  }
  const attempt = Object.values(position.orders)
    .filter((o) => o.purpose === 'liquidation')
    .reduce((next, o) => Math.max(next, o.attempt + 1), 0);
  const orders = { ...position.orders };
  const intents: PlaceIntent[] = split.sizes.map((part, index) => {
    const id = clientOrderId(position.epicId, 'liquidation', index, attempt);
    const order = newOrder({
      clientOrderId: id,
      purpose: 'liquidation',
      level: index,
      attempt,
      side: 'sell',
      baseSize: part.toFixed(),
      limitPrice: null,
    });
    orders[id] = order;
    return placeOrderIntent(position, order);
  });
  return { kind: 'sell', position: { ...position, orders }, intents };
};

/**
 * What the liquidate step sells next at about `price`. The venue already refused the last sale as under its minimum
 * (the price fell between the engine's look and the sale): what is held is dust and stays on the account
 * (docs/decisions/dust.md) instead of being offered again and again.
 */
export const nextLiquidation = (
  position: Position,
  price: MoneyDecimal,
  { refusedAsDust }: { refusedAsDust: boolean },
): Liquidation =>
  refusedAsDust
    ? { kind: 'dust', size: position.heldBase, value: money(position.heldBase).mul(price).toFixed() }
    : liquidationOrders(position, price);
