import type { Clock } from '@cdca/engine';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../../db/client.ts';
import type { MaybePromise } from '../maybe-promise.ts';
import { coalescedConsume } from './coalesced-consume.ts';
import { createMemoryWindowLimiter } from './memory-window-limiter.ts';
import { TableLimiter } from './table-limiter.ts';
import { writeBehindConsume } from './write-behind-consume.ts';

export type WindowLimiterOptions = {
  db: Db;
  /** Whether other processes may share the database (PostgreSQL): then the counts must live in it. */
  shared: boolean;
  clock: Clock;
  keyPrefix: string;
  points: number;
  /** Seconds. */
  duration?: number;
};

export type WindowLimiter = {
  points: number;
  /**
   * Counts one point for `key`: the count, over `points` when refused, at once while the caller is far from its limit
   * (or always, in memory), else once the shared row has it (never rejects).
   */
  consume: (key: string) => MaybePromise<RateLimiterRes>;
  /** Forgets spent windows kept in memory (the table's are purged with the rest of it). */
  purge: () => Promise<void>;
};

/**
 * A per-key allowance per window, kept where it costs least while staying exact at the limit
 * (docs/decisions/catalogue-in-memory.md, "Around it" and "Second pass"): processes sharing one PostgreSQL count in
 * the table, each burst of a caller as one upsert (coalesced-consume.ts), written behind the answer while the caller
 * is far from its limit (write-behind-consume.ts); a process that owns its database (PGlite) counts in memory
 * (memory-window-limiter.ts). Either way a call far from its limit costs no database round trip.
 */
export const createWindowLimiter = ({
  db,
  shared,
  clock,
  keyPrefix,
  points,
  duration = 60,
}: WindowLimiterOptions): WindowLimiter => {
  if (!shared) {
    const memory = createMemoryWindowLimiter({ clock, points, duration });
    return {
      points,
      consume: (key) => memory.consume(key),
      purge: async () => memory.purge(),
    };
  }
  const exact = coalescedConsume(new TableLimiter({ db, clock, keyPrefix, points, duration }));
  return { points, consume: writeBehindConsume(exact, { points, clock }), purge: async () => {} };
};
