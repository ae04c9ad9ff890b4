import { and, asc, eq, gt, inArray, isNull, lt, lte, ne, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { epics } from '../../modules/epics/epics.schema.ts';

/** What a pass needs to know about a held epic before deciding whether to load it. */
const CLAIM_COLUMNS = {
  id: epics.id,
  accountId: epics.accountId,
  productId: epics.productId,
  status: epics.status,
  version: epics.version,
  createdAt: epics.createdAt,
  leaseExpiresAt: epics.leaseExpiresAt,
};
export type ClaimedEpic = {
  id: string;
  accountId: string;
  productId: string;
  status: (typeof epics.$inferSelect)['status'];
  version: number;
  createdAt: Date;
  leaseExpiresAt: Date | null;
};

/**
 * Nothing left to do for these: terminal states, and error (only the trader's cancel or liquidate, which the API
 * writes as cancelling/liquidating, moves an errored epic on).
 */
const IDLE_STATES = ['closed', 'cancelled', 'liquidated', 'delisted', 'error'] as const;

const workable = (now: Date) =>
  and(
    notInArray(epics.status, [...IDLE_STATES]),
    // Warning backs off until retryAt; a trader's cancel or liquidate is acted on at once.
    or(ne(epics.status, 'warning'), isNull(epics.retryAt), lte(epics.retryAt, now)),
  );
/** Nobody holds it: never leased, released, or the holder's lease ran out (a dead or stalled worker). */
const unheld = (now: Date) => or(isNull(epics.leaseOwner), lt(epics.leaseExpiresAt, now));

const CHUNK = 5_000;

/** Extends this worker's leases on these epics; the ids it still held (a lease another worker took is gone). */
export const renewLeases = async (
  db: Db,
  { workerId, ids, until }: { workerId: string; ids: readonly string[]; until: Date },
) => {
  const renewed = new Set<string>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .update(epics)
      .set({ leaseExpiresAt: until })
      .where(and(eq(epics.leaseOwner, workerId), inArray(epics.id, ids.slice(i, i + CHUNK))))
      .returning({ id: epics.id });
    for (const row of rows) renewed.add(row.id);
  }
  return renewed;
};

export type HoldOptions = { workerId: string; now: Date; leaseMs: number; limit: number };

/**
 * Claims these epics if nobody holds them. The WHERE re-checks after any wait for a row lock, so when two workers
 * go for the same epic, one gets it and the other's update skips it: an epic is never held by two workers.
 */
const claimUnheld = (db: Db, { workerId, now, leaseMs }: HoldOptions, ids: readonly string[]) =>
  db
    .update(epics)
    .set({ leaseOwner: workerId, leaseExpiresAt: new Date(now.getTime() + leaseMs) })
    .where(and(inArray(epics.id, [...ids]), workable(now), unheld(now)))
    .returning(CLAIM_COLUMNS);

/**
 * The epics this pass works: up to `limit` workable ones that nobody else holds, least recently updated first (so
 * work rotates when there are more than `limit`). Ones this worker already holds are only read — their lease is
 * rewritten once past half its time — and the others are claimed. `claimed` are the ones not held a moment ago:
 * another worker may have acted on them since this process last did, so what it remembers about them is stale.
 */
export const holdEpics = async (db: Db, options: HoldOptions) => {
  const { workerId, now, leaseMs, limit } = options;
  const ours = and(eq(epics.leaseOwner, workerId), gt(epics.leaseExpiresAt, now));
  const candidates = await db
    .select({ ...CLAIM_COLUMNS, leaseOwner: epics.leaseOwner })
    .from(epics)
    .where(and(workable(now), or(unheld(now), ours)))
    .orderBy(asc(epics.updatedAt))
    .limit(limit);
  const isOurs = (e: (typeof candidates)[number]) =>
    e.leaseOwner === workerId && (e.leaseExpiresAt?.getTime() ?? 0) > now.getTime();
  let held: ClaimedEpic[] = candidates.filter(isOurs).map(({ leaseOwner: _, ...e }) => e);
  const halfway = now.getTime() + leaseMs / 2;
  const expiring = new Set(held.filter((e) => (e.leaseExpiresAt?.getTime() ?? 0) < halfway).map((e) => e.id));
  if (expiring.size > 0) {
    const until = new Date(now.getTime() + leaseMs);
    const renewed = await renewLeases(db, { workerId, ids: [...expiring], until });
    held = held.flatMap((e) =>
      renewed.has(e.id) ? [{ ...e, leaseExpiresAt: until }] : expiring.has(e.id) ? [] : [e],
    );
  }
  const unclaimed = candidates.filter((e) => !isOurs(e)).map((e) => e.id);
  const claimed = unclaimed.length > 0 ? await claimUnheld(db, options, unclaimed) : [];
  return { held: [...held, ...claimed], claimed: new Set(claimed.map((e) => e.id)) };
};

/** Lets other workers take these epics at once (clean shutdown), without waiting for expiry. */
export const releaseLeases = async (db: Db, workerId: string) => {
  await db
    .update(epics)
    .set({ leaseOwner: null, leaseExpiresAt: null })
    .where(eq(epics.leaseOwner, workerId));
};
