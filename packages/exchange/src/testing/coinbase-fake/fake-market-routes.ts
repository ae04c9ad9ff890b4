import { GRANULARITY_SECONDS, type Granularity } from '../../exchange.ts';
import { many, type Route, type RouteContext } from './fake-context.ts';
import { invalidArgument, ok, replyForVenueError } from './fake-reply.ts';
import { toWireProduct } from './fake-wire.ts';

const productId = (context: RouteContext) => context.params[0] ?? '';

const listProducts = async ({ state, query }: RouteContext) => {
  const type = query.get('product_type');
  // The paper venue is spot only: asking for futures finds nothing, as on a spot-only account.
  if (type !== null && type !== 'SPOT') return ok({ products: [], num_products: 0 });
  const wanted = new Set(many(query, 'product_ids'));
  const all = (await state.venue.market.listProducts()).filter((p) => wanted.size === 0 || wanted.has(p.id));
  const offset = Math.max(0, Number(query.get('offset')) || 0);
  const limit = Number(query.get('limit')) || all.length;
  return ok({ products: all.slice(offset, offset + limit).map(toWireProduct), num_products: all.length });
};

const getProduct = async (context: RouteContext) => {
  try {
    return ok(toWireProduct(await context.state.venue.market.getProduct(productId(context))));
  } catch (error) {
    return replyForVenueError(error, 'ProductID not found');
  }
};

const getTicker = async (context: RouteContext) => {
  try {
    const t = await context.state.venue.market.getTicker(productId(context));
    const trade = {
      trade_id: String(t.time.getTime()),
      product_id: t.productId,
      price: t.price,
      size: '0',
      time: t.time.toISOString(),
      side: 'BUY',
      bid: '',
      ask: '',
    };
    return ok({ trades: [trade], best_bid: t.bid, best_ask: t.ask });
  } catch (error) {
    return replyForVenueError(error, 'ProductID not found');
  }
};

const isGranularity = (value: string): value is Granularity => Object.hasOwn(GRANULARITY_SECONDS, value);

const getCandles = async (context: RouteContext) => {
  const { query } = context;
  const granularity = query.get('granularity') ?? '';
  if (!isGranularity(granularity)) return invalidArgument('invalid granularity');
  const step = GRANULARITY_SECONDS[granularity];
  const start = Number(query.get('start'));
  const end = Number(query.get('end'));
  if (!Number.isInteger(start) || !Number.isInteger(end) || end < start)
    return invalidArgument('invalid start/end');
  if ((end - start) / step > 350) {
    return invalidArgument('number of candles requested should be less than or equal to 350');
  }
  try {
    const candles = await context.state.venue.market.getCandles(productId(context), {
      start: new Date(start * 1000),
      end: new Date(end * 1000),
      granularity,
    });
    const wire = candles
      .map((c) => ({
        start: String(Math.floor(c.start.getTime() / 1000)),
        low: c.low,
        high: c.high,
        open: c.open,
        close: c.close,
        volume: c.volume,
      }))
      // Coinbase answers newest first.
      .reverse();
    return ok({ candles: wire });
  } catch (error) {
    return replyForVenueError(error, 'ProductID not found');
  }
};

const bestBidAsk = async ({ state, query }: RouteContext) => {
  const ids = many(query, 'product_ids');
  const pricebooks = [];
  for (const id of ids) {
    try {
      const t = await state.venue.market.getTicker(id);
      pricebooks.push({
        product_id: id,
        bids: [{ price: t.bid, size: '0' }],
        asks: [{ price: t.ask, size: '0' }],
        time: t.time.toISOString(),
      });
    } catch {
      // Unknown ids are left out rather than failing the batch.
    }
  }
  return ok({ pricebooks });
};

const time = async () => {
  const now = Date.now();
  return ok({
    iso: new Date(now).toISOString().replace(/\.\d+Z$/, 'Z'),
    epochSeconds: String(Math.floor(now / 1000)),
    epochMillis: String(now),
  });
};

const PRODUCT = '([^/]+)';

/** Public /market routes and their private twins (same answers, need a view key). */
export const marketRoutes: Route[] = [
  { method: 'GET', pattern: /^\/time$/, scope: 'public', handle: time },
  ...(['public', 'view'] as const).flatMap((scope): Route[] => {
    const prefix = scope === 'public' ? '\\/market' : '';
    return [
      { method: 'GET', pattern: new RegExp(`^${prefix}\\/products$`), scope, handle: listProducts },
      {
        method: 'GET',
        pattern: new RegExp(`^${prefix}\\/products\\/${PRODUCT}\\/ticker$`),
        scope,
        handle: getTicker,
      },
      {
        method: 'GET',
        pattern: new RegExp(`^${prefix}\\/products\\/${PRODUCT}\\/candles$`),
        scope,
        handle: getCandles,
      },
      {
        method: 'GET',
        pattern: new RegExp(`^${prefix}\\/products\\/${PRODUCT}$`),
        scope,
        handle: getProduct,
      },
    ];
  }),
  { method: 'GET', pattern: /^\/best_bid_ask$/, scope: 'view', handle: bestBidAsk },
];
