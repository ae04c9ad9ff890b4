import { type MoneyDecimal, money } from '../money/money-decimal.ts';
import { sizeDownToIncrement } from '../money/round-to-increment.ts';
import { clientOrderId } from './client-order-id.ts';
import type { Intent, Position, PositionOrder } from './position.ts';
import { sellLimitsOf } from './sell-limits.ts';
import { splitSell } from './sell-split.ts';

type PlaceIntent = Extract<Intent, { type: 'place-order' }>;

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
    const order: PositionOrder = {
      clientOrderId: id,
      purpose: 'liquidation',
      level: index,
      attempt,
      side: 'sell',
      baseSize: part.toFixed(),
      limitPrice: null,
      filledSize: '0',
      retired: false,
    };
    orders[id] = order;
    return {
      type: 'place-order',
      order,
      request: {
        type: 'market',
        clientOrderId: id,
        productId: position.productId,
        side: 'sell',
        baseSize: part.toFixed(),
      },
    };
  });
  return { kind: 'sell', position: { ...position, orders }, intents };
};
