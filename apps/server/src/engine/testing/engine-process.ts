/**
 * Test entry: the real app with its engine worker, in a process of its own that a test can SIGKILL. On `boot` it
 * opens the database the environment names (DATA_DIR or DATABASE_URL, migrated), trades on the paper exchange
 * whose state is kept in that same database (so the venue survives the kill, as a real venue would), and builds the
 * app exactly as the server does: ENGINE=on and ENGINE_LEASE_SECONDS go through config. ENGINE_CRASH_AT is this
 * entry's own switch, never the server's: it wraps the exchange the app is given so the process SIGKILLs itself at
 * that point of an order placement (crash-points.ts).
 *
 * Differences from main.ts, all for the test's control: no HTTP listener; the paper market moves only when the test
 * sets a price (manual clock; PAPER_TEST_CLOCK=system lets the driving process tick it in real time, as main.ts
 * does); the venue is shared with every other process on the database exactly as venue.ts shares it
 * (docs/decisions/one-paper-market.md); every placeOrder that reaches the venue is appended to ENGINE_TEST_LOG first; and
 * the parent talks to it over IPC (see EngineProcessRequest).
 *
 *   node apps/server/src/engine/testing/engine-process.ts   (forked by engine-process-harness.ts)
 */
import { appendFileSync, writeSync } from 'node:fs';
import { systemClock } from '@cdca/engine';
import { manualClock } from '@cdca/engine/testing';
import type { Exchange } from '@cdca/exchange';
import { createPaperExchange } from '@cdca/exchange/paper';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { epics } from '../../modules/epics/epics.schema.ts';
import { createInProcessBus } from '../../realtime/in-process-bus.ts';
import { paperBundle, sharedPaperOptions } from '../../venue.ts';
import { crashingAt, isCrashPoint } from './crash-points.ts';

export type EngineProcessRequest =
  | { id: number; type: 'boot'; env: Record<string, string> }
  | { id: number; type: 'set-price'; productId: string; price: string }
  /** Sets the price and keeps it there (a scripted path of one price for an hour), even while the market ticks. */
  | { id: number; type: 'hold-price'; productId: string; price: string }
  | { id: number; type: 'ticker'; productId: string }
  | { id: number; type: 'driving' }
  | { id: number; type: 'epic'; epicId: string }
  | { id: number; type: 'stop' };
export type EngineProcessReply =
  | { type: 'loaded' }
  | { type: 'reply'; id: number; result: unknown }
  | { type: 'reply'; id: number; error: string };

const HOUR_MS = 3_600_000;

/** The venue as the engine sees it, with every placement written down before it is sent. */
const recordingPlacements = (exchange: Exchange, logFile: string | undefined): Exchange => ({
  ...exchange,
  account: (credentials) => {
    const inner = exchange.account(credentials);
    return {
      ...inner,
      placeOrder: (request) => {
        if (logFile) appendFileSync(logFile, `place ${request.clientOrderId}\n`);
        return inner.placeOrder(request);
      },
    };
  },
});

/**
 * ENGINE_CRASH_AT: the process kills itself with SIGKILL the first time an order placement reaches that point —
 * no shutdown hook, no flush, nothing after it runs, exactly as a crash or an OOM kill. The line on stderr tells the
 * test which client order id was caught mid-flight (written synchronously, so it is out before the kill).
 */
const crashingWhere = (exchange: Exchange, crashAt: string | undefined): Exchange => {
  if (!isCrashPoint(crashAt)) return exchange;
  return crashingAt(exchange, crashAt, (clientOrderId) => {
    writeSync(2, `engine-crash ${crashAt} ${clientOrderId}\n`);
    process.kill(process.pid, 'SIGKILL');
  });
};

/** The app as main.ts builds it, on the database and settings `env` names. */
const boot = async (env: Record<string, string>) => {
  const config = loadConfig({ ...process.env, ...env });
  if (config.appEnv !== 'test') throw new Error('engine-process is a test entry: run it with APP_ENV=test');
  const database = await openDatabase(config);
  await database.migrate();
  const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
  const paper = createPaperExchange({
    ...sharedPaperOptions(config, database.db),
    seed: 7,
    clock: env.PAPER_TEST_CLOCK === 'system' ? systemClock : manualClock(new Date()),
  });
  await paper.venue.ready();
  const exchange = crashingWhere(recordingPlacements(paper, env.ENGINE_TEST_LOG), env.ENGINE_CRASH_AT);
  const app = await buildApp({
    config,
    database,
    bus,
    exchange: { exchange, paper: paperBundle(paper).paper },
  });
  // Starts the engine worker (its onReady hook): from here it may crash where ENGINE_CRASH_AT says.
  await app.ready();
  return { app, database, bus, paper };
};

/**
 * Loads every module first and only then waits for `boot`: a test can start the next process while the previous
 * one is still running, so a restart costs opening the database, not loading the code.
 */
const main = async () => {
  let booted: Awaited<ReturnType<typeof boot>> | undefined;
  const running = () => {
    if (!booted) throw new Error('not booted');
    return booted;
  };
  const answer = async (request: EngineProcessRequest): Promise<unknown> => {
    switch (request.type) {
      case 'boot':
        booted = await boot(request.env);
        return null;
      case 'set-price':
        return running().paper.setPrice(request.productId, request.price);
      case 'hold-price':
        return running().paper.scriptPath(request.productId, [request.price, request.price], HOUR_MS);
      case 'ticker':
        return (await running().paper.market.getTicker(request.productId)).price;
      case 'driving':
        return running().paper.venue.driving();
      case 'epic': {
        const [row] = await running()
          .database.db.select({ status: epics.status, activeDcaLevel: epics.activeDcaLevel })
          .from(epics)
          .where(eq(epics.id, request.epicId));
        return row ?? null;
      }
      case 'stop': {
        // The way main.ts shuts down: the engine finishes its pass and releases its leases.
        const { app, paper, bus, database } = running();
        await app.close();
        await paper.close();
        await bus.close();
        await database.close();
        return null;
      }
    }
  };
  const reply = (message: EngineProcessReply, then?: () => void) =>
    process.send?.(message, undefined, {}, then);
  process.on('message', (message: EngineProcessRequest) => {
    const done = message.type === 'stop' ? () => process.exit(0) : undefined;
    answer(message)
      .then((result) => reply({ type: 'reply', id: message.id, result }, done))
      .catch((error: unknown) => reply({ type: 'reply', id: message.id, error: String(error) }, done));
  });
  reply({ type: 'loaded' });
};

main().catch((error: unknown) => {
  console.error('engine-process failed:', error);
  process.exit(1);
});
