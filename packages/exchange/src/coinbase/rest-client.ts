import type { Clock } from '@cdca/engine';
import { ExchangeError } from '@cdca/engine';
import type { z } from 'zod';
import { buildCdpJwt, cdpUri } from './cdp-jwt.ts';
import type { CdpSigningKey } from './cdp-key.ts';
import type { TokenBucket } from './token-bucket.ts';
import { httpError, rateLimitWaitMs } from './wire-errors.ts';

export const API_PREFIX = '/api/v3/brokerage';

export type Query = Record<string, string | number | readonly string[] | undefined>;

/** One API key: who signs, and the bucket that keeps it under 30 req/s. */
export type RestAuth = { keyName: string; signingKey: () => CdpSigningKey; bucket: TokenBucket };

export type RestRequest<T> = {
  method: 'GET' | 'POST';
  path: string;
  schema: z.ZodType<T>;
  query?: Query;
  body?: unknown;
  /** Absent for the public /market endpoints. */
  auth?: RestAuth;
};

export type RestClient = { send: <T>(request: RestRequest<T>) => Promise<T> };

export type RestClientOptions = {
  baseUrl: string;
  fetch: typeof globalThis.fetch;
  clock: Clock;
  publicBucket: TokenBucket;
  timeoutMs: number;
  /** Waits out a spent rate-limit window; tests pass their own. */
  sleep?: (ms: number) => Promise<void>;
};

// Arrays repeat the key (?product_ids=A&product_ids=B), as the official SDKs encode them.
const queryString = (query: Query | undefined): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (typeof value === 'string' || typeof value === 'number') params.append(key, String(value));
    else for (const item of value) params.append(key, item);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    // 401s come back as plain-text "Unauthorized".
    return text;
  }
};

export const createRestClient = (options: RestClientOptions): RestClient => {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  /**
   * Per key (or 'public'): until when Coinbase said the window is spent (`x-ratelimit-remaining: 0`, documented
   * with `x-ratelimit-limit` and `x-ratelimit-reset`). Honoured before sending rather than earning a 429.
   */
  const spentUntil = new Map<string, number>();
  const waitForWindow = async (limiter: string) => {
    const until = spentUntil.get(limiter);
    if (until === undefined) return;
    const wait = until - options.clock.now().getTime();
    if (wait > 0) await sleep(wait);
    spentUntil.delete(limiter);
  };
  const noteWindow = (limiter: string, headers: Headers) => {
    const remaining = headers.get('x-ratelimit-remaining');
    if (remaining === null || Number(remaining) > 0) return;
    spentUntil.set(
      limiter,
      options.clock.now().getTime() + rateLimitWaitMs(headers, options.clock.now().getTime()),
    );
  };

  const send = async <T>(request: RestRequest<T>): Promise<T> => {
    const path = `${API_PREFIX}${request.path}`;
    const limiter = request.auth?.keyName ?? 'public';
    await waitForWindow(limiter);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.auth) {
      const signingKey = request.auth.signingKey();
      await request.auth.bucket.take();
      const jwt = buildCdpJwt({
        keyName: request.auth.keyName,
        signingKey,
        nowMs: options.clock.now().getTime(),
        uri: cdpUri(request.method, options.baseUrl, path),
      });
      headers.authorization = `Bearer ${jwt}`;
    } else {
      await options.publicBucket.take();
    }

    let response: Response;
    try {
      response = await options.fetch(new URL(path + queryString(request.query), options.baseUrl), {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (cause) {
      const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
      throw new ExchangeError(
        'unavailable',
        timedOut ? `Coinbase did not answer within ${options.timeoutMs} ms` : 'Coinbase could not be reached',
        { cause },
      );
    }

    noteWindow(limiter, response.headers);
    let body: unknown;
    try {
      body = await readBody(response);
    } catch (cause) {
      throw new ExchangeError('unavailable', 'Coinbase connection dropped mid-answer', { cause });
    }
    if (!response.ok) throw httpError(response.status, body, response.headers, options.clock.now().getTime());
    const parsed = request.schema.safeParse(body);
    if (!parsed.success) {
      throw new ExchangeError(
        'unavailable',
        `Coinbase answered ${request.method} ${request.path} in an unexpected shape`,
        {
          cause: parsed.error,
        },
      );
    }
    return parsed.data;
  };
  return { send };
};
