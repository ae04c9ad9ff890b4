import { money } from '../money/money-decimal.ts';
import { clientOrderId } from './client-order-id.ts';
import type { Intent, Position } from './position.ts';

/**
 * What starting an epic means (DESIGN.md §5): level 1 at once as a marketable limit at its price, levels below
 * the market resting as post-only limit buys, levels above the market as engine-side triggers.
 */
export const openingIntents = (position: Position): Intent[] =>
  position.levels.map((level): Intent => {
    const id = clientOrderId(position.epicId, 'buy', level.level, 0);
    const order = position.orders[id];
    const referencePrice = position.levels[0]?.price ?? level.price;
    if (!order) throw new Error(`level ${level.level} has no registered order`);
    if (level.level !== 1 && money(level.price).gt(referencePrice)) {
      return { type: 'arm-trigger', level: level.level, price: level.price, clientOrderId: id };
    }
    return {
      type: 'place-order',
      order,
      request: {
        type: 'limit',
        clientOrderId: id,
        productId: position.productId,
        side: 'buy',
        baseSize: level.baseSize,
        limitPrice: level.price,
        postOnly: level.level !== 1,
      },
    };
  });
