import type { PriceTick, UserEvent } from '../exchange.ts';
import { type Ledger, openLedger, type VenueState } from './ledger.ts';
import type { MarketSnapshot } from './paper-market.ts';
import { toFill, toOrder } from './paper-records.ts';
import type { MarketHead, MarketQuotes, PaperChanges, PaperSession, PaperStore } from './paper-store.ts';
import { type Announcements, NOTHING_NEW } from './state-sync.ts';

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

/** What the venue does around each locked session: catch up with other processes, and note its own commits. */
export type SessionHooks = {
  sync: (session: PaperSession) => Promise<Announcements>;
  committed: (head: MarketHead) => void;
};

/**
 * The one door every change goes through: operations run one at a time in this process, and each in a session
 * holding the store's lock across processes (so two orders never spend the same dollar, wherever they were
 * placed). A session first catches up with what other processes committed, then runs the work; its changes are
 * committed to the store, and only then applied in memory and announced.
 */
export const createVenueCore = (state: VenueState, store: PaperStore, hooks: SessionHooks) => {
  let chain: Promise<unknown> = Promise.resolve();
  const userEvents = createTopics<UserEvent>();
  const ticks = createTopics<PriceTick>();

  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work);
    chain = run.catch(() => undefined);
    return run;
  };

  const announce = (news: Announcements) => {
    for (const fill of news.fills) userEvents.publish(fill.portfolioId, { type: 'fill', fill: toFill(fill) });
    for (const order of news.orders)
      userEvents.publish(order.portfolioId, { type: 'order', order: toOrder(order) });
    for (const tick of news.ticks) ticks.publish(tick.productId, tick);
  };

  /** `transact` without joining the in-process queue (for callers already in it). */
  const transactNow = async <T>(
    work: (ledger: Ledger, head: MarketHead) => T,
    extra: {
      market?: () => MarketSnapshot | undefined;
      quotes?: () => MarketQuotes | undefined;
      ticks?: PriceTick[];
    } = {},
  ): Promise<T> => {
    let caughtUp: Announcements = NOTHING_NEW;
    let outcome: { result: T; ledger: Ledger };
    try {
      outcome = await store.exclusive(async (session) => {
        caughtUp = await hooks.sync(session);
        const ledger = openLedger(state);
        const result = work(ledger, session.head);
        // Asked after the work ran: whether a snapshot is due can depend on how far the work moved the market.
        const market = extra.market?.();
        const quotes = extra.quotes?.();
        if (!ledger.isEmpty() || market || quotes) {
          const changes: PaperChanges = {
            ...ledger.changes(),
            ...(market ? { market } : {}),
            ...(quotes ? { quotes } : {}),
          };
          hooks.committed(await session.commit(changes));
        }
        return { result, ledger };
      });
    } finally {
      // What others did is announced even when this work was refused: it happened all the same.
      announce(caughtUp);
    }
    const applied = outcome.ledger.apply();
    announce({ ...applied, ticks: extra.ticks ?? [] });
    return outcome.result;
  };

  /** Runs `work` in a ledger, commits what it changed (plus a market snapshot and quotes if given), publishes. */
  const transact = <T>(...args: Parameters<typeof transactNow<T>>): Promise<T> =>
    exclusive(() => transactNow(...args));

  return { exclusive, transact, transactNow, announce, userEvents, ticks };
};
