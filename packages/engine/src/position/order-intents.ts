import type { PlaceIntent, Position, PositionOrder } from './position.ts';

/** A new order of the position: nothing filled yet, and live. */
export const newOrder = (order: Omit<PositionOrder, 'filledSize' | 'retired'>): PositionOrder => ({
  ...order,
  filledSize: '0',
  retired: false,
});

/**
 * The intent that sends `order` exactly as the position records it: a limit at its price, or a market order when
 * it has none (a liquidation). Every rule that places an order builds its request here, so the request can never
 * disagree with the order the position books fills against.
 */
export const placeOrderIntent = (position: Position, order: PositionOrder, postOnly = false): PlaceIntent => {
  const common = {
    clientOrderId: order.clientOrderId,
    productId: position.productId,
    side: order.side,
    baseSize: order.baseSize,
  };
  if (order.limitPrice === null)
    return { type: 'place-order', order, request: { type: 'market', ...common } };
  return {
    type: 'place-order',
    order,
    request: { type: 'limit', ...common, limitPrice: order.limitPrice, postOnly },
  };
};
