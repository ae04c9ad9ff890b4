import type { TCoin, TTopMover } from '@cdca/contracts';
import type { Exchange, Unsubscribe } from '@cdca/exchange';
import type { FastifyBaseLogger } from 'fastify';
import type { JobLease } from '../../jobs/job-lease.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { CoinCatalogue } from './coin-catalogue.ts';
import { toCoinDto } from './coin-dto.ts';
import { createEventThrottle } from './coin-event-throttle.ts';
import type { CoinsRepository } from './coins.repository.ts';

export const TOP_MOVER_COUNT = 5;
/** coin.updated goes out at most this often per coin. */
export const COIN_EVENT_MIN_INTERVAL_MS = 5000;
/** Ticks are folded and written to the database this often. */
const TICK_FLUSH_MS = 2000;
/**
 * How long the price writer keeps the lease without renewing it (it renews on every flush): a writer that dies is
 * replaced within this time (docs/decisions/coin-price-writer.md).
 */
export const PRICE_WRITER_LEASE_MS = 5 * TICK_FLUSH_MS;

type Deps = {
  repository: CoinsRepository;
  /** Refreshed after every write here, and from the bus for writes by other processes. */
  catalogue: CoinCatalogue;
  bus: EventBus;
  exchange: Exchange;
  log: FastifyBaseLogger;
  intervalMs: number;
  /**
   * Whoever holds it writes prices and runs the periodic sync; the other processes read what it wrote (their
   * catalogue follows the bus), so four processes do not queue on the same `coins` rows and send every price event
   * four times (docs/decisions/coin-price-writer.md).
   */
  writer: JobLease;
};

/**
 * Keeps the coins catalogue in step with the exchange: a full sync at start and every `intervalMs` (names,
 * status, 24 h change and volume, ranks, top movers), and prices from ticks in between.
 */
export const createMarketSync = ({ repository, catalogue, bus, exchange, log, intervalMs, writer }: Deps) => {
  const publish = (message: Parameters<EventBus['publish']>[0]['message']) =>
    bus
      .publish({ accountId: null, message })
      .catch((error: unknown) => log.warn({ err: error }, 'market event not published'));
  const coinEvents = createEventThrottle<TCoin>({
    minIntervalMs: COIN_EVENT_MIN_INTERVAL_MS,
    send: (coin) => void publish({ routingKey: 'coin.updated', event: coin }),
  });
  const latestPrices = new Map<string, string>();
  let subscribedTo = '';
  let unsubscribeTicks: Unsubscribe | undefined;
  let syncTimer: NodeJS.Timeout | undefined;
  let flushTimer: NodeJS.Timeout | undefined;
  let syncing: Promise<void> | undefined;
  let flushing: Promise<void> | undefined;
  let unfollowBus: (() => void) | undefined;

  const subscribeTicks = (symbols: string[]) => {
    const key = symbols.join(',');
    if (key === subscribedTo) return;
    unsubscribeTicks?.();
    subscribedTo = key;
    unsubscribeTicks =
      symbols.length > 0
        ? exchange.market.subscribeTicks(symbols, (tick) => latestPrices.set(tick.productId, tick.price))
        : undefined;
  };

  /** Writes the latest tick prices when this process holds the writer lease (claimed, or renewed, on every flush). */
  const writePrices = async () => {
    const prices = new Map(latestPrices);
    latestPrices.clear();
    if (!(await writer.claim()) || prices.size === 0) return;
    const changed = await repository.updatePrices(prices);
    if (changed.length === 0) return;
    await catalogue.refresh();
    for (const row of changed) coinEvents.offer(toCoinDto(row));
  };

  /** One flush at a time, so a stop can wait for the one under way before it gives the lease up. */
  const flushTicks = () => {
    flushing ??= writePrices().finally(() => {
      flushing = undefined;
    });
    return flushing;
  };

  /**
   * Top movers are market data, so they go to everyone; whether one becomes a notification is the user's
   * topMoverAlerts setting, which the client applies (docs/product.md §4: notifications are client-side only).
   */
  const publishTopMovers = async (change: { entered: TTopMover[]; left: TTopMover[] }) => {
    for (const mover of change.left) await publish({ routingKey: 'top-mover.deleted', event: mover });
    for (const mover of change.entered) await publish({ routingKey: 'top-mover.created', event: mover });
  };

  const runSync = async () => {
    const products = await exchange.market.listProducts();
    const rows = await repository.syncProducts(products);
    const movers = await repository.refreshTopMovers(TOP_MOVER_COUNT);
    // Before the events: whoever hears one and asks this process gets the catalogue the event speaks of.
    await catalogue.refresh();
    for (const row of rows) coinEvents.offer(toCoinDto(row));
    await publishTopMovers(movers);
    subscribeTicks(rows.filter((row) => row.status === 'online').map((row) => row.symbol));
  };

  /** One sync at a time; a caller during a sync waits for that one. */
  const syncNow = () => {
    syncing ??= runSync().finally(() => {
      syncing = undefined;
    });
    return syncing;
  };

  const logged = (task: () => Promise<void>, what: string) => () =>
    void task().catch((error: unknown) => log.warn({ err: error }, `${what} failed; will retry`));

  /** The periodic sync is the writer's; an explicit one (a paper price control) runs wherever it is asked. */
  const syncIfWriter = async () => {
    if (writer.held()) await syncNow();
  };

  return {
    syncNow,
    flushTicks,
    /** First sync before serving, so the catalogue is there; an unreachable exchange does not stop start-up. */
    start: async () => {
      unfollowBus = catalogue.follow(bus);
      await syncNow().catch((error: unknown) =>
        log.warn({ err: error }, 'initial market sync failed; will retry'),
      );
      syncTimer = setInterval(logged(syncIfWriter, 'market sync'), intervalMs);
      flushTimer = setInterval(logged(flushTicks, 'price update'), TICK_FLUSH_MS);
      syncTimer.unref();
      flushTimer.unref();
    },
    stop: async () => {
      clearInterval(syncTimer);
      clearInterval(flushTimer);
      unsubscribeTicks?.();
      coinEvents.stop();
      unfollowBus?.();
      await syncing?.catch(() => undefined);
      await flushing?.catch(() => undefined);
      await catalogue.settled();
      // Handed over at once rather than after the lease runs out (a restart's overlap, a scale-down).
      if (writer.held())
        await writer
          .release()
          .catch((error: unknown) => log.warn({ err: error }, 'price lease not released'));
    },
  };
};

export type MarketSync = ReturnType<typeof createMarketSync>;
