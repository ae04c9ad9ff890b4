import type { Clock, Product, Ticker } from '@cdca/engine';
import { ExchangeError } from '@cdca/engine';
import type { Candle, CandleQuery, PriceTick } from '../exchange.ts';
import { aggregateCandles } from './minute-candles.ts';
import type { PaperMarket } from './paper-market.ts';
import { quoteOf, toProduct } from './product-state.ts';
import type { createVenueCore } from './venue-core.ts';

/** Public market data of the paper venue. */
export const createVenueMarket = (deps: {
  core: ReturnType<typeof createVenueCore>;
  clock: Clock;
  /** The market as the store has it now (caught up with the driver's latest quotes). */
  getMarket: () => Promise<PaperMarket>;
}) => {
  const { core, clock, getMarket } = deps;
  const find = async (productId: string) => {
    const market = await getMarket();
    const product = market.product(productId);
    if (!product) throw new ExchangeError('not-found', `unknown product ${productId}`);
    return { ...product, market };
  };
  return {
    listProducts: async (): Promise<Product[]> => {
      const market = await getMarket();
      return market.productIds().flatMap((id) => {
        const p = market.product(id);
        return p ? [toProduct(p.state, p.entry, market.timeMs())] : [];
      });
    },
    getProduct: async (productId: string): Promise<Product> => {
      const { state, entry, market } = await find(productId);
      return toProduct(state, entry, market.timeMs());
    },
    getTicker: async (productId: string): Promise<Ticker> => {
      const { state, entry, market } = await find(productId);
      const { price, bid, ask } = quoteOf(state, entry);
      const time = new Date(Math.max(market.timeMs(), clock.now().getTime()));
      return { productId, price: price.toFixed(), bid: bid.toFixed(), ask: ask.toFixed(), time };
    },
    getCandles: async (productId: string, query: CandleQuery): Promise<Candle[]> => {
      const { state } = await find(productId);
      if (!(query.start.getTime() <= query.end.getTime())) {
        throw new ExchangeError('invalid-order', 'candle query start must not be after end');
      }
      return aggregateCandles(state.candles, query);
    },
    subscribeTicks: (productIds: readonly string[], onTick: (tick: PriceTick) => void) =>
      core.ticks.subscribe(productIds, onTick),
  };
};
