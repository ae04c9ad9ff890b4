import { type Clock, systemClock } from '@cdca/engine';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { TokenVerifier } from '../auth/verify-token.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { createLruCache } from '../lib/lru-cache.ts';
import { type MaybePromise, whenReady } from '../lib/maybe-promise.ts';
import { limitKey } from '../lib/rate-limits/limit-key.ts';
import { waitPhrase } from '../lib/rate-limits/retry-wording.ts';
import { purgeExpiredRateLimits, retryAfterSeconds } from '../lib/rate-limits/table-limiter.ts';
import { createWindowLimiter, type WindowLimiter } from '../lib/rate-limits/window-limiter.ts';
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
  const accountOf = (request: FastifyRequest): MaybePromise<string | undefined> => {
    if (!request.headers.authorization) return undefined;
    const verified = verifyRequestToken(request, verifyToken);
    return verified instanceof Promise
      ? verified.then(
          (auth) => auth.sub,
          () => undefined,
        )
      : verified.sub;
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
  const limiterFor = (request: FastifyRequest, sub: string | undefined) =>
    sub ? ([perAccount, keyOf(sub)] as const) : ([perIp, keyOf(request.ip)] as const);

  /** The 429 for a count past the allowance, with the wait in Retry-After; undefined within it. */
  const refusal = (taken: RateLimiterRes, { points }: WindowLimiter, reply: FastifyReply) => {
    if (taken.consumedPoints <= points) return undefined;
    const seconds = retryAfterSeconds(taken);
    reply.header('retry-after', String(seconds));
    return new AppError(429, 'rate-limited', `Too many requests. Try again in ${waitPhrase(seconds)}.`);
  };

  // A callback hook: a remembered token and a count far from its limit answer without a promise
  // (docs/decisions/request-fast-path.md).
  app.addHook('onRequest', (request, reply, done) => {
    // The matched route, not the raw URL: a query string or an odd spelling cannot dodge the exemption check.
    const route = request.routeOptions.url ?? request.url.split('?', 1)[0] ?? '';
    if (!route.startsWith(API_PREFIX) || EXEMPT_ROUTES.has(route)) return done();
    whenReady(
      accountOf(request),
      (sub) => {
        const [limiter, key] = limiterFor(request, sub);
        whenReady(limiter.consume(key), (taken) => done(refusal(taken, limiter, reply)), done);
      },
      done,
    );
  });

  const purge = () =>
    Promise.all([purgeExpiredRateLimits(db, clock.now()), perAccount.purge(), perIp.purge()]).catch(
      (error: unknown) => app.log.warn({ err: error }, 'rate limit purge failed'),
    );
  const timer = setInterval(purge, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
