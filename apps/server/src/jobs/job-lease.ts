import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Clock } from '@cdca/engine';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobLeases } from './job-lease.schema.ts';

export type JobLease = {
  /**
   * Takes the lease when it is free or expired, renews it when this process holds it; answers whether this
   * process holds it now. One statement: two processes claiming at once cannot both win.
   */
  claim: () => Promise<boolean>;
  /** Gives the lease up (a graceful stop), so another process takes it at its next claim instead of waiting it out. */
  release: () => Promise<void>;
  /** What the last claim answered; false before the first. */
  held: () => boolean;
};

/**
 * An expiring lease on one named job, kept in the database so every process of a deployment sees the same holder
 * (docs/decisions/coin-price-writer.md). A holder that dies keeps it until `ttlMs` after its last claim; times come
 * from `clock`, so tests move them by hand.
 */
export const createJobLease = ({
  db,
  name,
  holder,
  ttlMs,
  clock,
}: {
  db: Db;
  name: string;
  holder: string;
  ttlMs: number;
  clock: Pick<Clock, 'now'>;
}): JobLease => {
  let holding = false;
  return {
    claim: async () => {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + ttlMs);
      const rows = await db
        .insert(jobLeases)
        .values({ name, holder, expiresAt })
        .onConflictDoUpdate({
          target: jobLeases.name,
          set: { holder, expiresAt },
          setWhere: sql`${jobLeases.holder} = ${holder} or ${jobLeases.expiresAt} <= ${now.toISOString()}::timestamptz`,
        })
        .returning({ holder: jobLeases.holder });
      holding = rows.length === 1;
      return holding;
    },
    release: async () => {
      holding = false;
      await db.delete(jobLeases).where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
    },
    held: () => holding,
  };
};

/** A name for this process no other process (here or on another host, before or after a restart) shares. */
export const processHolderId = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
