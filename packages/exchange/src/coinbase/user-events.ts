import { Decimal } from 'decimal.js';
import { z } from 'zod';
import type { Fill, Order, Unsubscribe, UserEvent } from '../exchange.ts';
import { openFeedSocket } from './feed-socket.ts';
import { toOrderStatus } from './map-order.ts';
import { orZero } from './map-product.ts';

// The user channel sends cumulative order state (not one message per fill): we diff cumulative_quantity
// and fetch the new fills over REST, so the engine still gets one event per trade.
const ZUserOrder = z.object({
  order_id: z.string(),
  client_order_id: z.string().optional(),
  status: z.string(),
  cumulative_quantity: z.string().optional(),
  avg_price: z.string().optional(),
  total_fees: z.string().optional(),
  filled_value: z.string().optional(),
  end_time: z.string().optional(),
});
type TUserOrder = z.infer<typeof ZUserOrder>;

const ZUserFrame = z.object({
  channel: z.literal('user'),
  events: z.array(z.object({ type: z.string(), orders: z.array(ZUserOrder).optional() })),
});

export type UserEventsDeps = {
  url: string;
  signJwt: () => string;
  getOrder: (orderId: string) => Promise<Order>;
  fillsOfOrder: (orderId: string) => Promise<Fill[]>;
  onEvent: (event: UserEvent) => void;
};

// end_time is the zero time (0001-01-01…) until an order is done.
const doneTime = (endTime: string | undefined): Date | null => {
  if (!endTime || endTime.startsWith('0001-')) return null;
  const time = new Date(endTime);
  return Number.isNaN(time.getTime()) ? null : time;
};

const merge = (known: Order, wire: TUserOrder): Order => {
  const status = toOrderStatus(wire.status);
  const filledSize = orZero(wire.cumulative_quantity ?? known.filledSize);
  const averageFilledPrice = orZero(wire.avg_price ?? known.averageFilledPrice);
  return {
    ...known,
    status,
    filledSize,
    averageFilledPrice,
    filledValue: wire.filled_value || new Decimal(filledSize).mul(averageFilledPrice).toFixed(),
    totalFees: orZero(wire.total_fees ?? known.totalFees),
    doneAt: status === 'open' ? null : (doneTime(wire.end_time) ?? known.doneAt ?? new Date()),
  };
};

export const subscribeCoinbaseUserEvents = (deps: UserEventsDeps): Unsubscribe => {
  const orders = new Map<string, Order>();
  const seenTrades = new Set<string>();
  let queue: Promise<void> = Promise.resolve();

  const apply = async (wire: TUserOrder) => {
    const known = orders.get(wire.order_id);
    const order = known ? merge(known, wire) : await deps.getOrder(wire.order_id);
    const filledBefore = new Decimal(known?.filledSize ?? '0');
    if (new Decimal(order.filledSize).gt(filledBefore)) {
      for (const fill of await deps.fillsOfOrder(order.id)) {
        if (seenTrades.has(fill.tradeId)) continue;
        seenTrades.add(fill.tradeId);
        deps.onEvent({ type: 'fill', fill });
      }
    }
    orders.set(order.id, order);
    deps.onEvent({ type: 'order', order });
  };

  const socket = openFeedSocket({
    url: deps.url,
    subscribeFrames: () => [
      // The JWT has no uri claim on the WebSocket; signed afresh on every (re)connect.
      { type: 'subscribe', product_ids: [], channel: 'user', jwt: deps.signJwt() },
      { type: 'subscribe', product_ids: [], channel: 'heartbeats', jwt: deps.signJwt() },
    ],
    onMessage: (message) => {
      const frame = ZUserFrame.safeParse(message);
      if (!frame.success) return;
      for (const event of frame.data.events) {
        for (const wire of event.orders ?? []) {
          // Serialised so events keep the venue's order; a failed lookup skips this update only —
          // listFills stays the source of truth the engine reconciles against.
          queue = queue.then(() => apply(wire)).catch(() => undefined);
        }
      }
    },
  });
  return () => socket.close();
};
