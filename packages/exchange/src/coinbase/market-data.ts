import type { Product, Ticker } from '@cdca/engine';
import { z } from 'zod';
import {
  type Candle,
  type CandleQuery,
  GRANULARITY_SECONDS,
  type MarketData,
  type PriceTick,
} from '../exchange.ts';
import { openFeedSocket } from './feed-socket.ts';
import { toProduct } from './map-product.ts';
import type { ReconnectBackoff } from './reconnect-backoff.ts';
import type { RestClient } from './rest-client.ts';
import { ZCandles, ZMarketTicker, ZProductsPage, ZWireProduct } from './wire.ts';

// Coinbase refuses a candles request spanning more than 350 buckets.
const MAX_CANDLES_PER_REQUEST = 350;
const PRODUCTS_PAGE = 250;

const ZTickerFrame = z.object({
  channel: z.literal('ticker'),
  timestamp: z.string(),
  events: z.array(
    z.object({
      tickers: z.array(
        z.object({ product_id: z.string(), price: z.string(), best_bid: z.string(), best_ask: z.string() }),
      ),
    }),
  ),
});

const encodeId = (productId: string) => encodeURIComponent(productId);

export const createCoinbaseMarketData = (
  rest: RestClient,
  wsUrl: string,
  backoff?: ReconnectBackoff,
): MarketData => {
  const listProducts = async (): Promise<Product[]> => {
    const products: Product[] = [];
    for (let offset = 0; ; offset += PRODUCTS_PAGE) {
      const page = await rest.send({
        method: 'GET',
        path: '/market/products',
        query: { product_type: 'SPOT', limit: PRODUCTS_PAGE, offset },
        schema: ZProductsPage,
      });
      products.push(...page.products.filter((p) => (p.product_type ?? 'SPOT') === 'SPOT').map(toProduct));
      if (page.products.length < PRODUCTS_PAGE) return products;
    }
  };

  const getProduct = async (productId: string): Promise<Product> =>
    // Single-product endpoints answer the product unwrapped, without a "products" key.
    toProduct(
      await rest.send({
        method: 'GET',
        path: `/market/products/${encodeId(productId)}`,
        schema: ZWireProduct,
      }),
    );

  const getTicker = async (productId: string): Promise<Ticker> => {
    const answer = await rest.send({
      method: 'GET',
      path: `/market/products/${encodeId(productId)}/ticker`,
      query: { limit: 1 },
      schema: ZMarketTicker,
    });
    const last = answer.trades[0];
    const bid = answer.best_bid || last?.price || '0';
    const ask = answer.best_ask || last?.price || '0';
    return {
      productId,
      price: last?.price ?? bid,
      bid,
      ask,
      time: last?.time ? new Date(last.time) : new Date(),
    };
  };

  const getCandles = async (productId: string, query: CandleQuery): Promise<Candle[]> => {
    const step = GRANULARITY_SECONDS[query.granularity];
    const start = Math.floor(query.start.getTime() / 1000);
    const end = Math.floor(query.end.getTime() / 1000);
    const byStart = new Map<number, Candle>();
    for (let from = start; from < end; from += step * MAX_CANDLES_PER_REQUEST) {
      const to = Math.min(end, from + step * MAX_CANDLES_PER_REQUEST);
      const page = await rest.send({
        method: 'GET',
        path: `/market/products/${encodeId(productId)}/candles`,
        // UNIX seconds as strings; windows overlap at their edges, so dedupe by start below.
        query: {
          start: String(from),
          end: String(to),
          granularity: query.granularity,
          limit: MAX_CANDLES_PER_REQUEST,
        },
        schema: ZCandles,
      });
      for (const c of page.candles) {
        const seconds = Number(c.start);
        if (seconds < start || seconds > end) continue;
        byStart.set(seconds, {
          start: new Date(seconds * 1000),
          open: c.open,
          high: c.high,
          low: c.low,
          close: c.close,
          volume: c.volume,
        });
      }
    }
    // Coinbase answers newest first.
    return [...byStart.entries()].sort(([a], [b]) => a - b).map(([, candle]) => candle);
  };

  const subscribeTicks = (productIds: readonly string[], onTick: (tick: PriceTick) => void) => {
    const requested = new Set(productIds);
    // Tickers subscribed as X-USDC arrive named X-USD (Coinbase merged the books): hand them back as asked.
    const requestedAs = (wireId: string) => [
      ...(requested.has(wireId) ? [wireId] : []),
      ...(wireId.endsWith('-USD') && requested.has(`${wireId}C`) ? [`${wireId}C`] : []),
    ];
    const socket = openFeedSocket({
      url: wsUrl,
      backoff,
      // One subscribe per channel; heartbeats keep a quiet ticker subscription from being dropped.
      subscribeFrames: () => [
        { type: 'subscribe', product_ids: [...productIds], channel: 'ticker' },
        { type: 'subscribe', product_ids: [...productIds], channel: 'heartbeats' },
      ],
      onMessage: (message) => {
        const frame = ZTickerFrame.safeParse(message);
        if (!frame.success) return;
        const time = new Date(frame.data.timestamp);
        for (const event of frame.data.events) {
          for (const t of event.tickers) {
            for (const productId of requestedAs(t.product_id)) {
              onTick({ productId, price: t.price, bid: t.best_bid, ask: t.best_ask, time });
            }
          }
        }
      },
    });
    return () => socket.close();
  };

  return { listProducts, getProduct, getTicker, getCandles, subscribeTicks };
};
