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
export type TokenVerifier = {
  (token: string, connection?: object): Promise<AuthContext>;
  /**
   * The same answer without waiting when this token passed before and has not expired (on this connection, or by its
   * hash); undefined when only the signature check can tell. The request hooks' fast path
   * (docs/decisions/request-fast-path.md).
   */
  remembered: (token: string, connection?: object) => AuthContext | undefined;
};

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

  const checkSignature = async (key: string, token: string): Promise<Remembered & { token: string }> => {
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

  /** The token's key in the map: the one-shot hash, since a Hash object per request cost as much again as the digest. */
  const keyOf = (token: string) => hash('sha256', token, 'base64url');

  /** Kept with the connection, in full: a token without an expiry (NaN) is never remembered, here as in the map. */
  const keepOnConnection = (connection: object | undefined, passed: Remembered & { token: string }) => {
    if (connection && passed.expiresAtMs > 0) lastOnConnection.set(connection, passed);
    return { sub: passed.sub, email: passed.email, token: passed.token };
  };

  /** The last token that passed on this connection, compared in full: no hash needed. */
  const rememberedOnConnection = (token: string, connection: object | undefined): AuthContext | undefined => {
    const last = connection ? lastOnConnection.get(connection) : undefined;
    if (last && last.token === token && last.expiresAtMs > now().getTime())
      return { sub: last.sub, email: last.email, token };
    return undefined;
  };

  /**
   * A token that passed before, by its hash (`key`, computed by the caller once for this lookup and a signature check
   * after a miss): its signature need not be checked again until it expires.
   */
  const rememberedWithKey = (key: string, token: string, connection: object | undefined) => {
    const known = verified.get(key);
    if (known && known.expiresAtMs > now().getTime())
      return keepOnConnection(connection, { ...known, token });
    verified.delete(key);
    return undefined;
  };

  const remembered = (token: string, connection?: object): AuthContext | undefined =>
    rememberedOnConnection(token, connection) ?? rememberedWithKey(keyOf(token), token, connection);

  const verify = async (token: string, connection?: object): Promise<AuthContext> => {
    const onConnection = rememberedOnConnection(token, connection);
    if (onConnection) return onConnection;
    const key = keyOf(token);
    return (
      rememberedWithKey(key, token, connection) ??
      keepOnConnection(connection, await checkSignature(key, token))
    );
  };
  return Object.assign(verify, { remembered });
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
