import { manualClock } from '@cdca/engine/testing';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { buildThrottledTestApp } from '../lib/rate-limits/testing/throttled.fixture.ts';
import { signUp } from '../testing/sign-in.ts';
import { bearer } from '../testing/test-app.ts';
import { testDatabaseUrl } from '../testing/test-database.ts';

type ThrottledApp = Awaited<ReturnType<typeof buildThrottledTestApp>>;
let current: ThrottledApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

// Low limits so a test reaches them in a few requests; the defaults (600 and 300 a minute) are in config.ts.
const start = async () => {
  const clock = manualClock('2030-01-01T10:00:00Z');
  current = await buildThrottledTestApp(
    { API_REQUESTS_PER_MINUTE: '3', API_ANONYMOUS_REQUESTS_PER_MINUTE: '2' },
    clock,
  );
  return { ...current, clock };
};

const get = (app: FastifyInstance, url: string, ip: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, remoteAddress: ip, headers });

describe('API rate limits', { timeout: 120_000 }, () => {
  test('anonymous callers are limited per address, with a 429 rate-limited and Retry-After', async () => {
    const { app, clock } = await start();
    const ip = '203.0.113.40';
    expect((await get(app, '/api/v1/accounts', ip)).statusCode).toBe(401);
    // A made-up token names no account: it counts against the address too.
    expect((await get(app, '/api/v1/accounts', ip, bearer('made-up'))).statusCode).toBe(401);
    const over = await get(app, '/api/v1/accounts', ip);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe('60');
    expect(over.json()).toEqual({
      code: 'rate-limited',
      message: 'Too many requests. Try again in 60 seconds.',
    });

    // Health checks and the WebSocket route are never limited (426: it only speaks WebSocket).
    for (let check = 0; check < 3; check += 1) {
      expect((await get(app, '/api/v1/health', ip)).statusCode).toBe(200);
    }
    expect((await get(app, '/api/v1/cdca-ws', ip)).statusCode).toBe(426);
    // Other addresses, and the site outside the API, are not affected.
    expect((await get(app, '/api/v1/accounts', '203.0.113.41')).statusCode).toBe(401);

    clock.advanceSeconds(60);
    expect((await get(app, '/api/v1/accounts', ip)).statusCode).toBe(401);
  });

  test('signed-in callers are limited per account, whatever their address', async () => {
    const { app } = await start();
    const alice = await signUp(app, { email: 'alice@example.test' });
    const bob = await signUp(app, { email: 'bob@example.test' });
    const url = '/api/v1/accounts';
    const statuses = [];
    for (const ip of ['203.0.113.50', '203.0.113.51', '203.0.113.52', '203.0.113.53']) {
      statuses.push((await get(app, url, ip, bearer(alice.accessToken))).statusCode);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
    // Another account, and anonymous calls from the same address, keep their own allowance.
    expect((await get(app, url, '203.0.113.53', bearer(bob.accessToken))).statusCode).not.toBe(429);
    expect((await get(app, url, '203.0.113.53')).statusCode).toBe(401);
  });

  test.skipIf(!testDatabaseUrl)('two instances on one PostgreSQL share the counters', async () => {
    const { app, second } = await start();
    const other = await second();
    const ip = '203.0.113.60';
    expect((await get(app, '/api/v1/accounts', ip)).statusCode).toBe(401);
    expect((await get(other, '/api/v1/accounts', ip)).statusCode).toBe(401);
    expect((await get(app, '/api/v1/accounts', ip)).statusCode).toBe(429);
    expect((await get(other, '/api/v1/accounts', ip)).statusCode).toBe(429);
  });
});
