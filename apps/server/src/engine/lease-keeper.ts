import type { Db } from '../db/client.ts';
import type { EngineClock } from './engine-deps.ts';
import { type ClaimedEpic, renewLeases } from './lease.ts';

/**
 * Keeps this pass's leases alive while it runs: a long pass (thousands of epics, a slow venue) must never act on an
 * epic whose lease ran out, because another worker may have claimed it meanwhile. Before each epic the pass asks
 * `holds(id)`; once less than a quarter of a lease is left on the earliest one, every lease still ours is renewed
 * in one statement, and an epic another worker took is skipped (the caller forgets what it knew about it).
 */
export const createLeaseKeeper = ({
  db,
  clock,
  workerId,
  leaseMs,
  held,
}: {
  db: Db;
  clock: EngineClock;
  workerId: string;
  leaseMs: number;
  held: readonly ClaimedEpic[];
}) => {
  let ours = new Set(held.map((e) => e.id));
  // A loop, not Math.min(...spread): a pass may hold tens of thousands of epics.
  let safeUntil = Number.POSITIVE_INFINITY;
  for (const epic of held) safeUntil = Math.min(safeUntil, epic.leaseExpiresAt?.getTime() ?? 0);
  let renewing: Promise<void> | undefined;

  const renew = async () => {
    const until = clock.now().getTime() + leaseMs;
    ours = await renewLeases(db, { workerId, ids: [...ours], until: new Date(until) });
    safeUntil = until;
  };

  return {
    holds: async (epicId: string) => {
      if (clock.now().getTime() > safeUntil - leaseMs / 4) {
        renewing ??= renew().finally(() => {
          renewing = undefined;
        });
        await renewing;
      }
      return ours.has(epicId);
    },
  };
};
