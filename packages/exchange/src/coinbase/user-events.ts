import type { Fill, Order } from '@cdca/engine';
import { Decimal } from 'decimal.js';
import { z } from 'zod';
import type { Unsubscribe, UserEvent } from '../exchange.ts';
import { openFeedSocket } from './feed-socket.ts';
import { toOrderStatus } from './map-order.ts';
import { orZero } from './map-product.ts';
import type { ReconnectBackoff } from './reconnect-backoff.ts';

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

/** Every frame on a connection (user, heartbeats, subscriptions) carries the connection's next sequence number. */
const ZSequenced = z.looseObject({ sequence_num: z.number() });

export type UserEventsDeps = {
  url: string;
  signJwt: () => string;
  getOrder: (orderId: string) => Promise<Order>;
  fillsOfOrder: (orderId: string) => Promise<Fill[]>;
  onEvent: (event: UserEvent) => void;
  /** Shared by the exchange's sockets (reconnect-backoff.ts). */
  backoff?: ReconnectBackoff;
  /** Silence longer than this (heartbeats come every second) counts as a dead socket. */
  stallMs?: number;
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

  /** Emits an order's new state, and one fill event per trade it gained since we last saw it. */
  const publish = async (order: Order, known: Order | undefined) => {
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

  const apply = async (wire: TUserOrder) => {
    const known = orders.get(wire.order_id);
    await publish(known ? merge(known, wire) : await deps.getOrder(wire.order_id), known);
  };

  /**
   * Messages may have been missed (an error frame, a sequence gap, a stall, a reconnect): read every order we still
   * think is open over REST and publish what changed, so no cancel or fill is lost with the missed message.
   */
  const reconcile = () => {
    for (const known of orders.values()) {
      if (known.status !== 'open') continue;
      queue = queue
        .then(async () => {
          const fresh = await deps.getOrder(known.id);
          const same = fresh.status === known.status && fresh.filledSize === known.filledSize;
          if (!same) await publish(fresh, orders.get(known.id));
        })
        .catch(() => undefined);
    }
  };

  let lastSequence: number | undefined;
  const checkSequence = (message: unknown) => {
    const sequenced = ZSequenced.safeParse(message);
    if (!sequenced.success) return;
    const current = sequenced.data.sequence_num;
    if (lastSequence !== undefined && current !== lastSequence + 1) reconcile();
    lastSequence = current;
  };

  const socket = openFeedSocket({
    url: deps.url,
    subscribeFrames: () => [
      // The JWT has no uri claim on the WebSocket; signed afresh on every (re)connect.
      { type: 'subscribe', product_ids: [], channel: 'user', jwt: deps.signJwt() },
      { type: 'subscribe', product_ids: [], channel: 'heartbeats', jwt: deps.signJwt() },
    ],
    backoff: deps.backoff,
    stallMs: deps.stallMs,
    onError: () => reconcile(),
    onGap: () => {
      // A new connection numbers its frames afresh.
      lastSequence = undefined;
      reconcile();
    },
    onMessage: (message) => {
      checkSequence(message);
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
