import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundJob } from '../worker.ts';
import type { Database } from './client.ts';

/** Ten minutes of the paper market's rewrites (~1.7 MB a minute) is the most a database carries before reuse. */
export const EMBEDDED_VACUUM_EVERY_MS = 10 * 60_000;

/**
 * PostgreSQL reuses the space of rows it has replaced only once VACUUM has marked it free, and PGlite runs it
 * single-user, with no autovacuum: an idle server's database grew by ~1.7 MB a minute, for good, from the paper
 * market rewriting each product's day of candles (docs/decisions/embedded-vacuum.md). On PGlite this job runs a plain
 * VACUUM every `everyMs`; on PostgreSQL autovacuum does it, and there is no job.
 */
export const embeddedVacuum = (
  database: Pick<Database, 'kind' | 'db'>,
  log: Pick<FastifyBaseLogger, 'warn' | 'debug'>,
  everyMs = EMBEDDED_VACUUM_EVERY_MS,
): (BackgroundJob & { runOnce: () => Promise<void> }) | undefined => {
  if (database.kind !== 'pglite') return undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const vacuum = async () => {
    const started = performance.now();
    // Plain, not FULL: it takes no lock that stops the engine or readers, and it leaves the files their size, their
    // free space reused by the next writes.
    await database.db.execute(sql`vacuum`);
    log.debug({ ms: Math.round(performance.now() - started) }, 'embedded database vacuumed');
  };
  const runOnce = () => {
    running ??= vacuum()
      .catch((error: unknown) => log.warn({ err: error }, 'embedded database vacuum failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    runOnce,
    start: async () => {
      timer = setInterval(runOnce, everyMs);
      timer.unref();
    },
    // The database closes after the jobs stop: a VACUUM under way finishes first.
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
};
