import { dec, str } from '@cdca/exchange/paper/paper-decimal.ts';
import type { MarketSnapshot } from '@cdca/exchange/paper/paper-market.ts';
import type { OrderRecord } from '@cdca/exchange/paper/paper-records.ts';
import type { PaperChanges, PaperState, PaperStore } from '@cdca/exchange/paper/paper-store.ts';
import type { ProductState } from '@cdca/exchange/paper/product-state.ts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  paperBalances,
  paperFills,
  paperKeys,
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

const ORDER_UPDATES = ['status', 'filledSize', 'filledValue', 'totalFees', 'holdAmount', 'doneAt'] as const;

/** The paper venue's store on our database (PGlite or PostgreSQL): one transaction per venue commit. */
export const createDrizzlePaperStore = (db: Db): PaperStore => ({
  load: async (): Promise<PaperState> => {
    const [products, portfolios, keys, balances, orders, fills] = await Promise.all([
      db.select().from(paperMarketProducts),
      db.select().from(paperPortfolios),
      db.select().from(paperKeys),
      db.select().from(paperBalances),
      db.select().from(paperOrders),
      db.select().from(paperFills).orderBy(paperFills.sequence),
    ]);
    const first = products[0];
    const market: MarketSnapshot | null = first
      ? {
          seed: first.seed,
          timeMs: Math.max(...products.map((p) => p.marketTime.getTime())),
          products: products.map((p) => p.state as ProductState),
        }
      : null;
    return {
      market,
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
  },

  commit: async (changes: PaperChanges) => {
    await db.transaction(async (tx) => {
      // Parents before children (foreign keys), each in chunks to stay under the bind-parameter limit.
      if (changes.market) {
        const { seed, timeMs } = changes.market;
        const rows = changes.market.products.map((p) => ({
          productId: p.id,
          seed,
          marketTime: new Date(timeMs),
          state: p,
        }));
        for (const chunk of chunks(rows)) {
          await tx
            .insert(paperMarketProducts)
            .values(chunk)
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
      for (const chunk of chunks((changes.orders ?? []).map(orderRow))) {
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
    });
  },
});
