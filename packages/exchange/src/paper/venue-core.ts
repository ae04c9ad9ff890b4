import type { PriceTick, UserEvent } from '../exchange.ts';
import { type Ledger, openLedger, type VenueState } from './ledger.ts';
import type { MarketSnapshot } from './paper-market.ts';
import { toFill, toOrder } from './paper-records.ts';
import type { PaperChanges, PaperStore } from './paper-store.ts';

type Listener<T> = (value: T) => void;

/** Listeners keyed by topic (portfolio id, product id); a throwing listener never breaks the venue. */
export const createTopics = <T>() => {
  const topics = new Map<string, Set<Listener<T>>>();
  return {
    subscribe: (keys: readonly string[], listener: Listener<T>) => {
      for (const key of keys) {
        const set = topics.get(key) ?? new Set();
        set.add(listener);
        topics.set(key, set);
      }
      return () => {
        for (const key of keys) topics.get(key)?.delete(listener);
      };
    },
    publish: (key: string, value: T) => {
      for (const listener of topics.get(key) ?? []) {
        try {
          listener(value);
        } catch {
          // A subscriber's bug is its own; the market goes on.
        }
      }
    },
  };
};

/**
 * The one door every change goes through: operations run one at a time (so two orders never spend the same
 * dollar), their changes are committed to the store, and only then applied in memory and announced.
 */
export const createVenueCore = (state: VenueState, store: PaperStore) => {
  let chain: Promise<unknown> = Promise.resolve();
  const userEvents = createTopics<UserEvent>();
  const ticks = createTopics<PriceTick>();

  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work);
    chain = run.catch(() => undefined);
    return run;
  };

  /** Runs `work` in a ledger, commits what it changed (plus a market snapshot if given), publishes, returns. */
  const transact = <T>(
    work: (ledger: Ledger) => T,
    extra: { market?: () => MarketSnapshot | undefined; ticks?: PriceTick[] } = {},
  ): Promise<T> =>
    exclusive(async () => {
      const ledger = openLedger(state);
      const result = work(ledger);
      const tickList = extra.ticks ?? [];
      // Asked after the work ran: whether a snapshot is due can depend on how far the work moved the market.
      const market = extra.market?.();
      if (!ledger.isEmpty() || market) {
        const changes: PaperChanges = { ...ledger.changes(), ...(market ? { market } : {}) };
        await store.commit(changes);
      }
      const applied = ledger.apply();
      for (const fill of applied.fills)
        userEvents.publish(fill.portfolioId, { type: 'fill', fill: toFill(fill) });
      for (const order of applied.orders)
        userEvents.publish(order.portfolioId, { type: 'order', order: toOrder(order) });
      for (const tick of tickList) ticks.publish(tick.productId, tick);
      return result;
    });

  return { exclusive, transact, userEvents, ticks };
};
