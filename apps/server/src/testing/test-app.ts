import type { Clock } from '@cdca/engine';
import { createMemoryPaperStore, createPaperExchange, type PaperExchange } from '@cdca/exchange/paper';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createDrizzlePaperStore } from '../modules/paper/paper-store.drizzle.ts';
import type { RealtimeEnvelope } from '../realtime/event-bus.ts';
import { createInProcessBus } from '../realtime/in-process-bus.ts';
import { paperBundle } from '../venue.ts';
import { withOutageSwitch } from './outage-switch.ts';
import { testConfig } from './test-config.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * The paper venue under the app: 'memory' keeps its state in memory (fast; for tests not about the exchange),
 * 'persistent' keeps it in the test's database as the server does, and a PaperExchange is one the test shares
 * between apps and closes itself.
 */
export type TestVenue = 'memory' | 'persistent' | PaperExchange;

export type TestAppOptions = {
  venue?: TestVenue;
  /** Settings on top of the test configuration (test-config.ts). */
  env?: Record<string, string>;
  /** A whole configuration, for apps that must share one (and so one master key); `env` is then not read. */
  config?: Config;
  /** A database the test owns and closes (apps sharing one, a data dir on disk); otherwise a fresh one. */
  database?: Database;
  /** The clock billing reads; otherwise the wall clock. */
  clock?: Clock;
  /** The clock the sign-in throttles and rate limits read; otherwise the wall clock. */
  rateLimitClock?: Clock;
  /** Keep every log line in `logLines` (set LOG_LEVEL to choose how many there are). */
  captureLogs?: boolean;
  /** false: the venue without its paper levers, as the server sees Coinbase. */
  paperLevers?: boolean;
  /**
   * false: the paper market holds the last price a test set instead of walking on in real time, so a test that
   * drives prices step by step does not race the clock on a busy machine (a step that took over the market's 1 s
   * heartbeat used to see the price drift).
   */
  marketWalks?: boolean;
};

/** Who a request is made as: anything with the bearer headers of a signed-in trader. */
type Caller = { headers: { authorization: string } };
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The real app on a fresh database, driven through `app.inject`, after fastify/demo's `build(t)`. */
export const buildTestApp = async (options: TestAppOptions = {}) => {
  const owned = await ownedParts(options);
  const { database, paper } = owned;
  const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
  const published: RealtimeEnvelope[] = [];
  bus.subscribe((envelope) => published.push(envelope));
  const logLines: string[] = [];
  const switchable = withOutageSwitch(paper);
  const app = await buildApp({
    config: options.config ?? testConfig(options.env),
    database,
    bus,
    exchange: {
      exchange: switchable.exchange,
      paper: options.paperLevers === false ? undefined : paperBundle(paper).paper,
    },
    billingClock: options.clock,
    rateLimitClock: options.rateLimitClock,
    ...(options.captureLogs ? { logDestination: { write: (line: string) => logLines.push(line) } } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    bus,
    /** Every realtime envelope published since the app started, in order. */
    published,
    /** The real paper exchange underneath, for levers the API does not offer (fund, revoke, advance). */
    paper,
    /** Set `down` to make the exchange unreachable. */
    outage: switchable.state,
    clock: options.clock,
    logLines,
    /** API calls as this trader: `t.as(trader).get('/api/v1/epics')`. */
    as: (caller: Caller) => asCaller(app, caller),
    close: async () => {
      await app.close();
      await bus.close();
      await owned.close();
    },
  };
};
export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** The database and venue of the options, each closed with the app only when the app made it. */
const ownedParts = async ({ database: given, venue = 'memory', marketWalks = true }: TestAppOptions) => {
  const database = given ?? (await createTestDatabase());
  const paper = typeof venue === 'string' ? await paperVenue(venue, database, marketWalks) : venue;
  return {
    database,
    paper,
    close: async () => {
      if (typeof venue === 'string') await paper.close();
      if (!given) await database.close();
    },
  };
};

/** Wall time with nothing scheduled: the market moves only when a test sets a price or advances it. */
const stillClock: Clock = { now: () => new Date() };

const paperVenue = async (kind: 'memory' | 'persistent', database: Database, walks: boolean) => {
  const clock = walks ? {} : { clock: stillClock };
  // In memory for tests not about the exchange: writing 24 h of market history to every database only slows them.
  if (kind === 'memory') return createPaperExchange({ seed: 1, store: createMemoryPaperStore(), ...clock });
  const paper = createPaperExchange({ seed: 7, store: createDrizzlePaperStore(database.db), ...clock });
  await paper.venue.ready();
  return paper;
};

const asCaller = (app: FastifyInstance, { headers }: Caller) => {
  const request = (method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return {
    request,
    get: (url: string) => request('GET', url),
    post: (url: string, payload?: object) => request('POST', url, payload),
    patch: (url: string, payload?: object) => request('PATCH', url, payload),
    delete: (url: string) => request('DELETE', url),
  };
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
