import type { Order, Product } from '@cdca/engine';
import type { WebSocket } from 'ws';
import type { Unsubscribe } from '../../exchange.ts';
import type { FakeState } from './fake-context.ts';
import { toWireTicker, toWireUserOrder, wireTimestamp } from './fake-wire.ts';
import { verifyCdpJwt } from './verify-cdp-jwt.ts';

// Coinbase closes a socket that has not subscribed within 5 s of connecting.
const SUBSCRIBE_DEADLINE_MS = 5_000;

type Frame = { type?: unknown; channel?: unknown; product_ids?: unknown; jwt?: unknown };

const openOrdersOf = async (state: FakeState, keyName: string): Promise<Order[]> => {
  const account = state.venue.accountOf(keyName);
  const orders = account.listOrders
    ? await account.listOrders()
    : await Promise.all((state.placedOrders.get(keyName) ?? []).map((id) => account.getOrder(id)));
  return orders.filter((o) => o.status === 'open');
};

/** Serves one Advanced Trade feed connection: ticker, heartbeats and the JWT-authenticated user channel. */
export const serveFeed = (socket: WebSocket, state: FakeState, now: () => number) => {
  let sequence = 0;
  const tickerIds = new Set<string>();
  const heartbeatIds = new Set<string>();
  let userKey: string | undefined;
  const stops: Unsubscribe[] = [];
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const products = new Map<string, Product>();

  const send = (channel: string, events: unknown[]) => {
    if (socket.readyState !== socket.OPEN) return;
    if (channel === 'user' && state.loseUserMessages > 0) {
      state.loseUserMessages -= 1;
      sequence += 1;
      return;
    }
    socket.send(
      JSON.stringify({
        channel,
        client_id: '',
        timestamp: wireTimestamp(new Date()),
        sequence_num: sequence++,
        events,
      }),
    );
  };
  const ack = () =>
    send('subscriptions', [
      {
        subscriptions: {
          ...(tickerIds.size > 0 ? { ticker: [...tickerIds] } : {}),
          ...(heartbeatIds.size > 0 || heartbeat ? { heartbeats: [...heartbeatIds] } : {}),
          ...(userKey ? { user: [] } : {}),
        },
      },
    ]);

  const deadline = setTimeout(() => socket.close(), SUBSCRIBE_DEADLINE_MS);

  const subscribeTicker = async (ids: string[]) => {
    const fresh = ids.filter((id) => !tickerIds.has(id));
    for (const id of fresh) tickerIds.add(id);
    const snapshot = [];
    for (const id of fresh) {
      try {
        const product = await state.venue.market.getProduct(id);
        products.set(id, product);
        const t = await state.venue.market.getTicker(id);
        snapshot.push(toWireTicker(t, product));
      } catch {
        // Coinbase silently ignores unknown product ids on the ticker channel.
      }
    }
    if (snapshot.length > 0) send('ticker', [{ type: 'snapshot', tickers: snapshot }]);
    if (fresh.length > 0) {
      stops.push(
        state.venue.market.subscribeTicks(fresh, (tick) =>
          send('ticker', [{ type: 'update', tickers: [toWireTicker(tick, products.get(tick.productId))] }]),
        ),
      );
    }
  };

  const subscribeUser = async (jwt: unknown) => {
    const verdict =
      typeof jwt === 'string'
        ? await verifyCdpJwt({
            token: jwt,
            publicKeyOf: async (name) => (await state.venue.findKey(name))?.publicKey,
            nowMs: now(),
          })
        : ({ ok: false, reason: 'no jwt' } as const);
    if (!verdict.ok) {
      socket.send(JSON.stringify({ type: 'error', message: 'authentication failure' }));
      return;
    }
    if (userKey) return;
    const keyName = verdict.keyName;
    userKey = keyName;
    const portfolioId = (await state.venue.findKey(keyName))?.permissions.portfolioId ?? '';
    // Subscribe before the snapshot so no update falls between them.
    stops.push(
      state.venue.accountOf(keyName).subscribeUserEvents((event) => {
        if (event.type !== 'order') return;
        send('user', [{ type: 'update', orders: [toWireUserOrder(event.order, portfolioId, 0)] }]);
      }),
    );
    const open = await openOrdersOf(state, keyName);
    // The snapshot arrives in batches of 50 orders; an empty book still gets one (empty) snapshot.
    for (let i = 0; i === 0 || i < open.length; i += 50) {
      const orders = open.slice(i, i + 50).map((o) => toWireUserOrder(o, portfolioId, 0));
      send('user', [
        {
          type: 'snapshot',
          orders,
          positions: { perpetual_futures_positions: [], expiring_futures_positions: [] },
        },
      ]);
    }
    state.userSubscriptions += 1;
  };

  const startHeartbeats = () => {
    if (heartbeat) return;
    let counter = 0;
    heartbeat = setInterval(() => {
      counter += 1;
      send('heartbeats', [{ current_time: new Date().toISOString(), heartbeat_counter: String(counter) }]);
    }, 1000);
  };

  const onFrame = async (frame: Frame) => {
    if (frame.type !== 'subscribe' && frame.type !== 'unsubscribe') {
      socket.send(JSON.stringify({ type: 'error', message: 'Failed to parse message' }));
      return;
    }
    const ids = Array.isArray(frame.product_ids)
      ? frame.product_ids.filter((id) => typeof id === 'string')
      : [];
    if (frame.type === 'unsubscribe') {
      // Unsubscribing tears down everything of that channel; enough for the adapter, which closes the socket.
      if (frame.channel === 'ticker') tickerIds.clear();
      ack();
      return;
    }
    clearTimeout(deadline);
    if (frame.channel === 'ticker') await subscribeTicker(ids);
    else if (frame.channel === 'heartbeats') {
      for (const id of ids) heartbeatIds.add(id);
      startHeartbeats();
    } else if (frame.channel === 'user') await subscribeUser(frame.jwt);
    else {
      socket.send(JSON.stringify({ type: 'error', message: `unsupported channel ${String(frame.channel)}` }));
      return;
    }
    ack();
  };

  let queue: Promise<void> = Promise.resolve();
  socket.on('message', (data) => {
    let frame: Frame;
    try {
      frame = JSON.parse(String(data)) as Frame;
    } catch {
      socket.send(JSON.stringify({ type: 'error', message: 'Failed to parse message' }));
      return;
    }
    queue = queue.then(() => onFrame(frame)).catch(() => undefined);
  });
  socket.on('close', () => {
    clearTimeout(deadline);
    if (heartbeat) clearInterval(heartbeat);
    for (const stop of stops) stop();
  });
};
