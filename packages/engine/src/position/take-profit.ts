import { money } from '../money/money-decimal.ts';
import { sizeDownToIncrement } from '../money/round-to-increment.ts';
import { clientOrderId } from './client-order-id.ts';
import { newOrder, placeOrderIntent } from './order-intents.ts';
import type { Intent, Position, PositionOrder } from './position.ts';
import { sellLimitsOf } from './sell-limits.ts';
import { splitSell } from './sell-split.ts';
import { positionTakeProfitPrice } from './take-profit-price.ts';

/**
 * The take-profit the position should have now: everything held, floored to the base increment (never more than
 * held, so the sell can never fail for lack of balance), at the price of takeProfitPrice (avgBuyRate × (1 +
 * sellSpread/100) rounded up, never under break-even), split into as many orders as the venue's maximums need.
 * avgBuyRate = quote spent incl. fees / base BOUGHT: the average cost of what is left, which equals DESIGN's
 * "/ base held" until a take-profit partly sells, and unlike it does not jump when part of the position is sold.
 * undefined when nothing sellable is held or the remainder is under the venue minimum (dust stays held).
 */
export const desiredTakeProfit = (
  position: Position,
): { sizes: string[]; limitPrice: string } | undefined => {
  const bought = money(position.boughtBase);
  if (bought.isZero()) return undefined;
  const limits = sellLimitsOf(position);
  const size = sizeDownToIncrement(money(position.heldBase), limits.baseIncrement);
  const price = positionTakeProfitPrice(position);
  const split = splitSell(size, price, limits);
  // The plan refuses epics whose take-profit cannot be split; a position that still cannot is left unsold
  // rather than sent to a certain refusal.
  if (!split.ok) return undefined;
  return { sizes: split.sizes.map((s) => s.toFixed()), limitPrice: price.toFixed() };
};

/** The live take-profit's orders (not retired), in part order. */
const liveTakeProfit = (position: Position): PositionOrder[] =>
  position.takeProfitIds.flatMap((id) => {
    const order = position.orders[id];
    return order && !order.retired ? [order] : [];
  });

/**
 * Cancel the live take-profit and place the desired one when they differ (after a buy fill, or a sell fill of a
 * take-profit that was already being replaced). The live one is kept when its price is right and its parts'
 * remainders add up to what is held: a partial fill of one part shrinks both alike. The engine must see the
 * cancels confirmed, and apply any fills they report, before sending the new orders; a late fill re-runs this.
 */
export const reconcileTakeProfit = (position: Position): { position: Position; intents: Intent[] } => {
  const live = liveTakeProfit(position);
  const desired = desiredTakeProfit(position);
  if (live.length > 0 && desired) {
    const remaining = live.reduce((sum, o) => sum.plus(o.baseSize).minus(o.filledSize), money(0));
    const wanted = desired.sizes.reduce((sum, s) => sum.plus(s), money(0));
    const samePrice = live.every((o) => money(o.limitPrice ?? '0').eq(desired.limitPrice));
    if (samePrice && remaining.eq(wanted)) return { position, intents: [] };
  }
  const intents: Intent[] = [];
  const orders = { ...position.orders };
  for (const order of live) {
    orders[order.clientOrderId] = { ...order, retired: true };
    intents.push({ type: 'cancel-order', clientOrderId: order.clientOrderId, reason: 'replace-take-profit' });
  }
  if (!desired) return { position: { ...position, orders, takeProfitIds: [] }, intents };
  const attempt = position.takeProfitCount;
  const ids: string[] = [];
  desired.sizes.forEach((baseSize, part) => {
    const id = clientOrderId(position.epicId, 'take-profit', part, attempt);
    const order = newOrder({
      clientOrderId: id,
      purpose: 'take-profit',
      level: part,
      attempt,
      side: 'sell',
      baseSize,
      limitPrice: desired.limitPrice,
    });
    orders[id] = order;
    ids.push(id);
    // Not post-only: a take-profit the market has already passed should sell, not be rejected.
    intents.push(placeOrderIntent(position, order));
  });
  return {
    position: { ...position, orders, takeProfitIds: ids, takeProfitCount: attempt + 1 },
    intents,
  };
};
