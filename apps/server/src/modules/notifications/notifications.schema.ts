import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';

/** Server-side notices (epic closed, level hit, stats report) with read state; top movers stay client-side. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text({ enum: ['epic_closed', 'epic_hit', 'stats_report'] }).notNull(),
    payload: jsonb().notNull(),
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_account_created_idx').on(t.accountId, t.createdAt)],
);
