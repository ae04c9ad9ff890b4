import type { Clock } from '@cdca/engine';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createLruCache } from '../lru-cache.ts';
import type { MaybePromise } from '../maybe-promise.ts';

/** The exact, shared count: `points` (one unless asked for more) added, answered once the row has them (coalesced-consume.ts). */
type ExactConsume = (key: string, points?: number) => Promise<RateLimiterRes>;

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

  /** What the row said; `landed` of the points counted ahead of it were in that write. */
  const heard = (key: string, taken: RateLimiterRes, landed: number) => {
    const entry = known.get(key) ?? { total: 0, until: 0, ahead: 0 };
    entry.total = taken.consumedPoints;
    entry.until = clock.now().getTime() + Math.max(taken.msBeforeNext, 0);
    entry.ahead = Math.max(entry.ahead - landed, 0);
    known.set(key, entry);
  };

  /** Early points not sent yet, per key; all of a key's are sent together, as one write, when its interval ends. */
  const owed = new Map<string, number>();
  const sendOwed = (key: string) => {
    const count = owed.get(key) ?? 0;
    owed.delete(key);
    if (count === 0) return;
    exact(key, count).then(
      (taken) => heard(key, taken, count),
      () => known.delete(key),
    );
  };
  const gather = (key: string) => {
    const count = owed.get(key) ?? 0;
    owed.set(key, count + 1);
    if (count === 0) setTimeout(() => sendOwed(key), GATHER_MS).unref();
  };

  /** The answer at once while the caller is far from its limit (the fast path of the API's hook), else the row's. */
  return (key: string): MaybePromise<RateLimiterRes> => {
    const now = clock.now().getTime();
    const entry = known.get(key);
    if (entry && now < entry.until && entry.total + entry.ahead + 1 <= points / 2) {
      entry.ahead += 1;
      const consumed = entry.total + entry.ahead;
      gather(key);
      return new RateLimiterRes(points - consumed, entry.until - now, consumed, false);
    }
    // Points gathered but not sent go first, so this call's count (read from the row) includes them.
    sendOwed(key);
    return exact(key).then((taken) => {
      heard(key, taken, 0);
      return taken;
    });
  };
};
