import type { PlaceIntent, PositionOrder } from '@cdca/engine';
import type { NewOrderRow } from './epic-rows.ts';

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
