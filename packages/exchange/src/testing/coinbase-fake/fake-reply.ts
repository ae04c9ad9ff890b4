import { isExchangeError } from '@cdca/engine';

export type Reply = { status: number; body: unknown; headers?: Record<string, string> };

export const ok = (body: unknown): Reply => ({ status: 200, body });

// Coinbase answers an auth failure with a bare text body, not JSON.
export const unauthorized = (): Reply => ({ status: 401, body: 'Unauthorized' });

export const missingScope = (): Reply => ({
  status: 403,
  body: { error: 'unknown', error_details: 'Missing required scopes', message: 'Missing required scopes' },
});

export const permissionDenied = (): Reply => ({
  status: 403,
  body: {
    error: 'PERMISSION_DENIED',
    error_details: 'User does not have the correct permissions',
    message: 'User does not have the correct permissions',
  },
});

export const notFound = (what: string): Reply => ({
  status: 404,
  body: { error: 'NOT_FOUND', error_details: what, message: what },
});

export const invalidArgument = (what: string): Reply => ({
  status: 400,
  body: { error: 'INVALID_ARGUMENT', error_details: what, message: what },
});

/** Coinbase documents x-ratelimit-* only; a Retry-After (null: none) is what a proxy in front might add. */
export const tooManyRequests = (
  retryAfterSeconds: number | null,
  headers: Record<string, string> = {},
): Reply => ({
  status: 429,
  body: { errors: [{ id: 'rate_limit_exceeded', message: 'Too many requests' }] },
  headers: {
    ...(retryAfterSeconds === null ? {} : { 'retry-after': String(retryAfterSeconds) }),
    ...headers,
  },
});

export const serverError = (status: number): Reply => ({
  status,
  body: {
    error: status === 503 ? 'UNAVAILABLE' : 'INTERNAL',
    message: 'Internal server error',
    error_details: '',
  },
});

/** A venue error on a non-order endpoint, as Coinbase would answer it. */
export const replyForVenueError = (error: unknown, what: string): Reply => {
  if (!isExchangeError(error)) return serverError(500);
  switch (error.kind) {
    case 'not-found':
      return notFound(what);
    case 'unauthorized':
      return unauthorized();
    case 'forbidden':
      return permissionDenied();
    case 'rate-limited':
      return tooManyRequests(Math.ceil((error.retryAfterMs ?? 1000) / 1000));
    case 'unavailable':
      return serverError(503);
    default:
      return invalidArgument(error.message);
  }
};
