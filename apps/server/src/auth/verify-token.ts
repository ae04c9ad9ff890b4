import { hash } from 'node:crypto';
import { createRemoteJWKSet, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';
import type { Config } from '../config.ts';
import { unauthorized } from '../lib/app-error.ts';

export type AuthContext = { sub: string; email: string | undefined; token: string };

/**
 * `connection`: the socket the token came on, when there is one. The last token verified on a connection is kept with
 * it (until the connection closes or the token expires), so a keep-alive client's next request with the same token
 * is compared, not hashed again (docs/decisions/catalogue-in-memory.md, "Third pass").
 */
export type TokenVerifier = (token: string, connection?: object) => Promise<AuthContext>;

type Remembered = { sub: string; email: string | undefined; expiresAtMs: number };

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
 * once per request (docs/decisions/runtime.md); and with the connection it came on (in full, for as long as that
 * connection is open), so its next request there needs no hash either. Failures are never remembered. A retired signing key cannot leave a
 * remembered token behind: keys are retired only after the longest token lifetime (docs/decisions/identity-secrets-at-rest.md).
 */
export const createTokenVerifier = (
  auth: Config['auth'],
  getKey: JWTVerifyGetKey,
  { now = () => new Date(), maxCached = MAX_CACHED_TOKENS }: VerifierOptions = {},
): TokenVerifier => {
  const verified = new Map<string, Remembered>();
  /** The last token that passed on each connection, in full: the connection holds it anyway while it is open. */
  const lastOnConnection = new WeakMap<object, Remembered & { token: string }>();

  const remember = (key: string, entry: Remembered) => {
    if (verified.size >= maxCached) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(key, entry);
  };

  const verify = async (token: string): Promise<Remembered & { token: string }> => {
    // The one-shot hash: a Hash object per request cost as much again as the digest (catalogue-in-memory.md).
    const key = hash('sha256', token, 'base64url');
    const known = verified.get(key);
    if (known && known.expiresAtMs > now().getTime()) return { ...known, token };
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
      const expiresAtMs = payload.exp === undefined ? Number.NaN : payload.exp * 1000;
      if (payload.exp !== undefined) remember(key, { sub: payload.sub, email, expiresAtMs });
      return { sub: payload.sub, email, expiresAtMs, token };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired)
        throw unauthorized('Your session has expired. Sign in again.');
      throw unauthorized('The access token is not valid.');
    }
  };

  return async (token, connection) => {
    const last = connection ? lastOnConnection.get(connection) : undefined;
    if (last && last.token === token && last.expiresAtMs > now().getTime())
      return { sub: last.sub, email: last.email, token };
    const passed = await verify(token);
    // A token without an expiry (NaN) is never remembered, here as in the map above.
    if (connection && passed.expiresAtMs > 0) lastOnConnection.set(connection, passed);
    return { sub: passed.sub, email: passed.email, token };
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
