import { RateLimiterRes } from 'rate-limiter-flexible';
import { overLimit } from './table-limiter.ts';

/** What is needed of a limiter: its points and its consume (a TableLimiter). */
type Limiter = { points: number; consume: (key: string, points: number) => Promise<RateLimiterRes> };

type Waiter = { points: number; resolve: (taken: RateLimiterRes) => void; reject: (error: unknown) => void };

/**
 * Points (one per call unless asked for more) written as a group commit: while a key's upsert is in flight, the calls for that key that
 * arrive queue up and go out together as one upsert of as many points, so 50 concurrent requests of one account
 * cost two writes instead of fifty queued on one row lock. Nothing is lost or approximated: the shared row gets
 * every point, and each caller hears the count it would have seen had the writes been made one by one (the last of
 * the group the row's total, the one before it one less, ...), so exactly the calls past the limit are refused.
 * Across processes the row is the one truth, as before (docs/decisions/sign-in-throttling.md, docs/decisions/catalogue-in-memory.md).
 */
export const coalescedConsume = (limiter: Limiter) => {
  /** Keys with an upsert in flight, each with the calls waiting for the next one. */
  const waiting = new Map<string, Waiter[]>();

  const write = async (key: string, group: Waiter[]) => {
    try {
      const points = group.reduce((sum, waiter) => sum + waiter.points, 0);
      const total = await limiter.consume(key, points).catch(overLimit);
      // Each waiter hears the count as it stood after its own points: the row's total less those queued after it.
      let queuedAfter = points;
      group.forEach((waiter, index) => {
        queuedAfter -= waiter.points;
        const consumed = total.consumedPoints - queuedAfter;
        waiter.resolve(
          new RateLimiterRes(
            Math.max(limiter.points - consumed, 0),
            total.msBeforeNext,
            consumed,
            total.isFirstInDuration && index === 0,
          ),
        );
      });
    } catch (error) {
      for (const waiter of group) waiter.reject(error);
    }
    const next = waiting.get(key) ?? [];
    if (next.length === 0) {
      waiting.delete(key);
      return;
    }
    waiting.set(key, []);
    void write(key, next);
  };

  return (key: string, points = 1): Promise<RateLimiterRes> =>
    new Promise((resolve, reject) => {
      const queue = waiting.get(key);
      if (queue) {
        queue.push({ points, resolve, reject });
        return;
      }
      waiting.set(key, []);
      void write(key, [{ points, resolve, reject }]);
    });
};
