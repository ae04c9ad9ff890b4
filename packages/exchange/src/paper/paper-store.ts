import type { MarketSnapshot } from './paper-market.ts';
import type { BalanceRecord, FillRecord, KeyRecord, OrderRecord, PortfolioRecord } from './paper-records.ts';
import type { ProductState } from './product-state.ts';

/** Everything the paper venue persists. Keys hold public keys only. */
export type PaperState = {
  market: MarketSnapshot | null;
  portfolios: PortfolioRecord[];
  keys: KeyRecord[];
  balances: BalanceRecord[];
  orders: OrderRecord[];
  fills: FillRecord[];
};

/** The money side of the state: what every process must see the same before it changes any of it. */
export type LedgerRecords = Omit<PaperState, 'market'>;

/** What a product trades at right now: small enough to be written on every tick and read on every call. */
export type ProductQuote = Pick<ProductState, 'id' | 'mid' | 'last' | 'availability' | 'script'>;
export type MarketQuotes = { timeMs: number; products: ProductQuote[] };

/**
 * The one row every process reads first (docs/decisions/one-paper-market.md): who drives the market, and a
 * revision for each part of the state, so a process knows whether what it holds in memory is still current.
 */
export type MarketHead = {
  /** Bumped by every commit that changes portfolios, keys, balances, orders or fills. */
  ledgerRevision: number;
  /** Bumped by every commit that writes quotes (each tick of the driver, each price or status control). */
  quotesRevision: number;
  /** Bumped by every commit of a market snapshot (product rows with their walk and history). */
  snapshotRevision: number;
  quotes: MarketQuotes | null;
  /** The process driving the market (moving prices, matching resting orders on ticks), until `expiresAtMs`. */
  holder: string | null;
  expiresAtMs: number | null;
};

/** One atomic write: the records an operation changed, upserted by primary key; fills are insert-only. */
export type PaperChanges = {
  market?: MarketSnapshot;
  quotes?: MarketQuotes;
  portfolios?: readonly PortfolioRecord[];
  keys?: readonly KeyRecord[];
  balances?: readonly BalanceRecord[];
  orders?: readonly OrderRecord[];
  fills?: readonly FillRecord[];
};

/** A transaction holding the market's lock: every process's changes to the venue happen one at a time. */
export type PaperSession = {
  readonly head: MarketHead;
  /** Portfolios, keys, balances and orders in full; fills only after this sequence (fills never change). */
  loadLedger: (afterFillSequence: number) => Promise<LedgerRecords>;
  loadMarket: () => Promise<MarketSnapshot | null>;
  /** Writes the changes and bumps the revisions they touch; the head as it is after them. */
  commit: (changes: PaperChanges) => Promise<MarketHead>;
};

/** Who drives the market: an expiring lease, renewed by its holder, taken over once it runs out. */
export type DriverLease = {
  /** Takes the lease if nobody holds it or it ran out, renews it if `holder` has it; whether `holder` has it now. */
  claim: (holder: string, nowMs: number, leaseMs: number) => Promise<boolean>;
  /** Lets go of it (graceful stop), so another process takes over at once. */
  release: (holder: string) => Promise<void>;
};

/**
 * Where the paper venue keeps its state, shared by every process that trades on it. The venue is write-through:
 * every order, fill and balance change is committed (all of an operation's changes in one transaction, under the
 * market's lock, after reading what other processes committed) before the venue applies it in memory, emits events
 * or answers the caller, so a crash never loses an acknowledged change and never applies half of one, and two
 * processes never spend the same dollar. A fill's tradeId is its primary key, so a replayed commit can never double
 * a fill. Quotes are written on every tick; the full market (walk, history) is snapshotted periodically and on
 * control calls, so after a crash history may rewind by at most one snapshot interval, never money or prices.
 */
export type PaperStore = {
  exclusive: <T>(work: (session: PaperSession) => Promise<T>) => Promise<T>;
  /** The head without taking the lock: a cheap look at whether anything changed. */
  head: () => Promise<MarketHead>;
  lease: DriverLease;
  load: () => Promise<PaperState>;
  commit: (changes: PaperChanges) => Promise<void>;
};

/** `load` and `commit` for tests and tools, built on the locked session. */
export const sessionHelpers = (exclusive: PaperStore['exclusive']): Pick<PaperStore, 'load' | 'commit'> => ({
  load: () =>
    exclusive(async (session) => ({ market: await session.loadMarket(), ...(await session.loadLedger(0)) })),
  commit: async (changes) => {
    await exclusive((session) => session.commit(changes));
  },
});

