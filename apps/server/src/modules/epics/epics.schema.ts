import type { TEpicInputs, TEpicPlan } from '@cdca/contracts';
import type { StoredPosition } from '@cdca/engine';
import { EPIC_STATES } from '@cdca/engine';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instantColumn as at, decimalColumn as money } from '../../db/columns.ts';
import { accounts } from '../../db/schema.ts';
import { coins } from '../coins/coins.schema.ts';

export const epicStatus = pgEnum('epic_status', EPIC_STATES);

/**
 * One automated DCA position. `plan` is the ladder as validated at creation; `position` is the engine's book
 * (packages/engine position: orders, fills applied, held base, spent quote) that only the engine writes.
 * The summary columns (activeDcaLevel, avgBuyRate, profits) are copies of the position for listing and sorting.
 */
export const epics = pgTable(
  'epics',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    coinId: uuid()
      .notNull()
      .references(() => coins.id),
    /** The exchange product, e.g. 'SOL-USD' (SPEC's coinSymbol). */
    productId: text().notNull(),
    status: epicStatus().notNull().default('pending'),
    /** Why the epic is in warning or error, in words the trader can act on. */
    statusReason: text(),
    inputs: jsonb().$type<TEpicInputs>().notNull(),
    plan: jsonb().$type<TEpicPlan>().notNull(),
    /** Older rows may hold a position saved before sells were split (StoredPosition); readers normalise it. */
    position: jsonb().$type<StoredPosition>(),
    budget: money().notNull(),
    dcaLevels: integer().notNull(),
    activeDcaLevel: integer().notNull().default(0),
    avgBuyRate: money(),
    profitsDollarAmount: money(),
    /** Bought plus sold value, for billing's usage fee. */
    volume: money().notNull().default('0'),
    /** Warning back-off: the engine leaves the epic alone until then. */
    retryAt: at(),
    /** Which engine process holds the epic, until when (expiring lease; a dead worker's epics are taken over). */
    leaseOwner: text(),
    leaseExpiresAt: at(),
    /** Bumped on every engine write, so two writers can never both apply a change. */
    version: integer().notNull().default(0),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
    closedAt: at(),
  },
  (t) => [
    index('epics_account_created_idx').on(t.accountId, t.createdAt),
    index('epics_account_updated_idx').on(t.accountId, t.updatedAt),
    index('epics_workable_idx')
      .on(t.leaseExpiresAt)
      .where(sql`${t.status} not in ('closed', 'cancelled', 'liquidated', 'delisted')`),
    // The stats report reads an account's epics by when they ended, and its running ones (stats.queries.ts).
    index('epics_account_closed_idx').on(t.accountId, t.closedAt),
    index('epics_account_running_idx')
      .on(t.accountId)
      .where(sql`${t.status} not in ('closed', 'cancelled', 'liquidated', 'delisted')`),
  ],
);

/**
 * Every order an epic sends, written BEFORE it is sent (status 'intent') under its deterministic client order id,
 * so after a crash the engine looks it up on the exchange by that id and adopts it or sends it again.
 */
export const epicOrders = pgTable(
  'epic_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    epicId: uuid()
      .notNull()
      .references(() => epics.id, { onDelete: 'cascade' }),
    clientOrderId: text().notNull(),
    exchangeOrderId: text(),
    purpose: text({ enum: ['buy', 'take-profit', 'liquidation'] }).notNull(),
    level: integer().notNull(),
    side: text({ enum: ['buy', 'sell'] }).notNull(),
    type: text({ enum: ['limit', 'market'] }).notNull(),
    baseSize: money(),
    quoteSize: money(),
    limitPrice: money(),
    postOnly: text({ enum: ['true', 'false'] })
      .notNull()
      .default('false'),
    status: text({ enum: ['intent', 'open', 'filled', 'cancelled', 'expired', 'failed', 'armed'] })
      .notNull()
      .default('intent'),
    filledSize: money().notNull().default('0'),
    failureReason: text(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('epic_orders_client_order_id_idx').on(t.clientOrderId),
    index('epic_orders_epic_idx').on(t.epicId),
  ],
);

/** Fills, applied once: the exchange's trade id is the key. */
export const epicFills = pgTable(
  'epic_fills',
  {
    tradeId: text().primaryKey(),
    epicId: uuid()
      .notNull()
      .references(() => epics.id, { onDelete: 'cascade' }),
    clientOrderId: text().notNull(),
    exchangeOrderId: text().notNull(),
    side: text({ enum: ['buy', 'sell'] }).notNull(),
    price: money().notNull(),
    size: money().notNull(),
    fee: money().notNull(),
    liquidity: text({ enum: ['maker', 'taker'] }).notNull(),
    filledAt: at().notNull(),
    appliedAt: at().notNull().defaultNow(),
  },
  (t) => [index('epic_fills_epic_idx').on(t.epicId, t.filledAt)],
);

/** Per account: fills are reconciled from here on (minus an overlap; duplicates are refused by trade id). */
export const engineFillCursors = pgTable('engine_fill_cursors', {
  accountId: uuid()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  fillsSince: at().notNull(),
});
