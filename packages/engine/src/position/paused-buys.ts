import { money } from '../money/money-decimal.ts';
import { sizeDownToIncrement } from '../money/round-to-increment.ts';
import { clientOrderId } from './client-order-id.ts';
import { levelBuyIntent } from './opening-intents.ts';
import { newOrder } from './order-intents.ts';
import { filledInFull, type Intent, type Position, type PositionOrder } from './position.ts';
import { type Retired, retireOrders } from './retire-orders.ts';

const unfilled = (order: PositionOrder) => !filledInFull(order);

/**
 * While the account is not active no new money may be committed: every level buy still waiting (`waiting` says
 * which ones are on the venue or about to be, rather than armed engine-side) is retired, so the sync cancels it.
 * Sells are left alone: the take-profit only ever sells at a profit.
 */
export const retireWaitingBuys = (position: Position, waiting: (order: PositionOrder) => boolean): Retired =>
  retireOrders(position, (order) => order.purpose === 'buy' && unfilled(order) && waiting(order));

/**
 * The levels a paused epic is missing, placed again under the next attempt's client order id (a venue never takes
 * the same id twice): a level with nothing left to buy, or a buy or trigger still live, is left as it is. Levels
 * above the first one's price wait as engine-side triggers again, the others rest as post-only buys (a level the
 * market has already passed is refused by the venue and then bought as a taker, as when the epic opened).
 */
export const restoreMissingLevels = (position: Position): { position: Position; intents: Intent[] } => {
  // Every pass of every working epic asks, and a bought level has nothing to place: it is skipped by one comparison.
  const toBuy = position.finishedBy ? [] : position.levels.filter((l) => !filledInFull(l));
  if (toBuy.length === 0) return { position, intents: [] };
  const orders = { ...position.orders };
  const intents: Intent[] = [];
  const reference = position.levels[0]?.price ?? '0';
  const { rules } = position;
  // Grouped once: an epic's orders only grow (retired ones stay).
  const buysOf = Map.groupBy(
    Object.values(position.orders).filter((o) => o.purpose === 'buy'),
    (o) => o.level,
  );
  for (const level of toBuy) {
    const buys = buysOf.get(level.level) ?? [];
    if (buys.some((o) => !o.retired && unfilled(o))) continue;
    const size = sizeDownToIncrement(
      money(level.baseSize).minus(level.filledSize),
      money(rules.baseIncrement),
    );
    if (size.lt(rules.baseMinSize) || size.isZero() || size.mul(level.price).lt(rules.quoteMinSize)) continue;
    const order = newOrder({
      clientOrderId: clientOrderId(position.epicId, 'buy', level.level, buys.length),
      purpose: 'buy',
      level: level.level,
      attempt: buys.length,
      side: 'buy',
      baseSize: size.toFixed(),
      limitPrice: level.price,
    });
    orders[order.clientOrderId] = order;
    intents.push(levelBuyIntent(position, level, order, reference, { postOnly: true }));
  }
  return { position: intents.length ? { ...position, orders } : position, intents };
};
