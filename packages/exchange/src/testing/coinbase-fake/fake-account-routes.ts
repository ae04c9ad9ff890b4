import type { Order, OrderRequest } from '@cdca/engine';
import { many, page, type Route, type RouteContext } from './fake-context.ts';
import { orderFailureReply } from './fake-order-failure.ts';
import { invalidArgument, notFound, ok, replyForVenueError, unauthorized } from './fake-reply.ts';
import { toWireAccount, toWireFill, toWireOrder } from './fake-wire.ts';

const FIAT = new Set(['USD', 'EUR', 'GBP']);

const keyOf = ({ state, keyName }: RouteContext) => state.venue.findKey(keyName);

const keyPermissions = async (context: RouteContext) => {
  const key = await keyOf(context);
  if (!key) return unauthorized();
  const p = key.permissions;
  return ok({
    can_view: p.canView,
    can_trade: p.canTrade,
    can_transfer: p.canTransfer,
    portfolio_uuid: p.portfolioId,
    portfolio_type: 'DEFAULT',
  });
};

const portfolios = async (context: RouteContext) => {
  const key = await keyOf(context);
  if (!key) return unauthorized();
  const { portfolioId, portfolioName } = key.permissions;
  return ok({ portfolios: [{ name: portfolioName, uuid: portfolioId, type: 'DEFAULT', deleted: false }] });
};

const portfolioOf = async (context: RouteContext) => (await keyOf(context))?.permissions.portfolioId ?? '';

const accounts = async (context: RouteContext) => {
  const balances = await context.state.venue.accountOf(context.keyName).getBalances();
  // Coinbase's page size defaults to 49 and caps at 250.
  const { slice, hasNext, cursor } = page(balances, context.query, 49, 250);
  const portfolioId = await portfolioOf(context);
  return ok({
    accounts: slice.map((b) => toWireAccount(b, portfolioId, FIAT.has(b.currency))),
    has_next: hasNext,
    cursor,
    size: slice.length,
  });
};

type CreateBody = {
  client_order_id?: unknown;
  product_id?: unknown;
  side?: unknown;
  order_configuration?: Record<string, Record<string, unknown> | undefined>;
};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/** The create body as our request, or why Coinbase would refuse it with a 400. */
const toRequest = (body: CreateBody): OrderRequest | string => {
  const clientOrderId = text(body.client_order_id);
  const productId = text(body.product_id);
  if (!clientOrderId) return 'client_order_id is required';
  if (!productId) return 'product_id is required';
  if (body.side !== 'BUY' && body.side !== 'SELL') return 'side must be BUY or SELL';
  const side = body.side === 'BUY' ? 'buy' : 'sell';
  const config = body.order_configuration ?? {};
  const keys = Object.keys(config);
  if (keys.length !== 1) return 'order_configuration must hold exactly one configuration';
  const limit = config.limit_limit_gtc;
  if (limit) {
    const baseSize = text(limit.base_size);
    const limitPrice = text(limit.limit_price);
    if (!baseSize || !limitPrice) return 'base_size and limit_price are required';
    return {
      type: 'limit',
      clientOrderId,
      productId,
      side,
      baseSize,
      limitPrice,
      postOnly: limit.post_only === true,
    };
  }
  const market = config.market_market_ioc;
  if (market) {
    const quoteSize = text(market.quote_size);
    const baseSize = text(market.base_size);
    if (quoteSize && !baseSize) return { type: 'market', clientOrderId, productId, side, quoteSize };
    if (baseSize && !quoteSize) return { type: 'market', clientOrderId, productId, side, baseSize };
    return 'market_market_ioc needs exactly one of quote_size and base_size';
  }
  // Other configurations exist on Coinbase but the paper venue does not trade them.
  return 'UNSUPPORTED_ORDER_CONFIGURATION';
};

