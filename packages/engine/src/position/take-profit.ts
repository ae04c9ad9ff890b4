import { HUNDRED, money, ONE } from '../money/money-decimal.ts';
import { ratioUpToIncrement, sizeDownToIncrement } from '../money/round-to-increment.ts';
import { clientOrderId } from './client-order-id.ts';
import type { Intent, Position, PositionOrder } from './position.ts';

/**
 * The take-profit the position should have now: everything held, floored to the base increment (never more than
 * held, so the sell can never fail for lack of balance), at avgBuyRate × (1 + sellSpread/100) rounded up.
 * avgBuyRate = quote spent incl. fees / base BOUGHT: the average cost of what is left, which equals DESIGN's
 * "/ base held" until a take-profit partly sells, and unlike it does not jump when part of the position is sold.
 * undefined when nothing sellable is held or the remainder is under the venue minimum (dust stays held).
 */
export const desiredTakeProfit = (
  position: Position,
): { baseSize: string; limitPrice: string } | undefined => {
  const bought = money(position.boughtBase);
  if (bought.isZero()) return undefined;
  const { rules } = position;
  const size = sizeDownToIncrement(money(position.heldBase), money(rules.baseIncrement));
  const target = money(position.quoteSpent).mul(ONE.plus(money(position.sellSpread).div(HUNDRED)));
  const price = ratioUpToIncrement(target, bought, money(rules.priceIncrement));
  if (size.isZero() || size.lt(rules.baseMinSize) || size.mul(price).lt(rules.quoteMinSize)) return undefined;
  return { baseSize: size.toFixed(), limitPrice: price.toFixed() };
};

/**
 * Cancel the live take-profit and place the desired one when they differ (after a buy fill, or a sell fill of a
 * take-profit that was already being replaced). The engine must see the cancel confirmed, and apply any fills
 * it reports, before sending the new order; a late fill re-runs this and shrinks the new one.
 */
export const reconcileTakeProfit = (position: Position): { position: Position; intents: Intent[] } => {
  const live = position.takeProfitId ? position.orders[position.takeProfitId] : undefined;
  const desired = desiredTakeProfit(position);
  const liveRemaining = live ? money(live.baseSize).minus(live.filledSize) : undefined;
  if (
    live &&
    desired &&
    liveRemaining?.eq(desired.baseSize) &&
    money(live.limitPrice ?? '0').eq(desired.limitPrice)
  ) {
    return { position, intents: [] };
  }
  const intents: Intent[] = [];
  const orders = { ...position.orders };
  if (live) {
    orders[live.clientOrderId] = { ...live, retired: true };
    intents.push({ type: 'cancel-order', clientOrderId: live.clientOrderId, reason: 'replace-take-profit' });
  }
  if (!desired) return { position: { ...position, orders, takeProfitId: null }, intents };
  const attempt = position.takeProfitCount;
  const id = clientOrderId(position.epicId, 'take-profit', 0, attempt);
  const order: PositionOrder = {
    clientOrderId: id,
    purpose: 'take-profit',
    level: 0,
    attempt,
    side: 'sell',
    baseSize: desired.baseSize,
    limitPrice: desired.limitPrice,
    filledSize: '0',
    retired: false,
  };
  orders[id] = order;
  intents.push({
    type: 'place-order',
    order,
    request: {
      type: 'limit',
      clientOrderId: id,
      productId: position.productId,
      side: 'sell',
      baseSize: desired.baseSize,
      limitPrice: desired.limitPrice,
      // Not post-only: a take-profit the market has already passed should sell, not be rejected.
      postOnly: false,
    },
  });
  return { position: { ...position, orders, takeProfitId: id, takeProfitCount: attempt + 1 }, intents };
};
