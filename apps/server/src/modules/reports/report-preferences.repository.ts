import type { TReportPreferences, TUpdateReportPreferencesBody } from '@cdca/contracts';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { reportPreferences } from './reports.schema.ts';

type Row = typeof reportPreferences.$inferSelect;

const DEFAULTS: TReportPreferences = {
  statsReportAlerts: true,
  reportTime: '09:00',
  timeZone: null,
  updatedAt: null,
};

/** PostgreSQL stores 'HH:MM:SS'; the contract speaks 'HH:MM'. */
const toDto = (row: Row): TReportPreferences => ({
  statsReportAlerts: row.statsReportAlerts,
  reportTime: row.reportTime.slice(0, 5),
  timeZone: row.timeZone,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The job converts "now" into the account's zone in SQL, so a zone Intl knows but this PostgreSQL's tz data does
 * not would break every pass: it is refused at the door instead (docs/decisions/daily-report.md).
 */
const assertDatabaseKnowsZone = async (db: Db, zone: string) => {
  const result = await db.execute(
    sql`select exists (select 1 from pg_timezone_names where name = ${zone}) as known`,
  );
  const [row] = z.object({ rows: z.array(z.object({ known: z.boolean() })) }).parse(result).rows;
  if (!row?.known) {
    throw new AppError(400, 'validation-failed', `timeZone: ${zone} is not a time zone the server knows.`);
  }
};

export const createReportPreferencesRepository = (db: Db) => ({
  /** No row yet: the defaults, without writing one. */
  get: async (accountId: string): Promise<TReportPreferences> => {
    const [row] = await db.select().from(reportPreferences).where(eq(reportPreferences.accountId, accountId));
    return row ? toDto(row) : DEFAULTS;
  },

  /** The zone the account chose for its days, or null: what the stats cut days in (docs/decisions/stats-figures.md). */
  timeZoneOf: async (accountId: string): Promise<string | null> => {
    const [row] = await db
      .select({ timeZone: reportPreferences.timeZone })
      .from(reportPreferences)
      .where(eq(reportPreferences.accountId, accountId));
    return row?.timeZone ?? null;
  },

  update: async (accountId: string, changes: TUpdateReportPreferencesBody): Promise<TReportPreferences> => {
    if (changes.timeZone !== undefined) await assertDatabaseKnowsZone(db, changes.timeZone);
    const [row] = await db
      .insert(reportPreferences)
      .values({ accountId, ...changes })
      .onConflictDoUpdate({ target: reportPreferences.accountId, set: { ...changes, updatedAt: sql`now()` } })
      .returning();
    if (!row) throw new Error('report preferences upsert returned nothing');
    return toDto(row);
  },
});