const createOrder = async (context: RouteContext) => {
  const body = (context.body ?? {}) as CreateBody;
  const request = toRequest(body);
  if (typeof request === 'string') {
    if (request === 'UNSUPPORTED_ORDER_CONFIGURATION') {
      return ok({
        success: false,
        failure_reason: 'UNKNOWN_FAILURE_REASON',
        order_id: '',
        error_response: {
          error: 'UNSUPPORTED_ORDER_CONFIGURATION',
          message: 'Unsupported order configuration',
          error_details: '',
          new_order_failure_reason: 'UNSUPPORTED_ORDER_CONFIGURATION',
        },
        order_configuration: body.order_configuration ?? null,
      });
    }
    return invalidArgument(request);
  }
  const account = context.state.venue.accountOf(context.keyName);
  const original = await account.getOrderByClientOrderId(request.clientOrderId);
  if (original && context.state.behaviours.duplicateClientOrderId !== 'original-order') {
    return duplicateFailure(context.state.behaviours.duplicateClientOrderId, body);
  }
  let order: Order;
  try {
    order = original ?? (await account.placeOrder(request));
  } catch (error) {
    return orderFailureReply(
      error,
      body.order_configuration ?? null,
      request.type === 'market' && 'quoteSize' in request && request.quoteSize !== undefined,
    );
  }
  const placed = context.state.placedOrders.get(context.keyName) ?? [];
  if (!placed.includes(order.id)) placed.push(order.id);
  if (!original && context.state.behaviours.readAfterCreate === 'not-found-once') {
    context.state.unreadOrders.add(order.id);
  }
  context.state.placedOrders.set(context.keyName, placed);
  return ok({
    success: true,
    failure_reason: 'UNKNOWN_FAILURE_REASON',
    order_id: order.id,
    success_response: {
      order_id: order.id,
      product_id: order.productId,
      side: order.side === 'buy' ? 'BUY' : 'SELL',
      client_order_id: order.clientOrderId,
    },
    order_configuration: body.order_configuration ?? null,
  });
};

/** Two plausible refusals of a repeated client_order_id: one that names it, one that does not. */
const duplicateFailure = (kind: 'failure-duplicate' | 'failure-unnamed', body: CreateBody) =>
  ok({
    success: false,
    failure_reason: 'UNKNOWN_FAILURE_REASON',
    order_id: '',
    error_response:
      kind === 'failure-duplicate'
        ? {
            error: 'DUPLICATE_CLIENT_ORDER_ID',
            message: 'duplicate client order id',
            error_details: '',
            new_order_failure_reason: 'DUPLICATE_CLIENT_ORDER_ID',
          }
        : {
            error: 'UNKNOWN_FAILURE_REASON',
            message: 'Order could not be placed',
            error_details: '',
            new_order_failure_reason: 'UNKNOWN_FAILURE_REASON',
          },
    order_configuration: body.order_configuration ?? null,
  });

const batchCancel = async (context: RouteContext) => {
  const ids = (context.body as { order_ids?: unknown } | undefined)?.order_ids;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string'))
    return invalidArgument('order_ids is required');
  const results = await context.state.venue.accountOf(context.keyName).cancelOrders(ids);
  return ok({
    results: results.map((r) => ({
      success: r.success,
      // Cancel failure reasons (unverified list): an order we do not know vs. one already done.
      failure_reason: r.success
        ? 'UNKNOWN_CANCEL_FAILURE_REASON'
        : /not.?found|unknown/i.test(r.reason ?? '')
          ? 'UNKNOWN_CANCEL_ORDER'
          : 'INVALID_CANCEL_REQUEST',
      order_id: r.orderId,
    })),
  });
};

const fillCounts = async (context: RouteContext, orders: readonly Order[]) => {
  const counts = new Map<string, number>();
  const oldest = orders.reduce((min, o) => Math.min(min, o.createdAt.getTime()), Number.POSITIVE_INFINITY);
  if (!Number.isFinite(oldest)) return counts;
  const fills = await context.state.venue.accountOf(context.keyName).listFills({ since: new Date(oldest) });
  for (const f of fills) counts.set(f.orderId, (counts.get(f.orderId) ?? 0) + 1);
  return counts;
};

const getOrder = async (context: RouteContext) => {
  // Read-after-create not yet consistent: the first read of a fresh order misses it.
  if (context.state.unreadOrders.delete(context.params[0] ?? '')) {
    return notFound('order with this orderID was not found');
  }
  try {
    const order = await context.state.venue.accountOf(context.keyName).getOrder(context.params[0] ?? '');
    const counts = await fillCounts(context, [order]);
    return ok({ order: toWireOrder(order, await portfolioOf(context), counts.get(order.id) ?? 0) });
  } catch (error) {
    return replyForVenueError(error, 'order with this orderID was not found');
  }
};

