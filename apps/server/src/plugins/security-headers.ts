import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

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
 * Security headers on every answer: the web app's CSP (identity and sandbox pages send their own, stricter one),
 * no framing, nosniff, a referrer policy, HSTS when PUBLIC_URL is https, and `no-store` on API answers that did not
 * choose their own caching. Register first: the identity provider answers from an onRequest hook (middie), and
 * these headers must already be on the response by then.
 */
export const registerSecurityHeaders = async (app: FastifyInstance, config: HeaderConfig) => {
  const https = new URL(config.publicUrl).protocol === 'https:';
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: webAppCsp(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only this host: PUBLIC_URL says nothing about the other hosts of its domain.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith(API_PREFIX) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
};
