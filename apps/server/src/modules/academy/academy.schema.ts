import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';

/**
 * One row per (account, lesson) the trader has touched: marks only go on, so a repeated write is a no-op
 * (docs/decisions/academy.md). The slug is checked against LESSON_SLUGS before it gets here; it stays text so a
 * lesson can be added without a migration.
 */
export const academyProgress = pgTable(
  'academy_progress',
  {
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    slug: text().notNull(),
    read: boolean().notNull().default(false),
    quizPassed: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.slug] })],
);
