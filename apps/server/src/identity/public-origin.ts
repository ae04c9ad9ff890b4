import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../config.ts';

/** The addresses whose requests reach oidc-provider, directly (/oidc) or through interactionDetails (/interaction). */
const PROVIDER_PATHS = /^\/(oidc|interaction)(\/|\?|$)/;

const FORWARDED_ORIGIN_HEADERS = ['x-forwarded-host', 'x-forwarded-port', 'x-forwarded-proto', 'forwarded'];

/**
 * oidc-provider builds every URL it writes (discovery, redirects, form actions) from the request's host and
 * protocol. Those are the caller's to forge, so the provider is handed the ones PUBLIC_URL names instead: the Host
 * header is rewritten, the client's forwarding headers are dropped, and the protocol is written as the only
 * X-Forwarded-Proto (which is why `provider.proxy` is on: it reads what we wrote, never what was sent). The
 * caller's X-Forwarded-For survives only with TRUST_PROXY=true (docs/decisions/identity-host-trust.md).
 */
export const pinProviderRequestsToPublicUrl = (
  config: Pick<Config, 'publicUrl' | 'trustProxy'>,
): onRequestHookHandler => {
  const publicUrl = new URL(config.publicUrl);
  const protocol = publicUrl.protocol.replace(':', '');
  return (request: FastifyRequest, _reply, done) => {
    if (!PROVIDER_PATHS.test(request.url)) return done();
    const { headers } = request.raw;
    for (const name of FORWARDED_ORIGIN_HEADERS) delete headers[name];
    if (!config.trustProxy) delete headers['x-forwarded-for'];
    headers.host = publicUrl.host;
    headers['x-forwarded-proto'] = protocol;
    done();
  };
};

/** Discovery and the key set are the same for everyone (and now name PUBLIC_URL only); a short shared cache is fine. */
const PUBLIC_DOCUMENTS = /^\/(\.well-known\/openid-configuration|jwks)$/;

/**
 * Every provider answer says how it may be kept: the public documents for five minutes, everything else (tokens,
 * sessions, pages) never.
 */
export const cacheProviderAnswers = (provider: Provider) => {
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.response.get('cache-control')) return;
    ctx.set('cache-control', PUBLIC_DOCUMENTS.test(ctx.path) ? 'public, max-age=300' : 'no-store');
  });
};