const allOrders = async (context: RouteContext): Promise<Order[]> => {
  const account = context.state.venue.accountOf(context.keyName);
  if (account.listOrders) return account.listOrders();
  const ids = context.state.placedOrders.get(context.keyName) ?? [];
  const orders = await Promise.all(ids.map((id) => account.getOrder(id)));
  return orders.reverse();
};

const listOrders = async (context: RouteContext) => {
  const { query } = context;
  const ids = new Set(many(query, 'order_ids'));
  const products = new Set(many(query, 'product_ids', 'product_id'));
  const statuses = new Set(many(query, 'order_status'));
  const startDate = query.get('start_date');
  const since = startDate ? new Date(startDate).getTime() : Number.NEGATIVE_INFINITY;
  const orders = (await allOrders(context)).filter(
    (o) =>
      o.createdAt.getTime() >= since &&
      (ids.size === 0 || ids.has(o.id)) &&
      (products.size === 0 || products.has(o.productId)) &&
      (statuses.size === 0 || statuses.has(o.status.toUpperCase())),
  );
  const { slice, hasNext, cursor } = page(orders, query, 100, 1000);
  const counts = await fillCounts(context, slice);
  const portfolioId = await portfolioOf(context);
  return ok({
    orders: slice.map((o) => toWireOrder(o, portfolioId, counts.get(o.id) ?? 0)),
    sequence: '0',
    has_next: hasNext,
    cursor,
  });
};

const listFills = async (context: RouteContext) => {
  const { query } = context;
  const since = new Date(query.get('start_sequence_timestamp') ?? 0);
  if (Number.isNaN(since.getTime())) return invalidArgument('invalid start_sequence_timestamp');
  const until = query.get('end_sequence_timestamp');
  const orderIds = new Set(many(query, 'order_ids', 'order_id'));
  const tradeIds = new Set(many(query, 'trade_ids'));
  const products = new Set(many(query, 'product_ids', 'product_id'));
  const fills = (await context.state.venue.accountOf(context.keyName).listFills({ since }))
    .filter(
      (f) =>
        (orderIds.size === 0 || orderIds.has(f.orderId)) &&
        (tradeIds.size === 0 || tradeIds.has(f.tradeId)) &&
        (products.size === 0 || products.has(f.productId)) &&
        (until === null || f.time.getTime() <= new Date(until).getTime()),
    )
    // Newest first, as Coinbase lists them.
    .reverse();
  const { slice, cursor } = page(fills, query, 100, 1000);
  const portfolioId = await portfolioOf(context);
  const account = context.state.venue.accountOf(context.keyName);
  const quoteSized = new Set<string>();
  for (const orderId of new Set(slice.map((f) => f.orderId))) {
    const order = await account.getOrder(orderId).catch(() => undefined);
    if (order?.quoteSize) quoteSized.add(orderId);
  }
  // Fills of a market order sized in quote carry size_in_quote and their size in quote units.
  return ok({ fills: slice.map((f) => toWireFill(f, portfolioId, quoteSized.has(f.orderId))), cursor });
};

export const accountRoutes: Route[] = [
  { method: 'GET', pattern: /^\/key_permissions$/, scope: 'any', handle: keyPermissions },
  { method: 'GET', pattern: /^\/portfolios$/, scope: 'view', handle: portfolios },
  { method: 'GET', pattern: /^\/accounts$/, scope: 'view', handle: accounts },
  { method: 'POST', pattern: /^\/orders$/, scope: 'trade', handle: createOrder },
  { method: 'POST', pattern: /^\/orders\/batch_cancel$/, scope: 'trade', handle: batchCancel },
  // /batch and /fills before /{order_id}: they would match it too.
  { method: 'GET', pattern: /^\/orders\/historical\/batch$/, scope: 'view', handle: listOrders },
  { method: 'GET', pattern: /^\/orders\/historical\/fills$/, scope: 'view', handle: listFills },
  { method: 'GET', pattern: /^\/orders\/historical\/([^/]+)$/, scope: 'view', handle: getOrder },
];

export const unknownRoute = () => notFound('Not Found');
