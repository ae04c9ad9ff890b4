import { bigint, boolean, index, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { decimalColumn as amount, instantColumn as at } from '../../db/columns.ts';

/** The paper venue's state (packages/exchange/src/paper). Amounts are exact decimals, never floats. */

/**
 * One row (id 'paper'): the lock every venue commit takes, the driver lease (who moves the market, until when), a
 * revision per part of the state so each process knows what it must read again, and the current quotes of every
 * product, written on each tick (docs/decisions/one-paper-market.md).
 */
export const paperMarketLease = pgTable('paper_market_lease', {
  id: text().primaryKey(),
  holder: text(),
  expiresAt: at(),
  ledgerRevision: bigint({ mode: 'number' }).notNull().default(0),
  quotesRevision: bigint({ mode: 'number' }).notNull().default(0),
  snapshotRevision: bigint({ mode: 'number' }).notNull().default(0),
  quotes: jsonb(),
});

/** One row per product: its price, walk, status, script and one-minute candles of the last day. */
export const paperMarketProducts = pgTable('paper_market_products', {
  productId: text().primaryKey(),
  seed: bigint({ mode: 'number' }).notNull(),
  marketTime: at().notNull(),
  state: jsonb().notNull(),
});

export const paperPortfolios = pgTable('paper_portfolios', {
  id: uuid().primaryKey(),
  name: text().notNull(),
  createdAt: at().notNull(),
});

/** Public keys only: the private half is handed to the user once and never stored. */
export const paperKeys = pgTable('paper_keys', {
  keyName: text().primaryKey(),
  portfolioId: uuid()
    .notNull()
    .references(() => paperPortfolios.id),
  publicKey: text().notNull(),
  canView: boolean().notNull(),
  canTrade: boolean().notNull(),
  canTransfer: boolean().notNull(),
  revokedAt: at(),
  createdAt: at().notNull(),
});

export const paperBalances = pgTable(
  'paper_balances',
  {
    portfolioId: uuid()
      .notNull()
      .references(() => paperPortfolios.id),
    currency: text().notNull(),
    available: amount().notNull(),
    hold: amount().notNull(),
  },
  (t) => [primaryKey({ columns: [t.portfolioId, t.currency] })],
);

export const paperOrders = pgTable(
  'paper_orders',
  {
    id: uuid().primaryKey(),
    portfolioId: uuid()
      .notNull()
      .references(() => paperPortfolios.id),
    clientOrderId: text().notNull(),
    productId: text().notNull(),
    side: text({ enum: ['buy', 'sell'] }).notNull(),
    type: text({ enum: ['limit', 'market'] }).notNull(),
    status: text({ enum: ['open', 'filled', 'cancelled', 'expired', 'failed'] }).notNull(),
    baseSize: amount(),
    quoteSize: amount(),
    limitPrice: amount(),
    postOnly: boolean().notNull(),
    filledSize: amount().notNull(),
    filledValue: amount().notNull(),
    totalFees: amount().notNull(),
    holdCurrency: text().notNull(),
    holdAmount: amount().notNull(),
    createdAt: at().notNull(),
    doneAt: at(),
    /**
     * The ledger revision that last wrote the row, so a process catching up reads only the orders changed since it
     * last looked, not every order ever placed (docs/decisions/one-paper-market.md, "Revisions").
     */
    ledgerRevision: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('paper_orders_client_order_id_key').on(t.portfolioId, t.clientOrderId),
    index('paper_orders_status_idx').on(t.status),
    index('paper_orders_ledger_revision_idx').on(t.ledgerRevision),
  ],
);

/** Insert-only; the trade id is the primary key, so a fill can never be stored twice. */
export const paperFills = pgTable(
  'paper_fills',
  {
    tradeId: uuid().primaryKey(),
    sequence: bigint({ mode: 'number' }).notNull().unique(),
    orderId: uuid()
      .notNull()
      .references(() => paperOrders.id),
    portfolioId: uuid()
      .notNull()
      .references(() => paperPortfolios.id),
    clientOrderId: text().notNull(),
    productId: text().notNull(),
    side: text({ enum: ['buy', 'sell'] }).notNull(),
    price: amount().notNull(),
    size: amount().notNull(),
    fee: amount().notNull(),
    liquidity: text({ enum: ['maker', 'taker'] }).notNull(),
    time: at().notNull(),
  },
  (t) => [index('paper_fills_portfolio_time_idx').on(t.portfolioId, t.time)],
);
