import { index, integer, numeric, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const coinStatus = pgEnum('coin_status', ['online', 'offline', 'delisted']);

/** The coins catalogue, mirrored from the exchange's USD products; prices follow ticks between syncs. */
export const coins = pgTable(
  'coins',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The exchange product id, e.g. 'SOL-USD'. */
    symbol: text().notNull().unique(),
    baseSymbol: text().notNull(),
    name: text().notNull(),
    photo: text().notNull(),
    rank: integer(),
    price: numeric().notNull(),
    change24h: numeric().notNull(),
    /** Quote (USD) volume, which is what ranks coins against each other. */
    volume24h: numeric().notNull(),
    status: coinStatus().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coins_rank_idx').on(t.rank), index('coins_base_symbol_idx').on(t.baseSymbol)],
);

/** The current top-mover set; a row appears (top-mover.created) and disappears (top-mover.deleted) with it. */
export const topMovers = pgTable('top_movers', {
  id: uuid().primaryKey().defaultRandom(),
  coinId: uuid()
    .notNull()
    .unique()
    .references(() => coins.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
