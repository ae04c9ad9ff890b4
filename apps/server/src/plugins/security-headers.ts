import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

type HelmetMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
/** helmet itself, as @fastify/helmet (our declared dependency) resolves it. */
const helmet: (options: Readonly<HelmetOptions>) => HelmetMiddleware = createRequire(
  createRequire(import.meta.url).resolve('@fastify/helmet'),
)('helmet');

type HeaderConfig = Pick<Config, 'publicUrl' | 'auth'>;

/** The external identity provider's origin (AUTH_DOMAIN), which the web app talks to and may frame for renewal. */
const identityOrigin = (config: HeaderConfig) =>
  config.auth.provider === 'embedded' ? [] : [new URL(config.auth.issuer).origin];

/**
 * The web app's policy (docs/decisions/security-headers.md). Scripts only from our own origin and never inline, so
 * an injected tag cannot read the tokens in browser storage; JSON in `<script type="application/json">` is data,
 * not script, and needs nothing. Styles allow inline because React, lightweight-charts and react-toastify add
 * `<style>` elements at run time; images allow https for profile photos people link to.
 */
export const webAppCsp = (config: HeaderConfig): Record<string, string[]> => {
  const publicUrl = new URL(config.publicUrl);
  const https = publicUrl.protocol === 'https:';
  const websocket = `${https ? 'wss' : 'ws'}://${publicUrl.host}`;
  const external = identityOrigin(config);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // blob: the share dialog's card preview, drawn by our server and shown from memory.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", websocket, ...external],
    // oidc-client-ts renews in a hidden frame of the provider when it has no refresh token.
    'frame-src': ["'self'", ...external],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", ...external],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'manifest-src': ["'self'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
};

/** API answers that are the same for everyone may say how long to keep them; all others hold account data. */
const API_PREFIX = '/api/v1/';

/**
 * The headers helmet writes for these options, worked out once: they depend on the configuration only (no nonces, no
 * per-request directives). @fastify/helmet builds helmet's middleware again on every request, which cost about 3 % of
 * a cached API read (docs/decisions/catalogue-in-memory.md, "Second pass"); setting the same list is the same answer.
 */
const helmetHeaders = (options: Readonly<HelmetOptions>) => {
  const set = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      set.set(name.toLowerCase(), String(value));
      return recorder;
    },
    removeHeader: (name: string) => set.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  return [...set];
};

/**
 * What an API answer carries (docs/decisions/security-headers.md, "API answers"): data, never a document that loads
 * anything, so its policy is `default-src 'none'` — stricter than the pages' — and the headers that only steer how a
 * document behaves (opener isolation, agent clusters, DNS prefetch, IE's download prompt, the retired XSS filter,
 * Adobe's cross-domain policies) are left off: they protect nothing here, and each is sent with every answer.
 */
const apiAnswerOptions = (https: boolean): Readonly<HelmetOptions> => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  dnsPrefetchControl: false,
  ieNoOpen: false,
  xssFilter: false,
  permittedCrossDomainPolicies: false,
});

/**
 * Security headers on every answer: the web app's CSP (identity and sandbox pages send their own, stricter one),
 * no framing, nosniff, a referrer policy, HSTS when PUBLIC_URL is https, and `no-store` on API answers that did not
 * choose their own caching (set first, so a route that chooses replaces it). Register first: the identity provider
 * answers from an onRequest hook (middie), and these headers must already be on the raw response by then.
 */
export const registerSecurityHeaders = async (app: FastifyInstance, config: HeaderConfig) => {
  const https = new URL(config.publicUrl).protocol === 'https:';
  const pageHeaders = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: webAppCsp(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only this host: PUBLIC_URL says nothing about the other hosts of its domain.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  const apiHeaders = helmetHeaders(apiAnswerOptions(https));
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith(API_PREFIX)) {
      for (const [name, value] of apiHeaders) reply.header(name, value);
      reply.header('cache-control', 'no-store');
      return done();
    }
    for (const [name, value] of pageHeaders) reply.raw.setHeader(name, value);
    done();
  });
};
