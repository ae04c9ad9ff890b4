import { randomUUID } from 'node:crypto';
import type { ProductAvailability } from '../contract/contract-harness.ts';
import type { ExchangeCredentials, KeyPermissions } from '../exchange.ts';
import { ExchangeError } from '../exchange-error.ts';
import type { VenueState } from './ledger.ts';
import { createOrderBook } from './order-book.ts';
import { type PaperClock, systemClock } from './paper-clock.ts';
import { dec } from './paper-decimal.ts';
import { generateCdpKey, publicKeyOf } from './paper-keys.ts';
import { createPaperMarket, type PaperMarket } from './paper-market.ts';
import type { KeyRecord } from './paper-records.ts';
import { createMemoryPaperStore, type PaperStore } from './paper-store.ts';
import { createVenueCore } from './venue-core.ts';
import { createVenueMarket } from './venue-market.ts';
import { createVenueTrading } from './venue-trading.ts';

export type PaperVenueOptions = {
  /** Same seed and same clock → same prices. Default 1. */
  seed?: number;
  clock?: PaperClock;
  /** Market heartbeat. Default 1 s. */
  tickMs?: number;
  store?: PaperStore;
  /** Coinbase's entry tier by default: maker 0.40 %, taker 0.60 %. */
  fees?: { maker: string; taker: string };
  /** USD a new paper portfolio starts with. Default 10,000. */
  startingBalanceUsd?: string;
  /** Quote value a single tick can fill per product and side; bigger resting orders fill over several ticks. */
  liquidityPerTickUsd?: string;
  /** How often (market time) the market state is snapshotted to the store. Default 60 s. */
  snapshotEveryMs?: number;
};

export type MintKeyRequest = {
  canView: boolean;
  canTrade: boolean;
  canTransfer: boolean;
  portfolioName?: string;
  /** Mint the key for an existing portfolio instead of a new one. */
  portfolioId?: string;
};

export type MintedKey = ExchangeCredentials & { portfolioId: string };

const keyPermissions = (key: KeyRecord, portfolioName: string): KeyPermissions => ({
  canView: key.canView,
  canTrade: key.canTrade,
  canTransfer: key.canTransfer,
  portfolioId: key.portfolioId,
  portfolioName,
});

/**
 * The paper venue: market, accounts, keys and matching, addressed by portfolio id. The paper Exchange adapter and
 * the fake Coinbase server both drive it; each checks keys and permissions its own way, then calls in here.
 */
