import { createHash } from 'node:crypto';
import { createRemoteJWKSet, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';
import type { Config } from '../config.ts';
import { unauthorized } from '../lib/app-error.ts';

export type AuthContext = { sub: string; email: string | undefined; token: string };

export type TokenVerifier = (token: string) => Promise<AuthContext>;

/** How many verified tokens are remembered at most; the oldest go first. */
const MAX_CACHED_TOKENS = 10_000;

type VerifierOptions = {
  /** The clock expiry is judged on, for the signature check and the cache alike. */
  now?: () => Date;
  maxCached?: number;
};

/**
 * Verifies an access token's signature, issuer, audience and expiry; anything off is a 401. A token that passed is
 * remembered (by its SHA-256, never its text) until its own expiry, so the signature is checked once per token, not
 * once per request (docs/decisions/runtime.md). Failures are never remembered. A retired signing key cannot leave a
 * remembered token behind: keys are retired only after the longest token lifetime (docs/decisions/identity-secrets-at-rest.md).
 */
export const createTokenVerifier = (
  auth: Config['auth'],
  getKey: JWTVerifyGetKey,
  { now = () => new Date(), maxCached = MAX_CACHED_TOKENS }: VerifierOptions = {},
): TokenVerifier => {
  const verified = new Map<string, { sub: string; email: string | undefined; expiresAtMs: number }>();

  const remember = (key: string, entry: { sub: string; email: string | undefined; expiresAtMs: number }) => {
    if (verified.size >= maxCached) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(key, entry);
  };

  return async (token) => {
    const key = createHash('sha256').update(token).digest('base64url');
    const known = verified.get(key);
    if (known && known.expiresAtMs > now().getTime()) return { sub: known.sub, email: known.email, token };
    verified.delete(key);
    try {
      const { payload } = await jwtVerify(token, getKey, {
        issuer: auth.issuer,
        audience: auth.audience,
        algorithms: ['RS256', 'ES256', 'PS256'],
        currentDate: now(),
      });
      if (!payload.sub) throw unauthorized('The access token has no subject.');
      const email = typeof payload.email === 'string' ? payload.email : undefined;
      if (payload.exp !== undefined)
        remember(key, { sub: payload.sub, email, expiresAtMs: payload.exp * 1000 });
      return { sub: payload.sub, email, token };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired)
        throw unauthorized('Your session has expired. Sign in again.');
      throw unauthorized('The access token is not valid.');
    }
  };
};

/** External issuers (Auth0 or any OIDC) publish their keys; jose caches them and refetches on an unknown kid. */
export const remoteKeySet = (auth: Config['auth']): JWTVerifyGetKey => {
  const jwksUri =
    auth.provider === 'auth0'
      ? `${auth.issuer}.well-known/jwks.json`
      : `${auth.issuer.replace(/\/$/, '')}/jwks`;
  return createRemoteJWKSet(new URL(jwksUri));
};

export const bearerToken = (header: string | undefined): string => {
  const [scheme, token] = (header ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized();
  return token;
};
