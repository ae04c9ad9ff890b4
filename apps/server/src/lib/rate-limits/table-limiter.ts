import type { Clock } from '@cdca/engine';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';

type Row = typeof rateLimits.$inferSelect;

export type TableLimiterOptions = {
  db: Db;
  clock: Clock;
  /** Keeps one limiter's keys apart from another's in the shared table. */
  keyPrefix: string;
  points: number;
  /** Seconds a window lasts from its first point. */
  duration: number;
  /** Seconds a key stays blocked once it goes over `points` (0: only until the window ends). */
  blockDuration?: number;
};

/**
 * rate-limiter-flexible's Drizzle store on our `rate_limits` table, so every process on one PostgreSQL counts against
 * the same rows (the upsert is atomic), and PGlite uses the same code. The library's store reads `Date.now()`; this
 * subclass only swaps in the injected clock for the three store methods that read the time, and keeps the library's
 * consume/penalty/block logic. Expired rows are purged by `purgeExpiredRateLimits`, not a timer per limiter.
 */
export class TableLimiter extends RateLimiterDrizzle {
  readonly #clock: Clock;
  readonly #db: Db;

  constructor({ db, clock, ...limits }: TableLimiterOptions) {
    super({ ...limits, storeClient: db, schema: rateLimits, clearExpiredByTimeout: false });
    this.#clock = clock;
    this.#db = db;
  }

  /** Adds `points` to the key's window, or starts a new window when it expired; `forceExpire` sets both outright. */
  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<Row> {
    const now = this.#clock.now();
    const expire = msDuration > 0 ? new Date(now.getTime() + msDuration) : null;
    const expired = sql`${rateLimits.expire} <= ${sql.param(now, rateLimits.expire)}`;
    const nextExpire = sql.param(expire, rateLimits.expire);
    const [row] = await this.#db
      .insert(rateLimits)
      .values({ key, points, expire })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: forceExpire
          ? { points, expire }
          : {
              points: sql`case when ${expired} then ${points} else ${rateLimits.points} + ${points} end`,
              expire: sql`case when ${expired} then ${nextExpire} else ${rateLimits.expire} end`,
            },
      })
      .returning();
    if (!row) throw new Error('rate limit upsert returned no row');
    return row;
  }

  async _get(key: string): Promise<Row | null> {
    const now = this.#clock.now();
    const [row] = await this.#db
      .select()
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), or(gt(rateLimits.expire, now), isNull(rateLimits.expire))))
      .limit(1);
    return row ?? null;
  }

  _getRateLimiterRes(_key: string, changedPoints: number, row: Row): RateLimiterRes {
    const msBeforeNext = row.expire ? Math.max(row.expire.getTime() - this.#clock.now().getTime(), 0) : -1;
    return new RateLimiterRes(
      Math.max(this.points - row.points, 0),
      msBeforeNext,
      row.points,
      row.points === changedPoints,
    );
  }
}

/** How long a spent window's row is kept before the purge removes it (the library's own choice). */
const KEEP_EXPIRED_MS = 60 * 60 * 1000;

export const purgeExpiredRateLimits = async (db: Db, now: Date) => {
  await db.delete(rateLimits).where(lt(rateLimits.expire, new Date(now.getTime() - KEEP_EXPIRED_MS)));
};

/** A rejection from `consume` is either a RateLimiterRes (over the limit) or a store error to rethrow. */
export const overLimit = (rejection: unknown): RateLimiterRes => {
  if (rejection instanceof RateLimiterRes) return rejection;
  throw rejection;
};

export const retryAfterSeconds = (result: RateLimiterRes) =>
  Math.max(1, Math.ceil(result.msBeforeNext / 1000));
