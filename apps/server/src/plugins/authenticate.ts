import type { FastifyRequest } from 'fastify';
import { type AuthContext, bearerToken, type TokenVerifier } from '../auth/verify-token.ts';
import { unauthorized } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | undefined;
  }
}

/**
 * Each request's verification, so the rate limit (which counts per account) and this hook check its token once. Kept
 * on the request itself: a WeakMap keyed by short-lived requests cost ~1 % of a cached read in its bookkeeping
 * (docs/decisions/catalogue-in-memory.md, "Third pass").
 */
const verification = Symbol('token verification');
type VerifiedRequest = FastifyRequest & { [verification]?: Promise<AuthContext> };

/** The request's bearer token verified (or refused), at most once per request whoever asks first. */
export const verifyRequestToken = (request: FastifyRequest, verifyToken: TokenVerifier) => {
  const held = request as VerifiedRequest;
  let verified = held[verification];
  if (!verified) {
    const header = request.headers.authorization;
    verified = Promise.resolve().then(() => verifyToken(bearerToken(header), request.raw.socket));
    held[verification] = verified;
  }
  return verified;
};

/** onRequest hook for every signed-in route: a missing, forged, expired or wrong-audience token is a 401. */
export const createAuthenticate = (verifyToken: TokenVerifier) => async (request: FastifyRequest) => {
  request.auth = await verifyRequestToken(request, verifyToken);
};

/** The caller's verified identity; only reachable behind the authenticate hook. */
export const authOf = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw unauthorized();
  return request.auth;
};
