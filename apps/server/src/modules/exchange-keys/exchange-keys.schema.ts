import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';

/**
 * One exchange key per account. The key name and private key live only inside `sealedCredentials`
 * (AES-256-GCM under the master key, bound to the account id); the rest is what the product may show.
 */
export const exchangeKeys = pgTable('exchange_keys', {
  id: uuid().primaryKey().defaultRandom(),
  accountId: uuid()
    .notNull()
    .unique()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  exchange: text({ enum: ['paper', 'coinbase'] }).notNull(),
  sealedCredentials: text().notNull(),
  /** The key name's last 4 characters, enough to recognise it and nothing more. */
  keyNameHint: text().notNull(),
  canView: boolean().notNull(),
  canTrade: boolean().notNull(),
  canTransfer: boolean().notNull(),
  portfolioId: text().notNull(),
  portfolioName: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  verifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Paper mode: the paper portfolio each account's minted keys share, so every key sees the same balances. */
export const accountPaperPortfolios = pgTable('account_paper_portfolios', {
  accountId: uuid()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  portfolioId: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
