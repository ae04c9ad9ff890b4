import type { MarketSnapshot } from './paper-market.ts';
import type { BalanceRecord, FillRecord, KeyRecord, OrderRecord, PortfolioRecord } from './paper-records.ts';

/** Everything the paper venue persists. Keys hold public keys only. */
export type PaperState = {
  market: MarketSnapshot | null;
  portfolios: PortfolioRecord[];
  keys: KeyRecord[];
  balances: BalanceRecord[];
  orders: OrderRecord[];
  fills: FillRecord[];
};

/** One atomic write: the records an operation changed, upserted by primary key; fills are insert-only. */
export type PaperChanges = {
  market?: MarketSnapshot;
  portfolios?: readonly PortfolioRecord[];
  keys?: readonly KeyRecord[];
  balances?: readonly BalanceRecord[];
  orders?: readonly OrderRecord[];
  fills?: readonly FillRecord[];
};

/**
 * Where the paper venue keeps its state. The venue is write-through: every order, fill and balance change is
 * committed (all of an operation's changes in one transaction) before the venue applies it in memory, emits
 * events or answers the caller, so a crash never loses an acknowledged change and never applies half of one.
 * A fill's tradeId is its primary key, so a replayed commit can never double a fill. The market (prices,
 * history, scripts) is snapshotted periodically and on every control call; after a crash it may rewind by at most
 * one snapshot interval, which moves prices only, never money.
 */
export type PaperStore = {
  load: () => Promise<PaperState>;
  commit: (changes: PaperChanges) => Promise<void>;
};

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

/** For tests and the bench: keeps copies, so a "restart" (a new venue on the same store) sees only what was committed. */
export const createMemoryPaperStore = (): PaperStore & { commits: () => number } => {
  let market: MarketSnapshot | null = null;
  const portfolios = new Map<string, PortfolioRecord>();
  const keys = new Map<string, KeyRecord>();
  const balances = new Map<string, BalanceRecord>();
  const orders = new Map<string, OrderRecord>();
  const fills = new Map<string, FillRecord>();
  let commits = 0;
  const upsert = <T>(rows: Map<string, T>, incoming: readonly T[] | undefined, key: (row: T) => string) => {
    for (const row of incoming ?? []) rows.set(key(row), structuredClone(row));
  };
  return {
    commits: () => commits,
    load: async () =>
      structuredClone({
        market,
        portfolios: [...portfolios.values()],
        keys: [...keys.values()],
        balances: [...balances.values()],
        orders: [...orders.values()],
        fills: [...fills.values()],
      }),
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
    },
  };
};
