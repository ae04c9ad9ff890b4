import type { Clock } from '@cdca/engine';
import { RateLimiterRes } from 'rate-limiter-flexible';

type Window = { points: number; expireMs: number };

/** Windows held before spent ones are swept without being asked. */
const PURGE_AT_LEAST = 10_000;

/**
 * The API's per-minute budget kept in this process's memory, for a process that owns its database (PGlite: one
 * process by construction, its data dir locked), where the table's one job — sharing counts between processes —
 * has nobody to share with and its upsert was half of every request's database time. The same windows as
 * TableLimiter: a window starts at a key's first point, lasts `duration` seconds, and a consume past `points` answers
 * with a count over them, read on the injected clock (docs/decisions/catalogue-in-memory.md, "Around it").
 * A restart starts every window afresh; sign-in and sign-up throttles stay in the table.
 */
export const createMemoryWindowLimiter = ({
  clock,
  points,
  duration,
}: {
  clock: Clock;
  points: number;
  duration: number;
}) => {
  const windows = new Map<string, Window>();
  const purge = () => {
    const now = clock.now().getTime();
    for (const [key, window] of windows) if (window.expireMs <= now) windows.delete(key);
    purgeAt = Math.max(PURGE_AT_LEAST, windows.size * 2);
  };
  // Spent windows also go when the map has doubled since the last purge, so a limiter nobody purges stays bounded
  // by the callers of one window, at a cost per new window that stays constant on average.
  let purgeAt = PURGE_AT_LEAST;
  return {
    points,
    /** Counts `taken` points now; past `points` the answer is the refusal (consumedPoints over the allowance). */
    consume: (key: string, taken = 1): RateLimiterRes => {
      const now = clock.now().getTime();
      let window = windows.get(key);
      if (!window || window.expireMs <= now) {
        window = { points: 0, expireMs: now + duration * 1000 };
        windows.set(key, window);
        if (windows.size >= purgeAt) purge();
      }
      window.points += taken;
      return new RateLimiterRes(
        Math.max(points - window.points, 0),
        window.expireMs - now,
        window.points,
        window.points === taken,
      );
    },
    /** Forgets spent windows, so memory follows the callers of the last minute. */
    purge,
    /** Windows held, spent or not. */
    size: () => windows.size,
  };
};
