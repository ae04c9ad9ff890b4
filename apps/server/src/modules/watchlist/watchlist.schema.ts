import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';
import { coins } from '../coins/coins.schema.ts';

/** One row per (account, coin): the unique pair is what makes a repeated create a no-op (docs/product.md §5). */
export const watchlistItems = pgTable(
  'watchlist_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    coinId: uuid()
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    coinSymbol: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('watchlist_items_account_coin_unique').on(t.accountId, t.coinId),
    index('watchlist_items_account_created_idx').on(t.accountId, t.createdAt),
  ],
);
