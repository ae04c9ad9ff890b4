import { createPaperExchange } from '@cdca/exchange/paper/paper-exchange.ts';
import { createMemoryPaperStore } from '@cdca/exchange/paper/paper-store.ts';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { type Database, openPostgres } from '../../db/client.ts';
import { paperBundle } from '../../exchange/create-exchange.ts';
import { createInProcessBus } from '../../realtime/in-process-bus.ts';
import { type Browser, CookieJar } from '../../testing/sign-in.ts';
import { testConfig } from '../../testing/test-config.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import type { Clock } from './table-limiter.ts';

/** A clock the throttle tests move past delays and locks, instead of sleeping through them. */
export const movableClock = (start: string) => {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    advanceSeconds: (seconds: number) => {
      at += seconds * 1000;
    },
  };
};

const startApp = async (database: Database, config: Config, clock: Clock) => {
  const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
  const paper = createPaperExchange({ seed: 1, store: createMemoryPaperStore() });
  const app = await buildApp({ config, database, bus, exchange: paperBundle(paper), rateLimitClock: clock });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await paper.close();
      await bus.close();
    },
  };
};

/**
 * The real app on a fresh database with the rate limits' clock in the test's hand. `second()` starts another
 * instance on its own connection pool to the same PostgreSQL database, as a second process would.
 */
export const createThrottledTestApp = async (env: Record<string, string>, clock: Clock) => {
  // One configuration for both instances: they must share the master key, as real processes would.
  const config = testConfig(env);
  const database = await createTestDatabase();
  const first = await startApp(database, config, clock);
  const others: { close: () => Promise<void> }[] = [];
  return {
    app: first.app,
    database,
    second: async (): Promise<FastifyInstance> => {
      if (!database.url) throw new Error('a second process needs PostgreSQL (DATABASE_URL)');
      const ownPool = await openPostgres(database.url);
      const started = await startApp(ownPool, config, clock);
      others.push({ close: started.close }, ownPool);
      return started.app;
    },
    close: async () => {
      for (const other of others) await other.close();
      await first.close();
      await database.close();
    },
  };
};

/** A browser tab at a given client address (Fastify's `request.ip`), for limits kept per address. */
export const tabAt = (app: FastifyInstance, remoteAddress: string): Browser => {
  const cookies = new CookieJar();
  const request = async (method: 'GET' | 'POST', url: string, form?: Record<string, string>) => {
    const parsed = new URL(url, 'http://localhost');
    const cookie = cookies.headerFor(parsed.pathname);
    const response = await app.inject({
      method,
      url: `${parsed.pathname}${parsed.search}`,
      remoteAddress,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    cookies.store(response.cookies);
    return response;
  };
  return {
    cookies,
    get: (url: string) => request('GET', url),
    post: (url: string, form: Record<string, string>) => request('POST', url, form),
  };
};
