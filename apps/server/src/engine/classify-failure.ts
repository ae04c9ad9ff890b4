import { isExchangeError } from '@cdca/exchange/exchange-error.ts';

/**
 * What an error means for the epic (DESIGN.md §5): recoverable trouble backs off in warning, unrecoverable
 * trouble stops in error, anything else is a bug or a crash and leaves the epic as it was for the next pass.
 */
export type Failure =
  | { kind: 'recoverable'; reason: string; retryAfterMs: number | null }
  | { kind: 'unrecoverable'; reason: string }
  | { kind: 'unknown' };

export const classifyFailure = (error: unknown, productId: string): Failure => {
  if (isExchangeError(error)) {
    switch (error.kind) {
      case 'insufficient-funds':
        return {
          kind: 'recoverable',
          reason: `Not enough funds on the exchange for the next ${productId} order. Add funds; the epic retries by itself.`,
          retryAfterMs: null,
        };
      case 'rate-limited':
        return {
          kind: 'recoverable',
          reason: 'The exchange asked us to slow down. The epic retries by itself.',
          retryAfterMs: error.retryAfterMs,
        };
      case 'unavailable':
        return {
          kind: 'recoverable',
          reason: 'The exchange is not answering. The epic retries by itself.',
          retryAfterMs: null,
        };
      case 'product-unavailable':
        return {
          kind: 'recoverable',
          reason: `Trading in ${productId} is halted on the exchange. Orders stay in place; the epic resumes when trading does.`,
          retryAfterMs: null,
        };
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
  }
  // Network timeouts surface as fetch aborts rather than ExchangeError on some paths.
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return {
      kind: 'recoverable',
      reason: 'The exchange timed out. The epic retries by itself.',
      retryAfterMs: null,
    };
  }
  return { kind: 'unknown' };
};

/** 2 s doubling to 5 min; a venue's Retry-After wins when it asks for longer. */
export const backoffMs = (failures: number, retryAfterMs: number | null): number => {
  const exponential = Math.min(300_000, 2_000 * 2 ** Math.max(0, failures - 1));
  return Math.max(exponential, retryAfterMs ?? 0);
};
