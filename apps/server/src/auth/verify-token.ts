import { createRemoteJWKSet, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';
import type { Config } from '../config.ts';
import { unauthorized } from '../lib/app-error.ts';

export type AuthContext = { sub: string; email: string | undefined; token: string };

export type TokenVerifier = (token: string) => Promise<AuthContext>;

/** Verifies an access token's signature, issuer, audience and expiry; anything off is a 401. */
export const createTokenVerifier = (auth: Config['auth'], getKey: JWTVerifyGetKey): TokenVerifier => {
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, getKey, {
        issuer: auth.issuer,
        audience: auth.audience,
        algorithms: ['RS256', 'ES256', 'PS256'],
      });
      if (!payload.sub) throw unauthorized('The access token has no subject.');
      const email = typeof payload.email === 'string' ? payload.email : undefined;
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
