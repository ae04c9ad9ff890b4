import { type ExchangeError, isExchangeError } from '@cdca/engine';

/**
 * What an error means for the epic (docs/decisions/epic-states.md): recoverable trouble backs off in warning, unrecoverable
 * trouble stops in error, anything else is a bug or a crash and leaves the epic as it was for the next pass.
 */
export type Failure =
  | { kind: 'recoverable'; reason: string; retryAfterMs: number | null }
  | { kind: 'unrecoverable'; reason: string }
  | { kind: 'unknown' };

const recoverable = (reason: string, retryAfterMs: number | null = null): Failure => ({
  kind: 'recoverable',
  reason,
  retryAfterMs,
});

/** What each venue error kind means for the epic; the switch is exhaustive, so a new kind must be placed here. */
const exchangeFailure = (error: ExchangeError, productId: string): Failure => {
  switch (error.kind) {
    case 'insufficient-funds':
      return recoverable(
        `Not enough funds on the exchange for the next ${productId} order. Add funds; the epic retries by itself.`,
      );
    case 'rate-limited':
      return recoverable(
        'The exchange asked us to slow down. The epic retries by itself.',
        error.retryAfterMs,
      );
    case 'unavailable':
      return recoverable('The exchange is not answering. The epic retries by itself.');
    case 'product-unavailable':
      return recoverable(
        `Trading in ${productId} is halted on the exchange. Orders stay in place; the epic resumes when trading does.`,
      );
    case 'unauthorized':
    case 'forbidden':
      return {
        kind: 'unrecoverable',
        reason:
          'The exchange refused your API key (revoked, expired or without trade permission). Connect a new key, then cancel or liquidate this epic.',
      };
    case 'below-minimum':
    case 'invalid-order':
    case 'post-only-would-cross':
    case 'not-found':
      return { kind: 'unrecoverable', reason: `The exchange rejected an order: ${error.message}` };
  }
};

export const classifyFailure = (error: unknown, productId: string): Failure => {
  if (isExchangeError(error)) return exchangeFailure(error, productId);
  // Network timeouts surface as fetch aborts rather than ExchangeError on some paths.
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return recoverable('The exchange timed out. The epic retries by itself.');
  return { kind: 'unknown' };
};

/** 2 s doubling to 5 min; a venue's Retry-After wins when it asks for longer. */
export const backoffMs = (failures: number, retryAfterMs: number | null): number => {
  const exponential = Math.min(300_000, 2_000 * 2 ** Math.max(0, failures - 1));
  return Math.max(exponential, retryAfterMs ?? 0);
};