export const createPaperVenue = (options: PaperVenueOptions = {}) => {
  const clock = options.clock ?? systemClock();
  const tickMs = options.tickMs ?? 1_000;
  const store = options.store ?? createMemoryPaperStore();
  const settings = {
    fees: options.fees ?? { maker: '0.004', taker: '0.006' },
    liquidityPerTick: dec(options.liquidityPerTickUsd ?? '250000'),
    snapshotEveryMs: options.snapshotEveryMs ?? 60_000,
  };
  const state: VenueState = {
    portfolios: new Map(),
    keys: new Map(),
    balances: new Map(),
    orders: new Map(),
    clientOrderIds: new Map(),
    fills: [],
    books: new Map(),
    sequence: 0,
  };
  const core = createVenueCore(state, store);
  let market: PaperMarket | undefined;
  let stopTimer: (() => void) | undefined;
  let closed = false;

  const ready = (async () => {
    const saved = await store.load();
    for (const p of saved.portfolios) state.portfolios.set(p.id, p);
    for (const k of saved.keys) state.keys.set(k.keyName, k);
    for (const b of saved.balances) state.balances.set(`${b.portfolioId}/${b.currency}`, b);
    market = createPaperMarket({
      seed: options.seed ?? 1,
      nowMs: clock.now().getTime(),
      tickMs,
      ...(saved.market ? { restore: saved.market } : {}),
    });
    for (const id of market.productIds()) state.books.set(id, createOrderBook());
    for (const o of saved.orders) {
      state.orders.set(o.id, o);
      state.clientOrderIds.set(`${o.portfolioId}/${o.clientOrderId}`, o.id);
      if (o.status === 'open' && o.type === 'limit' && o.limitPrice)
        state.books.get(o.productId)?.insert(o.id, o.side, o.limitPrice);
    }
    state.fills = saved.fills.sort((a, b) => a.sequence - b.sequence);
    state.sequence = state.fills.at(-1)?.sequence ?? 0;
    if (!saved.market) await core.transact(() => undefined, { market: () => market?.snapshot() });
    stopTimer = clock.schedule?.(tickMs, () => {
      if (!closed) trading.tick().catch(() => undefined);
    });
  })();

  const getMarket = async () => {
    await ready;
    if (!market || closed) throw new ExchangeError('unavailable', 'the paper venue is closed');
    return market;
  };

  const trading = createVenueTrading({
    state,
    core,
    settings,
    clock,
    getMarket,
    startingBalanceUsd: options.startingBalanceUsd ?? '10000',
  });
  const marketData = createVenueMarket({ core, clock, getMarket, trading });

  const findKey = async (keyName: string) => {
    await ready;
    return state.keys.get(keyName);
  };

  return {
    ...marketData,
    ...trading,
    ready: () => ready,
    findKey,
    /** The key behind these credentials, or unauthorized: unknown, revoked, or a private key that is not its pair. */
    authenticate: async (credentials: ExchangeCredentials): Promise<KeyRecord> => {
      const key = await findKey(credentials.keyName);
      if (!key || key.revokedAt) throw new ExchangeError('unauthorized', 'unknown or revoked API key');
      if (publicKeyOf(credentials.privateKey) !== key.publicKey) {
        throw new ExchangeError('unauthorized', 'the private key does not belong to this API key');
      }
      return key;
    },
    permissionsOf: (key: KeyRecord) =>
      keyPermissions(key, state.portfolios.get(key.portfolioId)?.name ?? 'Default'),
    mintKey: async (request: MintKeyRequest): Promise<MintedKey> => {
      await ready;
      const generated = generateCdpKey();
      return core.transact((ledger) => {
        let portfolioId = request.portfolioId;
        if (portfolioId && !state.portfolios.has(portfolioId))
          throw new ExchangeError('not-found', 'unknown portfolio');
        if (!portfolioId) {
          portfolioId = randomUUID();
          ledger.putPortfolio({
            id: portfolioId,
            name: request.portfolioName ?? 'Default',
            createdAt: clock.now(),
          });
          ledger.adjust(portfolioId, 'USD', { available: dec(options.startingBalanceUsd ?? '10000') });
        }
        ledger.putKey({
          keyName: generated.keyName,
          portfolioId,
          publicKey: generated.publicKey,
          canView: request.canView,
          canTrade: request.canTrade,
          canTransfer: request.canTransfer,
          revokedAt: null,
          createdAt: clock.now(),
        });
        return { keyName: generated.keyName, privateKey: generated.privateKey, portfolioId };
      });
    },
    revokeKey: async (keyName: string) => {
      const key = await findKey(keyName);
      if (!key) throw new ExchangeError('not-found', `unknown key ${keyName}`);
      await core.transact((ledger) => ledger.putKey({ ...key, revokedAt: clock.now() }));
    },
    setProductStatus: async (productId: string, availability: ProductAvailability) => {
      const m = await getMarket();
      if (!m.product(productId)) throw new ExchangeError('not-found', `unknown product ${productId}`);
      await trading.onAvailability(productId, availability, m);
    },
    close: async () => {
      await ready.catch(() => undefined);
      stopTimer?.();
      if (market && !closed)
        await core.transact(() => undefined, { market: () => market?.snapshot() }).catch(() => undefined);
      closed = true;
    },
  };
};

export type PaperVenue = ReturnType<typeof createPaperVenue>;
