import type { TSettings, TUpdateSettingsBody } from '@cdca/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

type SettingsRow = typeof settings.$inferSelect;

const toSettingsDto = (row: SettingsRow): TSettings => ({
  id: row.accountId,
  epicClosedAlerts: row.epicClosedAlerts,
  epicHitAlerts: row.epicHitAlerts,
  topMoverAlerts: row.topMoverAlerts,
  updatedAt: row.updatedAt.toISOString(),
});

export const createSettingsRepository = (db: Db) => ({
  /** Every account gets its settings row at creation; the upsert only guards accounts made before that. */
  get: async (accountId: string): Promise<TSettings> => {
    const [row] = await db
      .insert(settings)
      .values({ accountId })
      .onConflictDoUpdate({ target: settings.accountId, set: { accountId } })
      .returning();
    if (!row) throw new Error('settings upsert returned nothing');
    return toSettingsDto(row);
  },

  update: async (accountId: string, changes: TUpdateSettingsBody): Promise<TSettings | undefined> => {
    const [row] = await db
      .update(settings)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(settings.accountId, accountId))
      .returning();
    return row && toSettingsDto(row);
  },
});
