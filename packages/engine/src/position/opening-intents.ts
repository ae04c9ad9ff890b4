import { money } from '../money/money-decimal.ts';
import { clientOrderId } from './client-order-id.ts';
import { placeOrderIntent } from './order-intents.ts';
import type { Intent, Position, PositionLevel, PositionOrder } from './position.ts';

/**
 * How one buy level goes to the venue: a level above the reference price (never level 1) waits as an engine-side
 * trigger, any other rests as a limit buy of the order's size at its price.
 */
export const levelBuyIntent = (
  position: Position,
  level: PositionLevel,
  order: PositionOrder,
  referencePrice: string,
  { postOnly }: { postOnly: boolean },
): Intent => {
  if (level.level !== 1 && money(level.price).gt(referencePrice)) {
    return {
      type: 'arm-trigger',
      level: level.level,
      price: level.price,
      clientOrderId: order.clientOrderId,
    };
  }
  // A buy always goes out as a limit: an order without its own price buys at its level's.
  return placeOrderIntent(position, { ...order, limitPrice: order.limitPrice ?? level.price }, postOnly);
};

/**
 * What starting an epic means (docs/decisions/epic-maths.md): level 1 at once as a marketable limit at its price, levels below
 * the market resting as post-only limit buys, levels above the market as engine-side triggers.
 */
export const openingIntents = (position: Position): Intent[] =>
  position.levels.map((level): Intent => {
    const id = clientOrderId(position.epicId, 'buy', level.level, 0);
    const order = position.orders[id];
    const referencePrice = position.levels[0]?.price ?? level.price;
    if (!order) throw new Error(`level ${level.level} has no registered order`);
    return levelBuyIntent(position, level, order, referencePrice, { postOnly: level.level !== 1 });
  });
