import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { type AuthContext, bearerToken, type TokenVerifier } from '../auth/verify-token.ts';
import { unauthorized } from '../lib/app-error.ts';
import { type MaybePromise, whenReady } from '../lib/maybe-promise.ts';

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
type VerifiedRequest = FastifyRequest & { [verification]?: MaybePromise<AuthContext> };

/** A remembered token answers now; any other waits for its signature check, and a malformed header is refused. */
const verifyHeader = (
  header: string | undefined,
  connection: object,
  verifyToken: TokenVerifier,
): MaybePromise<AuthContext> => {
  let token: string;
  try {
    token = bearerToken(header);
  } catch (error) {
    return Promise.reject(error);
  }
  return verifyToken.remembered(token, connection) ?? verifyToken(token, connection);
};

/**
 * The request's bearer token verified (or refused), at most once per request whoever asks first: the caller's
 * identity at once when its token was verified before, a promise otherwise (docs/decisions/request-fast-path.md).
 */
export const verifyRequestToken = (
  request: FastifyRequest,
  verifyToken: TokenVerifier,
): MaybePromise<AuthContext> => {
  const held = request as VerifiedRequest;
  let verified = held[verification];
  if (verified === undefined) {
    verified = verifyHeader(request.headers.authorization, request.raw.socket, verifyToken);
    held[verification] = verified;
  }
  return verified;
};

/** onRequest hook for every signed-in route: a missing, forged, expired or wrong-audience token is a 401. */
export const createAuthenticate =
  (verifyToken: TokenVerifier): onRequestHookHandler =>
  (request, _reply, done) =>
    whenReady(
      verifyRequestToken(request, verifyToken),
      (auth) => {
        request.auth = auth;
        done();
      },
      done,
    );

/** The caller's verified identity; only reachable behind the authenticate hook. */
export const authOf = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw unauthorized();
  return request.auth;
};
