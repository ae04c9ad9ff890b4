import type { Order, OrderRequest } from '@cdca/engine';
import { ExchangeError } from '@cdca/engine';
import type { z } from 'zod';
import { toCreateOrderBody, toOrder } from './map-order.ts';
import type { RestAuth, RestClient } from './rest-client.ts';
import { ZCreateOrderResponse, ZOrdersPage } from './wire.ts';
import { orderFailureError } from './wire-errors.ts';

const PAGE = 250;
/** A lookup by client order id reads at most this many pages of the product's recent orders. */
const LOOKUP_PAGES = 4;
/** How far back the lookup of a just-placed order looks: covers clock skew and a slow create. */
const LOOKUP_WINDOW_MS = 15 * 60_000;
/** Reads of a just-created order before falling back to the lookup (read-after-create may lag). */
const READ_ATTEMPTS = 3;

export type PlaceOrderDeps = {
  rest: RestClient;
  auth: RestAuth;
  now: () => number;
  getOrder: (orderId: string) => Promise<Order>;
  remember: (order: Order) => Order;
  /** Waits between reads of a just-created order; tests pass an immediate one. */
  pause?: (ms: number) => Promise<void>;
};

const pauseFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * An answer that does not say whether the order exists: no answer (timeout, cut connection), a 5xx, or a refusal
 * that might be the duplicate-id reply. A 401/403/429 is a refusal before anything was done.
 */
const isAmbiguous = (error: unknown) =>
  error instanceof ExchangeError && (error.kind === 'unavailable' || error.kind === 'invalid-order');

/**
 * Places an order so that Coinbase's undocumented corners cannot make one order look like none, or none like two
 * (docs/decisions/coinbase-ambiguous-orders.md): every ambiguous answer is resolved by looking the order up by its
 * client order id, filtered to the product and the last minutes and bounded in pages, never by sending it again
 * under a new id. When the lookup finds nothing, the original error stands and the caller retries with the same
 * client order id, which Coinbase de-duplicates.
 */
export const createOrderPlacer = (deps: PlaceOrderDeps) => {
  const pause = deps.pause ?? pauseFor;

  const findRecent = async (request: OrderRequest): Promise<Order | undefined> => {
    let cursor: string | undefined;
    for (let pageNo = 0; pageNo < LOOKUP_PAGES; pageNo++) {
      const page = await deps.rest.send({
        method: 'GET',
        path: '/orders/historical/batch',
        query: {
          limit: PAGE,
          cursor,
          product_ids: [request.productId],
          start_date: new Date(deps.now() - LOOKUP_WINDOW_MS).toISOString(),
        },
        schema: ZOrdersPage,
        auth: deps.auth,
      });
      const found = page.orders.find((o) => o.client_order_id === request.clientOrderId);
      if (found) return deps.remember(toOrder(found));
      if (!page.has_next || !page.cursor) return undefined;
      cursor = page.cursor;
    }
    return undefined;
  };

  /** The order behind an ambiguous answer, or the answer's error if there is none (or we cannot tell). */
  const resolve = async (request: OrderRequest, error: unknown): Promise<Order> => {
    let found: Order | undefined;
    try {
      found = await findRecent(request);
    } catch {
      throw error;
    }
    if (found) return found;
    throw error;
  };

  /** Reads a just-created order, riding out a read that lags the create. */
  const readCreated = async (orderId: string, request: OrderRequest): Promise<Order> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await deps.getOrder(orderId);
      } catch (error) {
        const missing = error instanceof ExchangeError && error.kind === 'not-found';
        if (!missing) throw error;
        if (attempt >= READ_ATTEMPTS) {
          const found = await findRecent(request).catch(() => undefined);
          if (found) return found;
          throw new ExchangeError(
            'unavailable',
            `Coinbase accepted order ${orderId} but cannot show it yet`,
            {
              cause: error,
            },
          );
        }
        await pause(100 * attempt);
      }
    }
  };

  return async (request: OrderRequest): Promise<Order> => {
    let answer: z.infer<typeof ZCreateOrderResponse>;
    try {
      answer = await deps.rest.send({
        method: 'POST',
        path: '/orders',
        body: toCreateOrderBody(request),
        schema: ZCreateOrderResponse,
        auth: deps.auth,
      });
    } catch (error) {
      if (!isAmbiguous(error)) throw error;
      return resolve(request, error);
    }
    if (answer.success) {
      const orderId = answer.success_response?.order_id || answer.order_id;
      if (!orderId) {
        return resolve(
          request,
          new ExchangeError('unavailable', 'Coinbase accepted the order without an id'),
        );
      }
      return readCreated(orderId, request);
    }
    // A refusal may be the reply to a repeated client_order_id, whatever its reason says: look before failing.
    return resolve(request, orderFailureError(answer.error_response, answer.failure_reason));
  };
};
