import { NOTIFICATION_TYPES } from '@cdca/contracts';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';

/** Server-side notices (epic closed, level hit, stats report, rank reached) with read state; top movers stay client-side. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text({ enum: NOTIFICATION_TYPES }).notNull(),
    payload: jsonb().notNull(),
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_account_created_idx').on(t.accountId, t.createdAt)],
);
