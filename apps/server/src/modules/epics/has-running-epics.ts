import { TERMINAL_EPIC_STATUSES } from '@cdca/contracts';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { epics } from './epics.schema.ts';

/**
 * Whether the account has epics that still act on the exchange with its key (so the key may not be removed):
 * any epic not in history (closed, cancelled, liquidated, delisted), pending ones included (the engine may be placing their first orders right now).
 */
export const hasRunningEpics = async (db: Db, accountId: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: epics.id })
    .from(epics)
    .where(and(eq(epics.accountId, accountId), notInArray(epics.status, [...TERMINAL_EPIC_STATUSES])))
    .limit(1);
  return row !== undefined;
};
