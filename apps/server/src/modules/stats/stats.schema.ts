import { date, index, integer, numeric, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { instantColumn as at } from '../../db/columns.ts';
import { accounts } from '../../db/schema.ts';
import { coins } from '../coins/coins.schema.ts';
import { epicStatus, epics } from '../epics/epics.schema.ts';

/**
 * An ended epic's figures, frozen from its fills in the transaction that ended it
 * (docs/decisions/stats-summaries.md). Unbounded numeric, not the 18-place money column: Σ price × size carries up
 * to 36 places and the report must equal the sum over the fills exactly.
 */
export const epicSummaries = pgTable(
  'epic_summaries',
  {
    epicId: uuid()
      .primaryKey()
      .references(() => epics.id, { onDelete: 'cascade' }),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    coinId: uuid()
      .notNull()
      .references(() => coins.id),
    status: epicStatus().notNull(),
    openedAt: at().notNull(),
    closedAt: at().notNull(),
    /** Σ price × size of the buys (before fees), and so on: the inputs of CAPITAL_USED and REALISED. */
    bought: numeric().notNull(),
    buyFees: numeric().notNull(),
    buyBase: numeric().notNull(),
    sold: numeric().notNull(),
    sellFees: numeric().notNull(),
    sellBase: numeric().notNull(),
    capitalUsed: numeric().notNull(),
    /** Floored to the cent, as every profit figure (docs/decisions/stats-figures.md). */
    realised: numeric().notNull(),
    fills: integer().notNull(),
    /** The report takes the summary whole only when every fill lies inside its window. */
    firstFillAt: at(),
    lastFillAt: at(),
  },
  (t) => [index('epic_summaries_account_closed_idx').on(t.accountId, t.closedAt)],
);

/**
 * The buy cost (value + fee) of summarised epics' buys, per account and UTC day, as 97 running sums over the
 * day's quarter hours: before[k + 1] is what was bought before quarter k, before[97] the day's total. Every
 * zone's local midnight falls on a quarter hour, so the capital series of any zone is read from ~one row a day
 * (docs/decisions/stats-summaries.md). Summed element by element when an epic ends, so a row is never recomputed.
 */
export const epicBuyDays = pgTable(
  'epic_buy_days',
  {
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date().notNull(),
    before: numeric().array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);
