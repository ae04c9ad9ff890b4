import type { Fill } from '../market/order.ts';
import { money } from '../money/money-decimal.ts';
import { filledInFull, type Intent, type Position } from './position.ts';
import { reconcileTakeProfit } from './take-profit.ts';

export type ApplyFillResult = {
  position: Position;
  intents: Intent[];
  outcome: 'applied' | 'duplicate' | 'unknown-order';
  /** The state-machine event this fill causes, if any. */
  event?: 'take-profit-filled' | 'position-sold';
};

const add = (a: string, b: { toFixed: () => string } | string) =>
  money(a).plus(money(b.toString())).toFixed();
const sub = (a: string, b: string) => money(a).minus(b).toFixed();

/**
 * Books one fill exactly once (keyed by the venue's trade id) and says what to do next. Partial fills are just
 * fills: each adds its size, value and fee. Fees are in the quote currency (Fill.fee), so the base held is
 * exactly what was bought minus what was sold.
 */
export const applyFill = (position: Position, fill: Fill): ApplyFillResult => {
  if (position.appliedTradeIds.includes(fill.tradeId)) return { position, intents: [], outcome: 'duplicate' };
  const order = position.orders[fill.clientOrderId];
  if (!order || fill.productId !== position.productId || fill.side !== order.side) {
    return { position, intents: [], outcome: 'unknown-order' };
  }
  const value = money(fill.price).mul(fill.size);
  const orderAfter = { ...order, filledSize: add(order.filledSize, fill.size) };
  const booked: Position = {
    ...position,
    orders: { ...position.orders, [order.clientOrderId]: orderAfter },
    appliedTradeIds: [...position.appliedTradeIds, fill.tradeId],
  };

  if (order.side === 'buy') {
    const next: Position = {
      ...booked,
      levels: booked.levels.map((l) =>
        l.level === order.level ? { ...l, filledSize: add(l.filledSize, fill.size) } : l,
      ),
      boughtBase: add(booked.boughtBase, fill.size),
      heldBase: add(booked.heldBase, fill.size),
      quoteSpent: add(booked.quoteSpent, value.plus(fill.fee)),
      buyFees: add(booked.buyFees, fill.fee),
    };
    // A buy after the position was sold (a resting buy that filled before its cancel landed) is booked, but
    // the epic is over: the engine reports the coins as held rather than starting a new take-profit.
    if (next.finishedBy) return { position: next, intents: [], outcome: 'applied' };
    return { ...reconcileTakeProfit(next), outcome: 'applied' };
  }

  const sold: Position = {
    ...booked,
    heldBase: sub(booked.heldBase, fill.size),
    soldBase: add(booked.soldBase, fill.size),
    proceeds: add(booked.proceeds, value),
    sellFees: add(booked.sellFees, fill.fee),
  };
  const orderDone = filledInFull(orderAfter);
  // A sell split into parts (docs/decisions/sells-fit-the-venue.md) is done when its last live part fills.
  const set =
    order.purpose === 'liquidation'
      ? Object.values(sold.orders).filter((o) => o.purpose === 'liquidation' && !o.retired)
      : sold.takeProfitIds.includes(order.clientOrderId)
        ? sold.takeProfitIds.flatMap((id) => sold.orders[id] ?? [])
        : [];
  const finishes = orderDone && !sold.finishedBy && set.length > 0 && set.every(filledInFull);
  if (!finishes) {
    if (sold.finishedBy || order.purpose === 'liquidation')
      return { position: sold, intents: [], outcome: 'applied' };
    // A partial fill of the live take-profit leaves its remainder equal to what is held: reconcile is a no-op.
    // A fill of a retired take-profit shrinks what is held, so the live one is re-sized.
    return { ...reconcileTakeProfit(sold), outcome: 'applied' };
  }
  const finishedBy = order.purpose === 'liquidation' ? ('liquidation' as const) : ('take-profit' as const);
  const orders = { ...sold.orders };
  const intents: Intent[] = [];
  for (const o of Object.values(orders)) {
    if (o.retired || o.clientOrderId === order.clientOrderId || filledInFull(o)) continue;
    orders[o.clientOrderId] = { ...o, retired: true };
    intents.push({ type: 'cancel-order', clientOrderId: o.clientOrderId, reason: 'position-sold' });
  }
  intents.push({ type: 'disarm-triggers' });
  orders[order.clientOrderId] = { ...orderAfter, retired: true };
  return {
    position: { ...sold, orders, finishedBy, takeProfitIds: [] },
    intents,
    outcome: 'applied',
    event: finishedBy === 'liquidation' ? 'position-sold' : 'take-profit-filled',
  };
};