/** Applies a (possibly partial) market snapshot over the stored one. */
export const mergeMarket = (stored: MarketSnapshot | null, incoming: MarketSnapshot): MarketSnapshot => {
  const products = new Map((stored?.products ?? []).map((p) => [p.id, p]));
  for (const p of structuredClone(incoming.products)) products.set(p.id, p);
  return {
    seed: incoming.seed,
    timeMs: Math.max(stored?.timeMs ?? 0, incoming.timeMs),
    products: [...products.values()],
  };
};

/** The revisions a commit moves on. */
export const bumpedHead = (head: MarketHead, changes: PaperChanges): MarketHead => {
  const ledger = [changes.portfolios, changes.keys, changes.balances, changes.orders, changes.fills].some(
    (rows) => (rows?.length ?? 0) > 0,
  );
  return {
    ...head,
    ledgerRevision: head.ledgerRevision + (ledger ? 1 : 0),
    quotesRevision: head.quotesRevision + (changes.quotes ? 1 : 0),
    snapshotRevision: head.snapshotRevision + (changes.market ? 1 : 0),
    quotes: changes.quotes ? structuredClone(changes.quotes) : head.quotes,
  };
};

/** A lease row's answer to `claim`, the same rule the database store writes in SQL. */
export const mayClaim = (head: MarketHead, holder: string, nowMs: number) =>
  head.holder === null || head.holder === holder || (head.expiresAtMs ?? 0) < nowMs;

export const EMPTY_HEAD: MarketHead = {
  ledgerRevision: 0,
  quotesRevision: 0,
  snapshotRevision: 0,
  quotes: null,
  holder: null,
  expiresAtMs: null,
};

/**
 * The memory store's head, frozen all the way down instead of copied for every reader: a session is opened for
 * every venue call and the head carries every product's quote, so a deep copy per session and per commit was a
 * measurable share of an engine pass on the paper venue (bench/README.md, "Engine throughput"). A reader that tried
 * to change it would throw (modules are strict), so it is as safe as a copy.
 */
const frozen = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
};

/** For tests and the bench: keeps copies, so a "restart" (a new venue on the same store) sees only what was committed. */
export const createMemoryPaperStore = (): PaperStore & { commits: () => number } => {
  let market: MarketSnapshot | null = null;
  let head: MarketHead = frozen({ ...EMPTY_HEAD });
  const portfolios = new Map<string, PortfolioRecord>();
  const keys = new Map<string, KeyRecord>();
  const balances = new Map<string, BalanceRecord>();
  const orders = new Map<string, OrderRecord>();
  const fills = new Map<string, FillRecord>();
  let commits = 0;
  let lock: Promise<unknown> = Promise.resolve();
  const upsert = <T>(rows: Map<string, T>, incoming: readonly T[] | undefined, key: (row: T) => string) => {
    for (const row of incoming ?? []) rows.set(key(row), structuredClone(row));
  };
  const session = (): PaperSession => ({
    head,
    loadLedger: async (after) =>
      structuredClone({
        portfolios: [...portfolios.values()],
        keys: [...keys.values()],
        balances: [...balances.values()],
        orders: [...orders.values()],
        fills: [...fills.values()].filter((f) => f.sequence > after).sort((a, b) => a.sequence - b.sequence),
      }),
    loadMarket: async () => structuredClone(market),
    commit: async (changes) => {
      for (const fill of changes.fills ?? []) {
        if (fills.has(fill.tradeId)) throw new Error(`fill ${fill.tradeId} already stored`);
      }
      commits++;
      if (changes.market) market = mergeMarket(market, changes.market);
      upsert(portfolios, changes.portfolios, (p) => p.id);
      upsert(keys, changes.keys, (k) => k.keyName);
      upsert(balances, changes.balances, (b) => `${b.portfolioId}/${b.currency}`);
      upsert(orders, changes.orders, (o) => o.id);
      upsert(fills, changes.fills, (f) => f.tradeId);
      head = frozen(bumpedHead(head, changes));
      return head;
    },
  });
  const exclusive: PaperStore['exclusive'] = (work) => {
    const run = lock.then(() => work(session()));
    lock = run.catch(() => undefined);
    return run;
  };
  return {
    commits: () => commits,
    exclusive,
    head: async () => head,
    lease: {
      claim: async (holder, nowMs, leaseMs) => {
        if (!mayClaim(head, holder, nowMs)) return false;
        head = frozen({ ...head, holder, expiresAtMs: nowMs + leaseMs });
        return true;
      },
      release: async (holder) => {
        if (head.holder === holder) head = frozen({ ...head, holder: null, expiresAtMs: null });
      },
    },
    ...sessionHelpers(exclusive),
  };
};
