import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CoinRow } from '../coins/coin-dto.ts';
import { coins } from '../coins/coins.schema.ts';
import { watchlistItems } from './watchlist.schema.ts';

export type WatchlistItemRow = typeof watchlistItems.$inferSelect;

export const createWatchlistRepository = (db: Db) => ({
  /** Inserts once per (account, coin); a repeat answers the item already there with created = false. */
  createOnce: async (values: { accountId: string; coinId: string; coinSymbol: string }) => {
    const [created] = await db
      .insert(watchlistItems)
      .values(values)
      .onConflictDoNothing({ target: [watchlistItems.accountId, watchlistItems.coinId] })
      .returning();
    if (created) return { row: created, created: true };
    const [existing] = await db
      .select()
      .from(watchlistItems)
      .where(and(eq(watchlistItems.accountId, values.accountId), eq(watchlistItems.coinId, values.coinId)))
      .limit(1);
    if (!existing) throw new Error('watchlist item vanished between insert and select');
    return { row: existing, created: false };
  },

  /** Newest first (docs/product.md §4: a new item goes to the front). */
  list: async (accountId: string, page: { limit: number; offset: number }) => {
    const rows: { item: WatchlistItemRow; coin: CoinRow }[] = await db
      .select({ item: watchlistItems, coin: coins })
      .from(watchlistItems)
      .innerJoin(coins, eq(coins.id, watchlistItems.coinId))
      .where(eq(watchlistItems.accountId, accountId))
      .orderBy(desc(watchlistItems.createdAt), desc(watchlistItems.id))
      .limit(page.limit)
      .offset(page.offset);
    return rows;
  },

  count: async (accountId: string): Promise<number> => {
    const [row] = await db
      .select({ total: count() })
      .from(watchlistItems)
      .where(eq(watchlistItems.accountId, accountId));
    return row?.total ?? 0;
  },

  /** Deletes only the account's own item: someone else's id matches nothing. */
  deleteOwn: async (accountId: string, id: string): Promise<WatchlistItemRow | undefined> => {
    const [row] = await db
      .delete(watchlistItems)
      .where(and(eq(watchlistItems.id, id), eq(watchlistItems.accountId, accountId)))
      .returning();
    return row;
  },
});
