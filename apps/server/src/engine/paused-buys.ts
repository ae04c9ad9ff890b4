import { money } from '@cdca/engine/money/money-decimal.ts';
import { sizeDownToIncrement } from '@cdca/engine/money/round-to-increment.ts';
import { clientOrderId } from '@cdca/engine/position/client-order-id.ts';
import { levelBuyIntent } from '@cdca/engine/position/opening-intents.ts';
import type { Intent, Position, PositionOrder } from '@cdca/engine/position/position.ts';

const unfilled = (order: PositionOrder) => money(order.filledSize).lt(order.baseSize);

/**
 * While the account is not active no new money may be committed: every level buy still waiting (`waiting` says
 * which ones are on the venue or about to be, rather than armed engine-side) is retired, so the sync cancels it.
 * Sells are left alone: the take-profit only ever sells at a profit.
 */
export const retireWaitingBuys = (
  position: Position,
  waiting: (order: PositionOrder) => boolean,
): { position: Position; retired: number } => {
  const orders: Record<string, PositionOrder> = {};
  let retired = 0;
  for (const [id, order] of Object.entries(position.orders)) {
    const pause = order.purpose === 'buy' && !order.retired && unfilled(order) && waiting(order);
    orders[id] = pause ? { ...order, retired: true } : order;
    if (pause) retired += 1;
  }
  return { position: retired ? { ...position, orders } : position, retired };
};

/**
 * The levels a paused epic is missing, placed again under the next attempt's client order id (a venue never takes
 * the same id twice): a level with nothing left to buy, or a buy or trigger still live, is left as it is. Levels
 * above the first one's price wait as engine-side triggers again, the others rest as post-only buys (a level the
 * market has already passed is refused by the venue and then bought as a taker, as when the epic opened).
 */
export const restoreMissingLevels = (position: Position): { position: Position; intents: Intent[] } => {
  if (position.finishedBy) return { position, intents: [] };
  const orders = { ...position.orders };
  const intents: Intent[] = [];
  const reference = position.levels[0]?.price ?? '0';
  const { rules } = position;
  for (const level of position.levels) {
    const buys = Object.values(position.orders).filter((o) => o.purpose === 'buy' && o.level === level.level);
    if (buys.some((o) => !o.retired && unfilled(o))) continue;
    const size = sizeDownToIncrement(
      money(level.baseSize).minus(level.filledSize),
      money(rules.baseIncrement),
    );
    if (size.lt(rules.baseMinSize) || size.isZero() || size.mul(level.price).lt(rules.quoteMinSize)) continue;
    const id = clientOrderId(position.epicId, 'buy', level.level, buys.length);
    const order: PositionOrder = {
      clientOrderId: id,
      purpose: 'buy',
      level: level.level,
      attempt: buys.length,
      side: 'buy',
      baseSize: size.toFixed(),
      limitPrice: level.price,
      filledSize: '0',
      retired: false,
    };
    orders[id] = order;
    intents.push(
      levelBuyIntent(position, level, order, reference, { baseSize: order.baseSize, postOnly: true }),
    );
  }
  return { position: intents.length ? { ...position, orders } : position, intents };
};
