import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { DataDirPermissionsError, prepareDataDir, restrictNewFiles } from './db/data-dir-permissions.ts';
import { createEventBus } from './realtime/create-event-bus.ts';
import { guardStartup } from './startup-guard.ts';

// Before anything is written: the database, key and lock files are owner-only whatever umask we were started with.
restrictNewFiles();

const startup = guardStartup();

type GcOptions = { type: 'major'; execution: 'sync'; flavor: 'last-resort' };

/**
 * Start-up leaves garbage V8 has no reason to collect soon: a first start's initdb runs in a PGlite instance of
 * its own (128 MB of WebAssembly memory, written), and loading the code allocates far more than it keeps. One full
 * collection once the server listens gives that memory back — the "last resort" kind (what V8 does on a low-memory
 * notification), which also compacts the old generation and shrinks the young one to what is live: start-up had
 * grown it to its 2 × 16 MB, which an idle server then kept (~50 MB of an idle server's 185 on PostgreSQL). Traffic
 * grows it again as it needs. `gc` exists when the server runs with `--expose-gc` (as `npm start` runs it:
 * apps/server/scripts/start.ts; docs/decisions/memory.md).
 */
const collectAll = (globalThis as { gc?: (options: GcOptions) => void }).gc;
const releaseGarbage = () => collectAll?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });

/** The event loop's busy share over a check below which the server counts as idle. */
const IDLE_UTILISATION = 0.05;
const IDLE_CHECK_MS = 5_000;
/** Quiet checks in a row (10 s) before the collection: a lull between two requests is not idleness. */
const QUIET_CHECKS = 2;

/**
 * The same collection again each time the server falls idle after work: the market sync and the first queries after
 * listening grow both generations again (on PGlite, an idle server measured 372 MiB without this, 323 with it), and
 * V8 gives that back only under memory pressure. One full collection per busy-then-idle turn, none while the server
 * stays busy or stays idle; a pause of tens of milliseconds when nobody is waiting.
 */
const releaseGarbageWhenIdle = () => {
  if (!collectAll) return;
  let since = performance.eventLoopUtilization();
  let worked = true;
  let quiet = 0;
  setInterval(() => {
    const { utilization } = performance.eventLoopUtilization(since);
    since = performance.eventLoopUtilization();
    if (utilization > IDLE_UTILISATION) {
      worked = true;
      quiet = 0;
      return;
    }
    quiet += 1;
    if (worked && quiet >= QUIET_CHECKS) {
      worked = false;
      releaseGarbage();
    }
  }, IDLE_CHECK_MS).unref();
};

const start = async () => {
  startup.step('reading the configuration');
  const config = loadConfig();
  prepareDataDir(config, console);
  startup.step('opening the database');
  const database = await openDatabase(config);
  startup.step('migrating the database');
  await database.migrate();
  startup.step('starting the event bus');
  const bus = await createEventBus(database, {
    natsUrl: config.natsUrl,
    log: pino({ level: config.logLevel, name: 'realtime-bus' }),
  });
  startup.step('building the app');
  const app = await buildApp({ config, database, bus });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, draining requests');
    // In this order, so nothing is lost: the app (sockets, engine, jobs, then the requests under way and the
    // connections; docs/decisions/shutdown.md), then the bus its events went through, then the database.
    const steps = [
      ['app', () => app.close()],
      ['event bus', () => bus.close()],
      ['database', () => database.close()],
    ] as const;
    let failed = false;
    for (const [step, close] of steps) {
      const began = performance.now();
      try {
        await close();
        app.log.info({ step, ms: Math.round(performance.now() - began) }, 'shutdown: closed');
      } catch (error) {
        // The next steps still run (the database above all); the exit code tells the supervisor.
        failed = true;
        app.log.error({ err: error, step }, 'shutdown: failed to close');
      }
    }
    process.exit(failed ? 1 : 0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  startup.step(`listening on port ${config.port}`);
  await app.listen({ port: config.port, host: config.host });
  startup.serving();
  releaseGarbage();
  releaseGarbageWhenIdle();
  app.log.info(`CDCA is running at ${config.publicUrl}`);
};

start().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    error instanceof DataDirPermissionsError
  ) {
    console.error(error.message);
  } else {
    console.error('CDCA failed to start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
