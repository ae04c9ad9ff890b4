import type { ProductAvailability } from '@cdca/engine';
import { CATALOGUE, type CatalogueEntry, ExchangeError } from '@cdca/engine';
import type { PriceTick } from '../exchange.ts';
import { factor, generateHistory, simulatedVolume } from './market-history.ts';
import { DAY_MS, MINUTE_MS, pruneCandles, recordPrice } from './minute-candles.ts';
import { dec, isMultipleOf, parseDecimal, roundTo, str, ZERO } from './paper-decimal.ts';
import type { MarketQuotes } from './paper-store.ts';
import { initialWalkState, stepWalk } from './price-walk.ts';
import { catalogueEntry, type ProductState, quoteOf } from './product-state.ts';
import { hashSeed } from './seeded-random.ts';

/** The market's persisted state; a partial snapshot carries only the products that changed (upserted by id). */
export type MarketSnapshot = { seed: number; timeMs: number; products: ProductState[] };

/** Beyond this gap (a restart after downtime) the market catches up in one-minute steps, not one-second ones. */
const COARSE_GAP_MS = 10 * MINUTE_MS;

export type PaperMarket = {
  readonly snapshot: (productIds?: readonly string[]) => MarketSnapshot;
  readonly timeMs: () => number;
  readonly product: (productId: string) => { state: ProductState; entry: CatalogueEntry } | undefined;
  readonly productIds: () => string[];
  /** Walks every product forward to `toMs` on the tick grid, reporting each tick as it happens. */
  readonly advance: (toMs: number, onTick: (tick: PriceTick) => void) => void;
  readonly setPrice: (productId: string, price: string, atMs: number) => PriceTick;
  readonly scriptPath: (
    productId: string,
    prices: readonly string[],
    stepMs: number,
    atMs: number,
  ) => PriceTick;
  readonly setAvailability: (productId: string, availability: ProductAvailability) => void;
  /** What every product trades at now, for the processes that do not drive the market. */
  readonly quotes: () => MarketQuotes;
  /** Takes on quotes another process wrote; a tick for each product whose quote changed. */
  readonly applyQuotes: (quotes: MarketQuotes) => PriceTick[];
  /** Replaces the products' full state (walk, history) with a stored snapshot. */
  readonly restore: (snapshot: MarketSnapshot) => void;
};

const requireProduct = (market: Map<string, ProductState>, productId: string) => {
  const state = market.get(productId);
  const entry = catalogueEntry(productId);
  if (!state || !entry) throw new ExchangeError('not-found', `unknown product ${productId}`);
  return { state, entry };
};

