import type { MarketSnapshot, OrderRecord, ProductState } from '@cdca/exchange/paper';
import {
  bumpedHead,
  dec,
  type LedgerRecords,
  type MarketHead,
  type MarketQuotes,
  type PaperChanges,
  type PaperSession,
  type PaperStore,
  sessionHelpers,
  str,
} from '@cdca/exchange/paper';
import { and, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  paperBalances,
  paperFills,
  paperKeys,
  paperMarketLease,
  paperMarketProducts,
  paperOrders,
  paperPortfolios,
} from './paper.schema.ts';

/** numeric(38, 18) reads back padded ('1.500000000000000000'); the venue speaks canonical decimals ('1.5'). */
const canonical = (value: string) => str(dec(value));
const canonicalOrNull = (value: string | null) => (value === null ? null : canonical(value));

/** PostgreSQL would silently round a 19th decimal; refuse instead, so memory and database never disagree. */
const exact = (value: string) => {
  if (dec(value).decimalPlaces() > 18) throw new Error(`${value} has more than 18 decimals`);
  return value;
};
const exactOrNull = (value: string | null) => (value === null ? null : exact(value));

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `set` for an upsert: every listed column takes the incoming row's value. */
const excluded = (keys: readonly string[]) =>
  Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded.${snake(key)}`)])) as Record<string, SQL>;

const CHUNK = 500;
const chunks = <T>(rows: readonly T[]) => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
};

const orderRow = (o: OrderRecord) => ({
  ...o,
  baseSize: exactOrNull(o.baseSize),
  quoteSize: exactOrNull(o.quoteSize),
  limitPrice: exactOrNull(o.limitPrice),
  filledSize: exact(o.filledSize),
  filledValue: exact(o.filledValue),
  totalFees: exact(o.totalFees),
  holdAmount: exact(o.holdAmount),
});

const ORDER_UPDATES = [
  'status',
  'filledSize',
  'filledValue',
  'totalFees',
  'holdAmount',
  'doneAt',
  'ledgerRevision',
] as const;

/** Inside a transaction or not: both read and write the same way. */
type Runner = Pick<Db, 'select' | 'insert' | 'update'>;

const loadMarket = async (db: Runner): Promise<MarketSnapshot | null> => {
  const products = await db.select().from(paperMarketProducts);
  const first = products[0];
  return first
    ? {
        seed: first.seed,
        timeMs: Math.max(...products.map((p) => p.marketTime.getTime())),
        products: products.map((p) => p.state as ProductState),
      }
    : null;
};

/**
 * The ledger as stored: portfolios, keys and balances whole (the venue takes them as the truth), fills after the
 * venue's last sequence, and the orders written after ledger revision `ordersAfter` (all of them when undefined).
 * The venue keeps every order it has seen and skips those that did not change, so orders it already holds need not
 * be read again: before this, every catch-up read every order ever placed while the market's lock was held.
 */
const loadLedger = async (
  db: Runner,
  afterFillSequence: number,
  ordersAfter: number | undefined,
): Promise<LedgerRecords> => {
  // One after another: inside a transaction they share one connection, which runs one query at a time anyway.
  const portfolios = await db.select().from(paperPortfolios);
  const keys = await db.select().from(paperKeys);
  const balances = await db.select().from(paperBalances);
  const orders = await db
    .select()
    .from(paperOrders)
    .where(ordersAfter === undefined ? undefined : gt(paperOrders.ledgerRevision, ordersAfter));
  const fills = await db
    .select()
    .from(paperFills)
    .where(gt(paperFills.sequence, afterFillSequence))
    .orderBy(paperFills.sequence);
  return {
    portfolios,
    keys,
    balances: balances.map((b) => ({ ...b, available: canonical(b.available), hold: canonical(b.hold) })),
    orders: orders.map((o) => ({
      ...o,
      baseSize: canonicalOrNull(o.baseSize),
      quoteSize: canonicalOrNull(o.quoteSize),
      limitPrice: canonicalOrNull(o.limitPrice),
      filledSize: canonical(o.filledSize),
      filledValue: canonical(o.filledValue),
      totalFees: canonical(o.totalFees),
      holdAmount: canonical(o.holdAmount),
    })),
    fills: fills.map((f) => ({
      ...f,
      price: canonical(f.price),
      size: canonical(f.size),
      fee: canonical(f.fee),
    })),
  };
};

/**
 * Parents before children (foreign keys), each in chunks to stay under the bind-parameter limit; orders stamped with
 * the ledger revision this commit makes.
 */
const writeChanges = async (tx: Runner, changes: PaperChanges, ledgerRevision: number) => {
  if (changes.market) {
    const { seed, timeMs } = changes.market;
    const rows = changes.market.products.map((p) => ({
      productId: p.id,
      seed,
      marketTime: new Date(timeMs),
      state: p,
    }));
    // One statement per product: a product's row is ~140 kB of JSON (its day of minute candles), and PostgreSQL
    // holds a statement's parameters, their jsonb and the TOAST work in memory at once. On PGlite that memory is
    // WebAssembly memory, which never shrinks: one statement of all 33 rows left ~60 MB more of it resident for
    // good (docs/decisions/memory.md).
    for (const row of rows) {
      await tx
        .insert(paperMarketProducts)
        .values(row)
        .onConflictDoUpdate({
          target: paperMarketProducts.productId,
          set: excluded(['seed', 'marketTime', 'state']),
        });
    }
  }
  for (const chunk of chunks(changes.portfolios ?? [])) {
    await tx
      .insert(paperPortfolios)
      .values(chunk)
      .onConflictDoUpdate({ target: paperPortfolios.id, set: excluded(['name']) });
  }
  for (const chunk of chunks(changes.keys ?? [])) {
    await tx
      .insert(paperKeys)
      .values(chunk)
      .onConflictDoUpdate({
        target: paperKeys.keyName,
        set: excluded(['revokedAt', 'canView', 'canTrade', 'canTransfer']),
      });
  }
  const balances = (changes.balances ?? []).map((b) => ({
    ...b,
    available: exact(b.available),
    hold: exact(b.hold),
  }));
  for (const chunk of chunks(balances)) {
    await tx
      .insert(paperBalances)
      .values(chunk)
      .onConflictDoUpdate({
        target: [paperBalances.portfolioId, paperBalances.currency],
        set: excluded(['available', 'hold']),
      });
  }
  const orders = (changes.orders ?? []).map((o) => ({ ...orderRow(o), ledgerRevision }));
  for (const chunk of chunks(orders)) {
    await tx
      .insert(paperOrders)
      .values(chunk)
      .onConflictDoUpdate({ target: paperOrders.id, set: excluded(ORDER_UPDATES) });
  }
  // Plain insert: a duplicate trade id fails the whole commit rather than doubling a fill.
  const fills = (changes.fills ?? []).map((f) => ({
    ...f,
    price: exact(f.price),
    size: exact(f.size),
    fee: exact(f.fee),
  }));
  for (const chunk of chunks(fills)) await tx.insert(paperFills).values(chunk);
};

const MARKET_ROW = 'paper';
const theRow = eq(paperMarketLease.id, MARKET_ROW);

const headOf = (row: typeof paperMarketLease.$inferSelect): MarketHead => ({
  ledgerRevision: row.ledgerRevision,
  quotesRevision: row.quotesRevision,
  snapshotRevision: row.snapshotRevision,
  quotes: (row.quotes as MarketQuotes | null) ?? null,
  holder: row.holder,
  expiresAtMs: row.expiresAt?.getTime() ?? null,
});

/**
 * The paper venue's store on our database (PGlite or PostgreSQL), shared by every process on it: each venue
 * commit is one transaction holding the lock on the market row (SELECT … FOR UPDATE), so processes change the
 * venue one at a time and each sees what the others committed (docs/decisions/one-paper-market.md).
 */
export const createDrizzlePaperStore = (db: Db): PaperStore => {
  let rowReady: Promise<unknown> | undefined;
  /**
   * The ledger revision through which the venue of this store holds every order: set by a read of the ledger
   * (under the lock, so nothing older is still being written) and moved along by a commit made while current, each
   * once its transaction has committed (a rolled-back revision number is used again by the next commit). Undefined
   * until the first read, which then reads every order. A read from fill sequence 0 (a venue starting, `load()`)
   * reads every order and moves nothing: a tool's `load()` is not the venue's memory.
   */
  let ordersThrough: number | undefined;
  /** The market row exists from the first use on (a database migrated before it is simply given one). */
  const ensureRow = () => {
    rowReady ??= db
      .insert(paperMarketLease)
      .values({ id: MARKET_ROW })
      .onConflictDoNothing()
      .catch((error: unknown) => {
        rowReady = undefined;
        throw error;
      });
    return rowReady;
  };

  const exclusive: PaperStore['exclusive'] = async (work) => {
    await ensureRow();
    let through = ordersThrough;
    const answer = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(paperMarketLease).where(theRow).for('update');
      if (!row) throw new Error('the paper market row is missing');
      let head = headOf(row);
      const session: PaperSession = {
        head,
        loadLedger: async (after) => {
          if (after === 0) return loadLedger(tx, after, undefined);
          const records = await loadLedger(tx, after, through);
          through = head.ledgerRevision;
          return records;
        },
        loadMarket: () => loadMarket(tx),
        commit: async (changes) => {
          const next = bumpedHead(head, changes);
          await writeChanges(tx, changes, next.ledgerRevision);
          // The venue holds what it just wrote; if it held everything before, it still does.
          if (through === head.ledgerRevision) through = next.ledgerRevision;
          head = next;
          await tx
            .update(paperMarketLease)
            .set({
              ledgerRevision: head.ledgerRevision,
              quotesRevision: head.quotesRevision,
              snapshotRevision: head.snapshotRevision,
              ...(changes.quotes ? { quotes: changes.quotes } : {}),
            })
            .where(theRow);
          return head;
        },
      };
      return work(session);
    });
    ordersThrough = through;
    return answer;
  };

  return {
    exclusive,
    head: async () => {
      await ensureRow();
      const [row] = await db.select().from(paperMarketLease).where(theRow);
      if (!row) throw new Error('the paper market row is missing');
      return headOf(row);
    },
    lease: {
      claim: async (holder, nowMs, leaseMs) => {
        await ensureRow();
        const now = new Date(nowMs);
        const taken = await db
          .update(paperMarketLease)
          .set({ holder, expiresAt: new Date(nowMs + leaseMs) })
          .where(
            and(
              theRow,
              or(
                isNull(paperMarketLease.holder),
                eq(paperMarketLease.holder, holder),
                lt(paperMarketLease.expiresAt, now),
              ),
            ),
          )
          .returning({ id: paperMarketLease.id });
        return taken.length > 0;
      },
      release: async (holder) => {
        await db
          .update(paperMarketLease)
          .set({ holder: null, expiresAt: null })
          .where(and(theRow, eq(paperMarketLease.holder, holder)));
      },
    },
    ...sessionHelpers(exclusive),
  };
};
