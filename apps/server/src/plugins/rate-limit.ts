import { type Clock, systemClock } from '@cdca/engine';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenVerifier } from '../auth/verify-token.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { createLruCache } from '../lib/lru-cache.ts';
import { limitKey } from '../lib/rate-limits/limit-key.ts';
import { waitPhrase } from '../lib/rate-limits/retry-wording.ts';
import { purgeExpiredRateLimits, retryAfterSeconds } from '../lib/rate-limits/table-limiter.ts';
import { createWindowLimiter } from '../lib/rate-limits/window-limiter.ts';
import { verifyRequestToken } from './authenticate.ts';

const API_PREFIX = '/api/v1/';
/** Health checks are polled by load balancers; the WebSocket is one long-lived request with its own rules. */
const EXEMPT_ROUTES = new Set(['/api/v1/health', '/api/v1/cdca-ws']);
const PURGE_EVERY_MS = 60 * 60 * 1000;
const KEYS_REMEMBERED = 10_000;

type Options = {
  db: Db;
  /** Whether other processes may share the database (PostgreSQL): then the counts must live in it. */
  shared: boolean;
  config: Config;
  verifyToken: TokenVerifier;
  clock?: Clock;
};

/**
 * Every `/api/v1/*` request counts against its signed-in account, or else its client address (`request.ip`, which
 * honours X-Forwarded-For only with TRUST_PROXY); over the limit it is a 429 `rate-limited` with Retry-After. On
 * PostgreSQL the counters live in the database, so processes sharing it share them
 * (docs/decisions/sign-in-throttling.md); on PGlite, whose one process owns the database, in memory. Registered on
 * the root instance, before the API's routes.
 */
export const registerApiRateLimit = (
  app: FastifyInstance,
  { db, shared, config, verifyToken, clock = systemClock }: Options,
) => {
  const { api } = config.rateLimits;
  const perAccount = createWindowLimiter({
    db,
    shared,
    clock,
    keyPrefix: 'api:account',
    points: api.perAccountPerMinute,
  });
  const perIp = createWindowLimiter({
    db,
    shared,
    clock,
    keyPrefix: 'api:ip',
    points: api.perAnonymousIpPerMinute,
  });

  /** Only a verified token names an account: a made-up subject must not buy a fresh allowance. */
  const accountOf = async (request: FastifyRequest) => {
    if (!request.headers.authorization) return undefined;
    try {
      return (await verifyRequestToken(request, verifyToken)).sub;
    } catch {
      return undefined;
    }
  };
  /** The stored key of each recent caller, hashed once rather than on each of its requests. */
  const keys = createLruCache<string>(KEYS_REMEMBERED);
  const keyOf = (caller: string) => {
    let key = keys.get(caller);
    if (key === undefined) {
      key = limitKey(caller);
      keys.set(caller, key);
    }
    return key;
  };

  app.addHook('onRequest', async (request, reply) => {
    // The matched route, not the raw URL: a query string or an odd spelling cannot dodge the exemption check.
    const route = request.routeOptions.url ?? request.url.split('?', 1)[0] ?? '';
    if (!route.startsWith(API_PREFIX) || EXEMPT_ROUTES.has(route)) return;
    const sub = await accountOf(request);
    const [limiter, key] = sub ? [perAccount, keyOf(sub)] : [perIp, keyOf(request.ip)];
    const taken = await limiter.consume(key);
    if (taken.consumedPoints <= limiter.points) return;
    const seconds = retryAfterSeconds(taken);
    reply.header('retry-after', String(seconds));
    throw new AppError(429, 'rate-limited', `Too many requests. Try again in ${waitPhrase(seconds)}.`);
  });

  const purge = () =>
    Promise.all([purgeExpiredRateLimits(db, clock.now()), perAccount.purge(), perIp.purge()]).catch(
      (error: unknown) => app.log.warn({ err: error }, 'rate limit purge failed'),
    );
  const timer = setInterval(purge, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
