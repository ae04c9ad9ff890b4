import { money } from '@cdca/engine/money/money-decimal.ts';
import { clientOrderId } from '@cdca/engine/position/client-order-id.ts';
import type { Intent, Position, PositionOrder } from '@cdca/engine/position/position.ts';
import type { OrderRequest } from '@cdca/exchange/exchange.ts';
import type { epicOrders } from '../modules/epics/epics.schema.ts';
import type { OrderRow } from './epic-rows.ts';

type NewOrderRow = typeof epicOrders.$inferInsert;
type PlaceIntent = Extract<Intent, { type: 'place-order' }>;

/** The epic_orders row written BEFORE a place-order intent is sent (status 'intent'). */
export const intentRow = (epicId: string, intent: PlaceIntent): NewOrderRow => {
  const { order, request } = intent;
  return {
    epicId,
    clientOrderId: request.clientOrderId,
    purpose: order.purpose,
    level: order.level,
    side: request.side,
    type: request.type,
    baseSize: request.baseSize ?? null,
    quoteSize: request.type === 'market' ? (request.quoteSize ?? null) : null,
    limitPrice: request.type === 'limit' ? request.limitPrice : null,
    postOnly: request.type === 'limit' && request.postOnly ? 'true' : 'false',
    status: 'intent',
  };
};

/** An above-level waiting in the trigger book: a row so a restart re-arms it. */
export const armedRow = (epicId: string, order: PositionOrder): NewOrderRow => ({
  epicId,
  clientOrderId: order.clientOrderId,
  purpose: 'buy',
  level: order.level,
  side: 'buy',
  type: 'limit',
  baseSize: order.baseSize,
  limitPrice: order.limitPrice,
  postOnly: 'false',
  status: 'armed',
});

/** What to send for a row: the row is the record of what was decided, so a re-send is always identical. */
export const requestOf = (row: OrderRow, productId: string): OrderRequest => {
  if (row.type === 'limit') {
    return {
      type: 'limit',
      clientOrderId: row.clientOrderId,
      productId,
      side: row.side,
      baseSize: money(row.baseSize ?? '0').toFixed(),
      limitPrice: money(row.limitPrice ?? '0').toFixed(),
      postOnly: row.postOnly === 'true',
    };
  }
  return {
    type: 'market',
    clientOrderId: row.clientOrderId,
    productId,
    side: row.side,
    baseSize: money(row.baseSize ?? '0').toFixed(),
  };
};

/** Every order the position no longer wants, marked retired (cancel all; coins kept or about to be sold). */
export const retireAll = (position: Position, keep?: (order: PositionOrder) => boolean): Position => {
  const orders: Record<string, PositionOrder> = {};
  for (const [id, order] of Object.entries(position.orders)) {
    orders[id] = keep?.(order) ? order : { ...order, retired: true };
  }
  return { ...position, orders, takeProfitIds: [] };
};

/**
 * A level's buy that must now take liquidity: a resting level the market already passed (post-only refused) or
 * an above-level whose trigger fired. Same level and size under the next attempt's client order id, as a plain
 * limit at `limitPrice` — marketable, so it fills now as a taker.
 */
export const takerLevelOrder = (
  position: Position,
  from: PositionOrder,
  limitPrice: string,
): { position: Position; intent: PlaceIntent } => {
  const attempts = Object.values(position.orders).filter(
    (o) => o.purpose === 'buy' && o.level === from.level,
  ).length;
  const id = clientOrderId(position.epicId, 'buy', from.level, attempts);
  const remaining = money(from.baseSize).minus(from.filledSize).toFixed();
  const order: PositionOrder = {
    ...from,
    clientOrderId: id,
    attempt: attempts,
    baseSize: remaining,
    limitPrice,
    filledSize: '0',
    retired: false,
  };
  return {
    position: {
      ...position,
      orders: { ...position.orders, [from.clientOrderId]: { ...from, retired: true }, [id]: order },
    },
    intent: {
      type: 'place-order',
      order,
      request: {
        type: 'limit',
        clientOrderId: id,
        productId: position.productId,
        side: 'buy',
        baseSize: remaining,
        limitPrice,
        postOnly: false,
      },
    },
  };
};
