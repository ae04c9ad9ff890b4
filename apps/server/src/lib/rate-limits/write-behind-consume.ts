import type { Clock } from '@cdca/engine';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createLruCache } from '../lru-cache.ts';

/** The exact, shared count: one point per call, answered once the row has it (coalesced-consume.ts). */
type ExactConsume = (key: string) => Promise<RateLimiterRes>;

/** What the row said at the last write that came back, and the points passed since that are still on their way. */
type Known = { total: number; until: number; ahead: number };

/** Keys (accounts, addresses) whose last count is remembered; a forgotten one is counted exactly again. */
const REMEMBERED_KEYS = 10_000;
/**
 * How long early points gather before they are written: a busy caller's points then cost the database two upserts
 * per interval (the first alone, the rest coalesced behind it) instead of one per round trip.
 */
const GATHER_MS = 50;

/**
 * The shared per-minute count without a database round trip on each request while a caller is far from its limit
 * (docs/decisions/catalogue-in-memory.md, "Second pass"). A call passes at once, its point written behind it (in the
 * same coalesced upsert as ever), while the row's count at the last write that came back plus the points still on
 * their way stays within half the allowance. Past half, or with no count known, or once the window has ended, each
 * call waits for the row as before — so the refusals at the limit are still exact; what is traded is only that
 * several processes, each passing its first half early, could together pass a few calls more than the limit if they
 * raced a whole half-allowance into one write's round trip. A failed write forgets the key, so the next call waits.
 * Early points gather for GATHER_MS before they are sent; a process that stops in between loses at most those.
 */
export const writeBehindConsume = (
  exact: ExactConsume,
  { points, clock }: { points: number; clock: Clock },
) => {
  const known = createLruCache<Known>(REMEMBERED_KEYS);

  const heard = (key: string, taken: RateLimiterRes, wasAhead: boolean) => {
    const entry = known.get(key) ?? { total: 0, until: 0, ahead: 0 };
    entry.total = taken.consumedPoints;
    entry.until = clock.now().getTime() + Math.max(taken.msBeforeNext, 0);
    if (wasAhead) entry.ahead = Math.max(entry.ahead - 1, 0);
    known.set(key, entry);
  };

  /** Early points not sent yet, per key; all of a key's are sent together when its interval ends. */
  const owed = new Map<string, number>();
  const sendOwed = (key: string) => {
    const count = owed.get(key) ?? 0;
    owed.delete(key);
    for (let point = 0; point < count; point += 1) {
      exact(key).then(
        (taken) => heard(key, taken, true),
        () => known.delete(key),
      );
    }
  };
  const gather = (key: string) => {
    const count = owed.get(key) ?? 0;
    owed.set(key, count + 1);
    if (count === 0) setTimeout(() => sendOwed(key), GATHER_MS).unref();
  };

  return (key: string): Promise<RateLimiterRes> => {
    const now = clock.now().getTime();
    const entry = known.get(key);
    if (entry && now < entry.until && entry.total + entry.ahead + 1 <= points / 2) {
      entry.ahead += 1;
      const consumed = entry.total + entry.ahead;
      gather(key);
      return Promise.resolve(new RateLimiterRes(points - consumed, entry.until - now, consumed, false));
    }
    // Points gathered but not sent go first, so this call's count (read from the row) includes them.
    sendOwed(key);
    return exact(key).then((taken) => {
      heard(key, taken, false);
      return taken;
    });
  };
};
