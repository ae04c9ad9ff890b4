import type { Fill, Order } from '@cdca/engine';
import { z } from 'zod';
import type { Balance, CancelResult, ExchangeAccount, KeyPermissions } from '../exchange.ts';
import { toFill } from './map-fill.ts';
import { toOrder } from './map-order.ts';
import { createOrderPlacer } from './place-order.ts';
import type { ReconnectBackoff } from './reconnect-backoff.ts';
import type { RestAuth, RestClient } from './rest-client.ts';
import { subscribeCoinbaseUserEvents } from './user-events.ts';
import {
  ZAccountsPage,
  ZBatchCancelResponse,
  ZFillsPage,
  ZKeyPermissions,
  ZOrderEnvelope,
  ZOrdersPage,
} from './wire.ts';

const PAGE = 250;
// Coinbase caps batch_cancel at 100 ids (third-party note, unverified): chunk to be safe.
const CANCEL_CHUNK = 100;

const ZPortfolios = z.object({
  portfolios: z.array(z.object({ uuid: z.string(), name: z.string() })),
});

export type AccountDeps = {
  rest: RestClient;
  auth: RestAuth;
  wsUserUrl: string;
  signWsJwt: () => string;
  now: () => number;
  backoff?: ReconnectBackoff;
  /** Waits between reads of a just-created order (place-order.ts). */
  pause?: (ms: number) => Promise<void>;
};

/** The port's lookup by client order id reads at most this many pages (newest first) rather than all history. */
const LOOKUP_PAGES = 8;

export const createCoinbaseAccount = ({
  rest,
  auth,
  wsUserUrl,
  signWsJwt,
  now,
  pause,
  backoff,
}: AccountDeps): ExchangeAccount => {
  // orderId → clientOrderId: fills on the wire do not carry the client id.
  const clientIds = new Map<string, string>();
  const remember = (order: Order): Order => {
    clientIds.set(order.id, order.clientOrderId);
    return order;
  };

  const getKeyPermissions = async (): Promise<KeyPermissions> => {
    const wire = await rest.send({ method: 'GET', path: '/key_permissions', schema: ZKeyPermissions, auth });
    const portfolioId = wire.portfolio_uuid ?? '';
    let portfolioName = wire.portfolio_type === 'DEFAULT' ? 'Default' : (wire.portfolio_type ?? '');
    if (wire.can_view && portfolioId) {
      // key_permissions names no portfolio; the portfolio list does. Best effort: the id is what matters.
      try {
        const { portfolios } = await rest.send({
          method: 'GET',
          path: '/portfolios',
          schema: ZPortfolios,
          auth,
        });
        portfolioName = portfolios.find((p) => p.uuid === portfolioId)?.name ?? portfolioName;
      } catch {}
    }
    return {
      canView: wire.can_view ?? false,
      canTrade: wire.can_trade ?? false,
      // The spec marks no field required: a missing can_transfer is unknown, and unknown is refused.
      canTransfer: wire.can_transfer ?? true,
      portfolioId,
      portfolioName,
    };
  };

  const getBalances = async (): Promise<Balance[]> => {
    const balances: Balance[] = [];
    let cursor: string | undefined;
    do {
      const page = await rest.send({
        method: 'GET',
        path: '/accounts',
        query: { limit: PAGE, cursor },
        schema: ZAccountsPage,
        auth,
      });
      for (const a of page.accounts) {
        balances.push({
          currency: a.currency,
          available: a.available_balance.value,
          hold: a.hold?.value ?? '0',
        });
      }
      cursor = page.has_next && page.cursor ? page.cursor : undefined;
    } while (cursor);
    return balances;
  };

  const getOrder = async (orderId: string): Promise<Order> => {
    const { order } = await rest.send({
      method: 'GET',
      path: `/orders/historical/${encodeURIComponent(orderId)}`,
      schema: ZOrderEnvelope,
      auth,
    });
    return remember(toOrder(order));
  };

  // There is no lookup by client_order_id in v3: list the portfolio's orders (newest first) and match, up to a
  // bound (placing an order resolves its own ambiguity with a narrower lookup: place-order.ts).
  const getOrderByClientOrderId = async (clientOrderId: string): Promise<Order | undefined> => {
    let cursor: string | undefined;
    let pages = 0;
    do {
      pages += 1;
      const page = await rest.send({
        method: 'GET',
        path: '/orders/historical/batch',
        query: { limit: PAGE, cursor },
        schema: ZOrdersPage,
        auth,
      });
      const found = page.orders.find((o) => o.client_order_id === clientOrderId);
      if (found) return remember(toOrder(found));
      cursor = page.has_next && page.cursor ? page.cursor : undefined;
    } while (cursor && pages < LOOKUP_PAGES);
    return undefined;
  };

  const placeOrder = createOrderPlacer({ rest, auth, now, getOrder, remember, pause });

  const cancelOrders = async (orderIds: readonly string[]): Promise<CancelResult[]> => {
    const results: CancelResult[] = [];
    for (let i = 0; i < orderIds.length; i += CANCEL_CHUNK) {
      const answer = await rest.send({
        method: 'POST',
        path: '/orders/batch_cancel',
        body: { order_ids: orderIds.slice(i, i + CANCEL_CHUNK) },
        schema: ZBatchCancelResponse,
        auth,
      });
      for (const r of answer.results) {
        results.push({
          orderId: r.order_id,
          success: r.success,
          reason: r.success ? null : (r.failure_reason ?? null),
        });
      }
    }
    return results;
  };

  const clientIdOf = async (orderId: string): Promise<string> => {
    const known = clientIds.get(orderId);
    if (known !== undefined) return known;
    return (await getOrder(orderId)).clientOrderId;
  };

  const fetchFills = async (
    query: Record<string, string | readonly string[] | undefined>,
  ): Promise<Fill[]> => {
    const fills: Fill[] = [];
    let cursor: string | undefined;
    do {
      const page = await rest.send({
        method: 'GET',
        path: '/orders/historical/fills',
        query: { ...query, limit: String(PAGE), cursor },
        schema: ZFillsPage,
        auth,
      });
      for (const wire of page.fills) fills.push(toFill(wire, await clientIdOf(wire.order_id)));
      // The fills page has no has_next: an empty cursor is the last page.
      cursor = page.cursor || undefined;
    } while (cursor);
    return fills.sort((a, b) => a.time.getTime() - b.time.getTime() || a.tradeId.localeCompare(b.tradeId));
  };

  const listFills = async ({ since, productId }: { since: Date; productId?: string }): Promise<Fill[]> => {
    const fills = await fetchFills({
      start_sequence_timestamp: since.toISOString(),
      product_ids: productId === undefined ? undefined : [productId],
    });
    // The filter is on sequence time; the port promises trade time.
    return fills.filter((f) => f.time.getTime() >= since.getTime());
  };

  const subscribeUserEvents: ExchangeAccount['subscribeUserEvents'] = (onEvent) =>
    subscribeCoinbaseUserEvents({
      url: wsUserUrl,
      signJwt: signWsJwt,
      getOrder,
      fillsOfOrder: (orderId) => fetchFills({ order_ids: [orderId] }),
      onEvent,
      backoff,
    });

  return {
    getKeyPermissions,
    getBalances,
    placeOrder,
    cancelOrders,
    getOrder,
    getOrderByClientOrderId,
    listFills,
    subscribeUserEvents,
  };
};
