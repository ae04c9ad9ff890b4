import { randomUUID } from 'node:crypto';
import type { ProductAvailability } from '@cdca/engine';
import { type Clock, ExchangeError, systemClock } from '@cdca/engine';
import type { ExchangeCredentials, KeyPermissions } from '../exchange.ts';
import type { VenueState } from './ledger.ts';
import { createOrderBook } from './order-book.ts';
import { dec } from './paper-decimal.ts';
import { generateCdpKey, publicKeyOf } from './paper-keys.ts';
import { createPaperMarket, type PaperMarket } from './paper-market.ts';
import type { KeyRecord } from './paper-records.ts';
import { createMemoryPaperStore, type MarketHead, type PaperStore } from './paper-store.ts';
import { createStateSync } from './state-sync.ts';
import { createVenueCore } from './venue-core.ts';
import { createVenueMarket } from './venue-market.ts';
import { createVenueTrading } from './venue-trading.ts';

export type PaperVenueOptions = {
  /** Same seed and same clock → same prices. Default 1. */
  seed?: number;
  clock?: Clock;
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
  /**
   * Set when other processes may trade on the same store (docs/decisions/one-paper-market.md): only the holder
   * of the driver lease moves the market; every process places, cancels and reads through the shared state.
   * Unset, this venue is the only one and always drives.
   */
  shared?: SharedMarketOptions;
};

export type SharedMarketOptions = {
  /** Names this process in the lease row. */
  holderId: string;
  /** How long the driver holds the market without renewing: a dead driver's market moves on after this. */
  leaseMs: number;
  /** How often (real time) the lease is claimed or renewed and others' changes are picked up. Default 1 s. */
  heartbeatMs?: number;
  /** The lease clock, in ms (tests inject one). Default Date.now. */
  now?: () => number;
  /** Runs the heartbeat; default a real-time interval that never keeps the process alive. Tests pass none. */
  schedule?: ((everyMs: number, run: () => void) => () => void) | null;
};

const realTimeSchedule = (everyMs: number, run: () => void) => {
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
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
  const clock = options.clock ?? systemClock;
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
  const shared = options.shared;
  const leaseNow = shared?.now ?? Date.now;
  const sync = createStateSync(state);
  let market: PaperMarket | undefined;
  const stopTimers: (() => void)[] = [];
  let closed = false;
  // Alone on its store, a venue always drives; sharing it, only while it holds the lease.
  let driving = !shared;

  const requireMarket = () => {
    if (!market || closed) throw new ExchangeError('unavailable', 'the paper venue is closed');
    return market;
  };
  const core = createVenueCore(state, store, {
    sync: (session) => sync.sync(session, requireMarket()),
    committed: sync.committed,
  });

  const ready = (async () => {
    await store.exclusive(async (session) => {
      const saved = await session.loadMarket();
      const created = createPaperMarket({
        seed: options.seed ?? 1,
        nowMs: clock.now().getTime(),
        tickMs,
        ...(saved ? { restore: saved } : {}),
      });
      market = created;
      for (const id of created.productIds()) state.books.set(id, createOrderBook());
      sync.marketLoaded(session.head);
      await sync.sync(session, created);
      if (!saved)
        sync.committed(await session.commit({ market: created.snapshot(), quotes: created.quotes() }));
    });
    if (shared) {
      driving = await store.lease.claim(shared.holderId, leaseNow(), shared.leaseMs);
      const schedule = shared.schedule === undefined ? realTimeSchedule : shared.schedule;
      const stop = schedule?.(shared.heartbeatMs ?? 1_000, () => {
        if (!closed) heartbeat().catch(() => undefined);
      });
      if (stop) stopTimers.push(stop);
    }
    const stopTicks = clock.schedule?.(tickMs, () => {
      if (!closed && driving) trading.tick().catch(() => undefined);
    });
    if (stopTicks) stopTimers.push(stopTicks);
  })();

  const getMarket = async () => {
    await ready;
    return requireMarket();
  };

  /**
   * Catches up with what other processes committed before a read: the quotes straight from the head, the ledger
   * and the market's full state in a locked session (a consistent cut). Alone on its store, memory is the truth.
   */
  const refresh = async () => {
    const current = await getMarket();
    if (!shared) return;
    await core.exclusive(async () => {
      try {
        const head = await store.head();
        if (sync.needsLock(head)) await core.transactNow(() => undefined);
        else core.announce({ orders: [], fills: [], ticks: sync.overlayQuotes(head, current) });
      } catch (error) {
        if (error instanceof ExchangeError) throw error;
        throw new ExchangeError('unavailable', 'the paper market store cannot be reached');
      }
    });
  };

  const holds = (head: MarketHead) =>
    !shared || (head.holder === shared.holderId && (head.expiresAtMs ?? 0) >= leaseNow());

  /** Claims or renews the lease, takes over the market when it falls to this process, then catches up. */
  const heartbeat = async () => {
    if (!shared || closed) return;
    await ready;
    const claimed = await store.lease.claim(shared.holderId, leaseNow(), shared.leaseMs).catch(() => false);
    if (claimed && !driving) {
      // The last driver's walk and history are newer in the store than in this process's copy.
      sync.forget();
      trading.snapshotDue();
    }
    driving = claimed;
    await refresh();
  };

  const trading = createVenueTrading({
    state,
    core,
    settings,
    clock,
    getMarket,
    refresh,
    driver: { driving: () => driving, holds },
    startingBalanceUsd: options.startingBalanceUsd ?? '10000',
  });
  const marketData = createVenueMarket({
    core,
    clock,
    getMarket: async () => {
      await refresh();
      return requireMarket();
    },
  });

  const findKey = async (keyName: string) => {
    await refresh();
    return state.keys.get(keyName);
  };

  return {
    ...marketData,
    ...trading,
    ready: () => ready,
    /** Whether this process drives the market now. */
    driving: () => driving,
    /** One beat of the lease and catch-up loop (tests without a scheduler call it themselves). */
    heartbeat,
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
      for (const stop of stopTimers) stop();
      if (market && !closed && driving) {
        // The last word on the market's walk and history, unless another process drives it by now.
        let stillDriving = false;
        await core
          .transact(
            (_, head) => {
              stillDriving = holds(head);
            },
            {
              market: () => (stillDriving ? market?.snapshot() : undefined),
              quotes: () => (stillDriving ? market?.quotes() : undefined),
            },
          )
          .catch(() => undefined);
      }
      closed = true;
      driving = false;
      // Handed over at once: the next process drives from its next heartbeat, not after the lease runs out.
      if (shared) await store.lease.release(shared.holderId).catch(() => undefined);
    },
  };
};

export type PaperVenue = ReturnType<typeof createPaperVenue>;
