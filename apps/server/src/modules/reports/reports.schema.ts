import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  numeric,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';
import { notifications } from '../notifications/notifications.schema.ts';

/**
 * The daily stats report's preferences (docs/decisions/daily-report.md). No row: the defaults (on, 09:00, UTC).
 * `timeZone` null means the account never chose one; the report then runs on UTC.
 */
export const reportPreferences = pgTable('report_preferences', {
  accountId: uuid()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  statsReportAlerts: boolean().notNull().default(true),
  /** Local wall-clock time of day the report is due, in `timeZone`. */
  reportTime: time().notNull().default('09:00'),
  /** IANA zone ('Europe/Paris'), checked with Intl and against PostgreSQL's zone list before it is stored. */
  timeZone: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per account and local day the report was decided on: the primary key is what makes the report go out
 * exactly once, whichever process claims the day first (INSERT … ON CONFLICT DO NOTHING).
 */
export const dailyReports = pgTable(
  'daily_reports',
  {
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    localDate: date().notNull(),
    timeZone: text().notNull(),
    /** Realised P&L of the 24 h before `decidedAt`, exact. */
    realised: numeric().notNull(),
    /** The notice sent; null when there was nothing to congratulate (P&L zero or below). */
    notificationId: uuid().references(() => notifications.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.localDate] })],
);
