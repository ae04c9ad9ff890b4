import { type Clock, systemClock } from '@cdca/engine';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, type TokenVerifier } from '../auth/verify-token.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { coalescedConsume } from '../lib/rate-limits/coalesced-consume.ts';
import { limitKey } from '../lib/rate-limits/limit-key.ts';
import { waitPhrase } from '../lib/rate-limits/retry-wording.ts';
import { purgeExpiredRateLimits, retryAfterSeconds, TableLimiter } from '../lib/rate-limits/table-limiter.ts';

const API_PREFIX = '/api/v1/';
/** Health checks are polled by load balancers; the WebSocket is one long-lived request with its own rules. */
const EXEMPT_ROUTES = new Set(['/api/v1/health', '/api/v1/cdca-ws']);
const PURGE_EVERY_MS = 60 * 60 * 1000;

type Options = { db: Db; config: Config; verifyToken: TokenVerifier; clock?: Clock };

/**
 * Every `/api/v1/*` request counts against its signed-in account, or else its client address (`request.ip`, which
 * honours X-Forwarded-For only with TRUST_PROXY); over the limit it is a 429 `rate-limited` with Retry-After. The
 * counters live in the database, so processes sharing one PostgreSQL share them
 * (docs/decisions/sign-in-throttling.md). Registered on the root instance, before the API's routes.
 */
export const registerApiRateLimit = (
  app: FastifyInstance,
  { db, config, verifyToken, clock = systemClock }: Options,
) => {
  const { api } = config.rateLimits;
  const perAccount = new TableLimiter({
    db,
    clock,
    keyPrefix: 'api:account',
    points: api.perAccountPerMinute,
    duration: 60,
  });
  const perIp = new TableLimiter({
    db,
    clock,
    keyPrefix: 'api:ip',
    points: api.perAnonymousIpPerMinute,
    duration: 60,
  });

  // Concurrent requests of one caller share one upsert: every API request writes this row (coalesced-consume.ts).
  const consumeAccount = coalescedConsume(perAccount);
  const consumeIp = coalescedConsume(perIp);

  /** Only a verified token names an account: a made-up subject must not buy a fresh allowance. */
  const accountOf = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) return undefined;
    try {
      return (await verifyToken(bearerToken(header))).sub;
    } catch {
      return undefined;
    }
  };

  app.addHook('onRequest', async (request, reply) => {
    // The matched route, not the raw URL: a query string or an odd spelling cannot dodge the exemption check.
    const route = request.routeOptions.url ?? request.url.split('?', 1)[0] ?? '';
    if (!route.startsWith(API_PREFIX) || EXEMPT_ROUTES.has(route)) return;
    const sub = await accountOf(request);
    const [limiter, consume, key] = sub
      ? [perAccount, consumeAccount, limitKey(sub)]
      : [perIp, consumeIp, limitKey(request.ip)];
    const taken = await consume(key);
    if (taken.consumedPoints <= limiter.points) return;
    const seconds = retryAfterSeconds(taken);
    reply.header('retry-after', String(seconds));
    throw new AppError(429, 'rate-limited', `Too many requests. Try again in ${waitPhrase(seconds)}.`);
  });

  const purge = () =>
    purgeExpiredRateLimits(db, clock.now()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'rate limit purge failed'),
    );
  const timer = setInterval(purge, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
