import type { TTopMover } from '@cdca/contracts';
import type { Product } from '@cdca/engine';
import { and, asc, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { CoinRow } from './coin-dto.ts';
import { coinIconUrl } from './coin-icon.ts';
import { coins, topMovers } from './coins.schema.ts';

// Several API processes may sync at once; one at a time decides the top-mover set, so events are not doubled.
const TOP_MOVERS_LOCK_KEY = 727_465_101;
const ZChangedIds = z.object({ rows: z.array(z.object({ id: z.string() })) });

const topMoverColumns = {
  id: topMovers.id,
  coinId: topMovers.coinId,
  createdAt: topMovers.createdAt,
  symbol: coins.symbol,
  photo: coins.photo,
  rank: coins.rank,
  // docs/product.md's exchangeRateT24Ratio: price now ÷ price 24 h ago = 1 + change/100.
  exchangeRateT24Ratio: sql<string>`round(1 + ${coins.change24h} / 100, 6)::text`,
};

type TopMoverRow = {
  id: string;
  coinId: string;
  createdAt: Date;
  symbol: string;
  photo: string;
  rank: number | null;
  exchangeRateT24Ratio: string;
};

export const toTopMoverDto = (row: TopMoverRow): TTopMover => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export const createCoinsRepository = (db: Db) => ({
  /**
   * Mirrors the exchange's USD products: upserts each, marks vanished ones delisted and re-ranks by 24 h quote
   * volume (base volume × price, computed in SQL so no float touches it). Answers every coin as it now is.
   */
  syncProducts: async (products: readonly Product[]): Promise<CoinRow[]> =>
    db.transaction(async (tx) => {
      // In symbol order, the order every writer of these rows locks them in (see updatePrices).
      const usd = products
        .filter((product) => product.quoteCurrency === 'USD')
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      if (usd.length > 0) {
        await tx
          .insert(coins)
          .values(
            usd.map((product) => ({
              symbol: product.id,
              baseSymbol: product.baseCurrency,
              name: product.baseName || product.baseCurrency,
              photo: coinIconUrl(product.baseCurrency),
              price: product.price,
              change24h: product.priceChange24h,
              volume24h: sql`round(${product.volume24h}::numeric * ${product.price}::numeric, 2)`,
              status:
                product.tradingDisabled && product.status === 'online'
                  ? ('offline' as const)
                  : product.status,
            })),
          )
          .onConflictDoUpdate({
            target: coins.symbol,
            set: {
              baseSymbol: sql`excluded.base_symbol`,
              name: sql`excluded.name`,
              price: sql`excluded.price`,
              change24h: sql`excluded.change24h`,
              volume24h: sql`excluded.volume24h`,
              status: sql`excluded.status`,
              updatedAt: sql`now()`,
            },
          });
      }
      const listed = usd.map((product) => product.id);
      await tx
        .update(coins)
        .set({ status: 'delisted', rank: null, updatedAt: sql`now()` })
        .where(
          and(ne(coins.status, 'delisted'), listed.length > 0 ? notInArray(coins.symbol, listed) : undefined),
        );
      await tx.execute(sql`
        update ${coins} set rank = ranked.rank
        from (
          select id, row_number() over (order by volume24h desc, symbol) as rank
          from ${coins} where status <> 'delisted'
        ) as ranked
        where ${coins.id} = ranked.id and ${coins.rank} is distinct from ranked.rank`);
      return tx.select().from(coins).orderBy(asc(coins.symbol));
    }),

  /**
   * Latest tick prices; answers the coins whose price changed. One transaction, two statements however many coins
   * moved: the rows are locked in symbol order first (as syncProducts writes them), so two writers — the price
   * writer and a price control's sync — wait for each other instead of deadlocking.
   */
  updatePrices: async (prices: ReadonlyMap<string, string>): Promise<CoinRow[]> => {
    const symbols = [...prices.keys()].sort();
    if (symbols.length === 0) return [];
    const newPrices = sql.join(
      symbols.map((symbol) => sql`(${symbol}::text, ${prices.get(symbol)}::numeric)`),
      sql`, `,
    );
    return db.transaction(async (tx) => {
      await tx
        .select({ id: coins.id })
        .from(coins)
        .where(inArray(coins.symbol, symbols))
        .orderBy(asc(coins.symbol))
        .for('update');
      const result = ZChangedIds.parse(
        await tx.execute(sql`
        update ${coins} set price = latest.price, updated_at = now()
        from (values ${newPrices}) as latest(symbol, price)
        where ${coins.symbol} = latest.symbol and ${coins.price} <> latest.price
        returning ${coins.id}`),
      );
      const changedIds = result.rows.map((row) => row.id);
      if (changedIds.length === 0) return [];
      return tx.select().from(coins).where(inArray(coins.id, changedIds)).orderBy(asc(coins.symbol));
    });
  },

  /** Every coin, delisted too, in the catalogue's order: rank (unranked last), then symbol. */
  listAll: async (): Promise<CoinRow[]> =>
    db.select().from(coins).orderBy(sql`${coins.rank} asc nulls last`, asc(coins.symbol)),

  findById: async (id: string): Promise<CoinRow | undefined> => {
    const [row] = await db.select().from(coins).where(eq(coins.id, id)).limit(1);
    return row;
  },

  findBySymbol: async (symbol: string): Promise<CoinRow | undefined> => {
    const [row] = await db.select().from(coins).where(eq(coins.symbol, symbol)).limit(1);
    return row;
  },

  listTopMovers: async (): Promise<TTopMover[]> => {
    const rows = await db
      .select(topMoverColumns)
      .from(topMovers)
      .innerJoin(coins, eq(coins.id, topMovers.coinId))
      .orderBy(desc(sql`abs(${coins.change24h})`), asc(coins.symbol));
    return rows.map(toTopMoverDto);
  },

  /** Makes the stored set the `size` online coins that moved most in 24 h; answers who entered and who left. */
  refreshTopMovers: async (size: number) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${TOP_MOVERS_LOCK_KEY})`);
      const wanted = await tx
        .select({ id: coins.id })
        .from(coins)
        .where(eq(coins.status, 'online'))
        .orderBy(desc(sql`abs(${coins.change24h})`), asc(coins.symbol))
        .limit(size);
      const wantedIds = wanted.map((coin) => coin.id);
      const leaving = await tx
        .select(topMoverColumns)
        .from(topMovers)
        .innerJoin(coins, eq(coins.id, topMovers.coinId))
        .where(wantedIds.length > 0 ? notInArray(topMovers.coinId, wantedIds) : undefined);
      if (leaving.length > 0) {
        await tx.delete(topMovers).where(
          inArray(
            topMovers.id,
            leaving.map((row) => row.id),
          ),
        );
      }
      const inserted =
        wantedIds.length > 0
          ? await tx
              .insert(topMovers)
              .values(wantedIds.map((coinId) => ({ coinId })))
              .onConflictDoNothing({ target: topMovers.coinId })
              .returning({ id: topMovers.id })
          : [];
      const entered =
        inserted.length > 0
          ? await tx
              .select(topMoverColumns)
              .from(topMovers)
              .innerJoin(coins, eq(coins.id, topMovers.coinId))
              .where(
                inArray(
                  topMovers.id,
                  inserted.map((row) => row.id),
                ),
              )
          : [];
      return { entered: entered.map(toTopMoverDto), left: leaving.map(toTopMoverDto) };
    }),
});

export type CoinsRepository = ReturnType<typeof createCoinsRepository>;
