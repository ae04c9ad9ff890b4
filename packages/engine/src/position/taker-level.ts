import { money } from '../money/money-decimal.ts';
import { clientOrderId } from './client-order-id.ts';
import { newOrder, placeOrderIntent } from './order-intents.ts';
import type { PlaceIntent, Position } from './position.ts';

/**
 * A level's buy that must now take liquidity: a resting level the market already passed (the venue refused it as
 * post-only). The same level and what is left of its size, under the next attempt's client order id (a venue never
 * takes one id twice), as a plain limit at `limitPrice` — marketable, so it fills now as a taker. undefined when the
 * position does not know the order.
 */
export const takerLevelOrder = (
  position: Position,
  fromClientOrderId: string,
  limitPrice: string,
): { position: Position; intent: PlaceIntent } | undefined => {
  const from = position.orders[fromClientOrderId];
  if (!from) return undefined;
  const attempt = Object.values(position.orders).filter(
    (o) => o.purpose === 'buy' && o.level === from.level,
  ).length;
  const id = clientOrderId(position.epicId, 'buy', from.level, attempt);
  const order = newOrder({
    ...from,
    clientOrderId: id,
    attempt,
    baseSize: money(from.baseSize).minus(from.filledSize).toFixed(),
    limitPrice,
  });
  return {
    position: {
      ...position,
      orders: { ...position.orders, [from.clientOrderId]: { ...from, retired: true }, [id]: order },
    },
    intent: placeOrderIntent(position, order),
  };
};
