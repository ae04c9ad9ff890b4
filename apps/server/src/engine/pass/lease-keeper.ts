import type { EngineClock } from '../engine-deps.ts';
import type { EpicStore } from '../store/epic-store.ts';
import type { ClaimedEpic } from '../store/leases.ts';

/**
 * Keeps this pass's leases alive while it runs: a long pass (thousands of epics, a slow venue) must never act on an
 * epic whose lease ran out, because another worker may have claimed it meanwhile. Before each epic the pass asks
 * `holds(id)`; once less than a quarter of a lease is left on the earliest one, every lease still ours is renewed
 * in one statement, and an epic another worker took is skipped (the caller forgets what it knew about it).
 */
export const createLeaseKeeper = ({
  store,
  clock,
  workerId,
  leaseMs,
  held,
}: {
  store: EpicStore;
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
    ours = await store.renewLeases({ workerId, ids: [...ours], until: new Date(until) });
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
export type LeaseKeeper = ReturnType<typeof createLeaseKeeper>;
