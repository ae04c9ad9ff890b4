import type { FastifyRequest } from 'fastify';
import { type AuthContext, bearerToken, type TokenVerifier } from '../auth/verify-token.ts';
import { unauthorized } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | undefined;
  }
}

/** onRequest hook for every signed-in route: a missing, forged, expired or wrong-audience token is a 401. */
export const createAuthenticate = (verifyToken: TokenVerifier) => async (request: FastifyRequest) => {
  request.auth = await verifyToken(bearerToken(request.headers.authorization));
};

/** The caller's verified identity; only reachable behind the authenticate hook. */
export const authOf = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw unauthorized();
  return request.auth;
};