export const createPaperMarket = (options: {
  seed: number;
  nowMs: number;
  tickMs: number;
  restore?: MarketSnapshot;
}): PaperMarket => {
  const products = new Map<string, ProductState>();
  let timeMs = options.restore?.timeMs ?? options.nowMs;
  for (const entry of CATALOGUE) {
    const id = `${entry.base}-USD`;
    const saved = options.restore?.products.find((p) => p.id === id);
    if (saved) {
      products.set(id, saved);
      continue;
    }
    const walk = initialWalkState(entry.dailyVolatility, hashSeed(`${options.seed}:${id}`));
    const candles = generateHistory(entry, walk, timeMs);
    products.set(id, {
      id,
      mid: entry.startPrice,
      last: entry.startPrice,
      walk,
      availability: 'online',
      script: null,
      candles,
    });
  }

  const tickOf = (state: ProductState, entry: CatalogueEntry, atMs: number): PriceTick => {
    const { price, bid, ask } = quoteOf(state, entry);
    return { productId: state.id, price: str(price), bid: str(bid), ask: str(ask), time: new Date(atMs) };
  };

  const applyPrice = (
    state: ProductState,
    entry: CatalogueEntry,
    price: string,
    atMs: number,
    volume = ZERO,
  ) => {
    state.last = price;
    recordPrice(state.candles, atMs, dec(price), volume);
    pruneCandles(state.candles, atMs - DAY_MS - MINUTE_MS);
    return tickOf(state, entry, atMs);
  };

  const stepProduct = (state: ProductState, entry: CatalogueEntry, atMs: number, dtSeconds: number) => {
    if (state.availability === 'delisted' || state.availability === 'offline') return undefined;
    const script = state.script;
    if (script) {
      const index = Math.floor((atMs - script.startMs) / script.stepMs);
      const price = script.prices[Math.min(index, script.prices.length - 1)] ?? state.last;
      // The script's last price holds for one step, then the walk resumes from it.
      if (index >= script.prices.length - 1) state.script = null;
      state.mid = price;
      return applyPrice(state, entry, price, atMs);
    }
    const logReturn = stepWalk(state.walk, entry.dailyVolatility, dtSeconds);
    const mid = dec(state.mid)
      .mul(factor(Math.exp(logReturn)))
      .toSignificantDigits(14);
    const floor = dec(entry.priceIncrement);
    state.mid = str(mid.lt(floor) ? floor : mid);
    const price = str(roundTo(dec(state.mid), entry.priceIncrement).clamp(floor, '1e30'));
    const volume = simulatedVolume(entry, state.walk, price, dtSeconds, logReturn);
    return applyPrice(state, entry, price, atMs, volume);
  };

  const validPrice = (entry: CatalogueEntry, price: string) => {
    const parsed = parseDecimal(price);
    if (!parsed || parsed.lte(0) || !isMultipleOf(parsed, entry.priceIncrement)) {
      throw new ExchangeError(
        'invalid-order',
        `price ${price} must be positive and a multiple of ${entry.priceIncrement}`,
      );
    }
    return str(parsed);
  };

  return {
    snapshot: (productIds) => {
      const chosen = productIds ? productIds.flatMap((id) => products.get(id) ?? []) : [...products.values()];
      return { seed: options.seed, timeMs, products: structuredClone(chosen) };
    },
    timeMs: () => timeMs,
    product: (productId) => {
      const state = products.get(productId);
      const entry = catalogueEntry(productId);
      return state && entry ? { state, entry } : undefined;
    },
    productIds: () => [...products.keys()],
    advance: (toMs, onTick) => {
      // After more than a day away, the missed stretch beyond a day is skipped: nobody can query it any more.
      if (toMs - timeMs > DAY_MS) timeMs = toMs - DAY_MS;
      while (timeMs + options.tickMs <= toMs) {
        const stepMs = toMs - timeMs > COARSE_GAP_MS ? MINUTE_MS : options.tickMs;
        timeMs += stepMs;
        for (const state of products.values()) {
          const entry = catalogueEntry(state.id);
          const tick = entry && stepProduct(state, entry, timeMs, stepMs / 1_000);
          if (tick) onTick(tick);
        }
      }
    },
    setPrice: (productId, price, atMs) => {
      const { state, entry } = requireProduct(products, productId);
      state.script = null;
      state.mid = validPrice(entry, price);
      return applyPrice(state, entry, state.mid, Math.max(atMs, timeMs));
    },
    scriptPath: (productId, prices, stepMs, atMs) => {
      const { state, entry } = requireProduct(products, productId);
      const valid = prices.map((p) => validPrice(entry, p));
      const [first] = valid;
      if (!first) throw new ExchangeError('invalid-order', 'a scripted path needs at least one price');
      if (!(stepMs > 0)) throw new ExchangeError('invalid-order', 'stepMs must be positive');
      const startMs = Math.max(atMs, timeMs);
      state.script = valid.length > 1 ? { prices: valid, startMs, stepMs } : null;
      state.mid = first;
      return applyPrice(state, entry, first, startMs);
    },
    setAvailability: (productId, availability) => {
      requireProduct(products, productId).state.availability = availability;
    },
    quotes: () => ({
      timeMs,
      products: [...products.values()].map(({ id, mid, last, availability, script }) => ({
        id,
        mid,
        last,
        availability,
        script: structuredClone(script),
      })),
    }),
    applyQuotes: (quotes) => {
      const ticks: PriceTick[] = [];
      const atMs = Math.max(timeMs, quotes.timeMs);
      for (const quote of quotes.products) {
        const state = products.get(quote.id);
        const entry = catalogueEntry(quote.id);
        if (!state || !entry) continue;
        const moved = state.last !== quote.last;
        const changed = moved || state.availability !== quote.availability;
        state.mid = quote.mid;
        state.availability = quote.availability;
        state.script = structuredClone(quote.script);
        if (moved) ticks.push(applyPrice(state, entry, quote.last, atMs));
        else if (changed) ticks.push(tickOf(state, entry, atMs));
      }
      timeMs = atMs;
      return ticks;
    },
    restore: (snapshot) => {
      for (const saved of structuredClone(snapshot.products)) {
        if (products.has(saved.id)) products.set(saved.id, saved);
      }
      timeMs = Math.max(timeMs, snapshot.timeMs);
    },
  };
};
