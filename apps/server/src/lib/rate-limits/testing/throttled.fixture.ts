import type { ManualClock } from '@cdca/engine/testing';
import type { FastifyInstance } from 'fastify';
import { openPostgres } from '../../../db/client.ts';
import { type Browser, browser, CookieJar } from '../../../testing/sign-in.ts';
import { buildTestApp } from '../../../testing/test-app.ts';
import { testConfig } from '../../../testing/test-config.ts';

/**
 * The real app on a fresh database with the rate limits' clock in the test's hand. `second()` starts another
 * instance on its own connection pool to the same PostgreSQL database, as a second process would.
 */
export const buildThrottledTestApp = async (env: Record<string, string>, clock: ManualClock) => {
  // One configuration for both instances: they must share the master key, as real processes would.
  const config = testConfig(env);
  const first = await buildTestApp({ config, rateLimitClock: clock });
  const { database } = first;
  const others: { close: () => Promise<void> }[] = [];
  return {
    app: first.app,
    database,
    second: async (): Promise<FastifyInstance> => {
      if (!database.url) throw new Error('a second process needs PostgreSQL (DATABASE_URL)');
      const ownPool = await openPostgres(database.url);
      const started = await buildTestApp({ config, database: ownPool, rateLimitClock: clock });
      others.push(started, ownPool);
      return started.app;
    },
    close: async () => {
      for (const other of others) await other.close();
      await first.close();
    },
  };
};

/** A browser tab at a given client address (Fastify's `request.ip`), for limits kept per address. */
export const tabAt = (app: FastifyInstance, remoteAddress: string): Browser =>
  browser(app, new CookieJar(), remoteAddress);
