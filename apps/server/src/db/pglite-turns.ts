import type { PGlite, Transaction } from '@electric-sql/pglite';

/** How long a chain of embedded queries may hold the event loop before it lets the loop turn. */
const TURN_BUDGET_MS = 10;

/**
 * Tracks whether the event loop has turned since a query chain began: the first query of a turn schedules a marker
 * with setImmediate, which runs only once the loop gets to its check phase. Until it has run, the loop has not
 * turned, and the time since it was scheduled is how long this chain has held the loop.
 */
const createTurnKeeper = (budgetMs: number) => {
  let markerPending = false;
  let heldSince = 0;
  const loopTurned = () => {
    markerPending = false;
  };
  return async () => {
    if (!markerPending) {
      markerPending = true;
      heldSince = performance.now();
      setImmediate(loopTurned);
      return;
    }
    if (performance.now() - heldSince < budgetMs) return;
    // Timers, sockets and the paper market's ticks run here, then this chain goes on.
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
};

type Queries = Pick<Transaction, 'query' | 'exec'>;

/** `target` with its own methods, bound to it (PGlite's use its private fields), but for `overrides`. */
const overriding = <T extends object>(target: T, overrides: Partial<T>): T =>
  new Proxy(target, {
    get: (object, property) => {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof T];
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });

const queriesTakingTurns = (target: Queries, turn: () => Promise<void>): Queries => ({
  query: async (...args) => {
    await turn();
    return target.query(...args);
  },
  exec: async (...args) => {
    await turn();
    return target.exec(...args);
  },
});

/**
 * PGlite answers a query within the JavaScript turn that asked for it: its promise settles without the event loop
 * turning, so a chain of queries — an engine pass over hundreds of epics — held every timer, socket and HTTP answer
 * of the process until it ended (docs/decisions/embedded-database-turns.md). This client is the same PGlite, but
 * before each query, once a chain has held the loop for `budgetMs`, it waits one turn of the loop. What a query
 * does and in what order the chain's queries run do not change; a transaction keeps its lock while it waits.
 */
export const takingTurns = (client: PGlite, budgetMs = TURN_BUDGET_MS): PGlite => {
  const turn = createTurnKeeper(budgetMs);
  const transaction: PGlite['transaction'] = (callback) =>
    client.transaction((tx) => callback(overriding(tx, queriesTakingTurns(tx, turn))));
  return overriding(client, { ...queriesTakingTurns(client, turn), transaction });
};
