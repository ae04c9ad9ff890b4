import { and, asc, eq, inArray, isNull, lt, lte, ne, notInArray, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { epics } from '../modules/epics/epics.schema.ts';
import type { EpicRow } from './epic-rows.ts';

/**
 * Nothing left to do for these: terminal states, and error (only the trader's cancel or liquidate, which the API
 * writes as cancelling/liquidating, moves an errored epic on).
 */
const IDLE_STATES = ['closed', 'cancelled', 'liquidated', 'delisted', 'error'] as const;

const claimable = (workerId: string, now: Date) =>
  and(
    notInArray(epics.status, [...IDLE_STATES]),
    or(isNull(epics.leaseOwner), lt(epics.leaseExpiresAt, now), eq(epics.leaseOwner, workerId)),
    // Warning backs off until retryAt; a trader's cancel or liquidate is acted on at once.
    or(ne(epics.status, 'warning'), isNull(epics.retryAt), lte(epics.retryAt, now)),
  );

/**
 * Claims (or renews) up to `limit` workable epics for this worker. The inner SELECT … FOR UPDATE SKIP LOCKED
 * keeps concurrent workers off each other's candidate rows on PostgreSQL; the outer WHERE re-checks the lease
 * after any wait, so an epic is never held by two workers. Same SQL on PGlite (one connection: no contention).
 */
export const claimEpics = async (
  db: Db,
  { workerId, now, leaseMs, limit }: { workerId: string; now: Date; leaseMs: number; limit: number },
): Promise<EpicRow[]> => {
  const candidates = db
    .select({ id: epics.id })
    .from(epics)
    .where(claimable(workerId, now))
    .orderBy(asc(epics.updatedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(epics)
    .set({ leaseOwner: workerId, leaseExpiresAt: new Date(now.getTime() + leaseMs) })
    .where(and(inArray(epics.id, candidates), claimable(workerId, now)))
    .returning();
};

/** Lets other workers take these epics at once (clean shutdown), without waiting for expiry. */
export const releaseLeases = async (db: Db, workerId: string) => {
  await db
    .update(epics)
    .set({ leaseOwner: null, leaseExpiresAt: null })
    .where(eq(epics.leaseOwner, workerId));
};
