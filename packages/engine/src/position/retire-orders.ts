import type { Position, PositionOrder } from './position.ts';

export type Retired = { position: Position; retired: number };

/** Marks retired every live order `retire` picks; the sync then cancels it (or drops it if never sent). */
export const retireOrders = (position: Position, retire: (order: PositionOrder) => boolean): Retired => {
  const orders: Record<string, PositionOrder> = {};
  let retired = 0;
  for (const [id, order] of Object.entries(position.orders)) {
    const retiring = !order.retired && retire(order);
    orders[id] = retiring ? { ...order, retired: true } : order;
    if (retiring) retired += 1;
  }
  return { position: retired ? { ...position, orders } : position, retired };
};

/**
 * The trader's cancel, or a delisted product: every order retired and no take-profit left; the coins bought are
 * kept.
 */
export const retireAll = (position: Position): Retired => {
  const done = retireOrders(position, () => true);
  return done.retired ? { ...done, position: { ...done.position, takeProfitIds: [] } } : done;
};

/**
 * The trader's liquidate or the stop: every order but the liquidation's own retired, so the coins are free for
 * the market sell and nothing else can buy or sell them meanwhile.
 */
export const retireAllButLiquidation = (position: Position): Retired => {
  const done = retireOrders(position, (order) => order.purpose !== 'liquidation');
  return done.retired ? { ...done, position: { ...done.position, takeProfitIds: [] } } : done;
};
