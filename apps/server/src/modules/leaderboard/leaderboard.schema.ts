import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';

/**
 * A trader's leaderboard choices (docs/decisions/rank-tiers.md, privacy). No row, or `optedIn` false: the account
 * never appears. Dollar amounts are shown only with `showDollars`.
 */
export const leaderboardPreferences = pgTable(
  'leaderboard_preferences',
  {
    accountId: uuid()
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    optedIn: boolean().notNull().default(false),
    showDollars: boolean().notNull().default(false),
    /** Chosen by the trader on /rank; null shows the anonymous handle. Never the e-mail. */
    displayName: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leaderboard_preferences_opted_in_idx').on(t.accountId).where(sql`opted_in`)],
);
