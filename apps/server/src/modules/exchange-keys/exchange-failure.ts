import { isExchangeError } from '@cdca/engine';
import { AppError } from '../../lib/app-error.ts';

/**
 * Translates what the exchange said about a key into our error codes. Anything the venue did not explain
 * (down, rate limited, a network failure) is "unavailable": the key may be fine, try again later.
 */
export const keyCheckFailure = (error: unknown): unknown => {
  // Not the venue's answer but our bug: let it surface as a logged 500 rather than pass for an outage.
  if (!isExchangeError(error)) return error;
  if (isExchangeError(error, 'unauthorized') || isExchangeError(error, 'forbidden')) {
    return new AppError(
      422,
      'api-key-invalid',
      'The exchange did not accept this key. Check that it is active and copied in full, or create a new one.',
    );
  }
  return exchangeUnavailable();
};

export const exchangeUnavailable = () =>
  new AppError(
    503,
    'exchange-unavailable',
    'The exchange cannot be reached right now. Try again in a minute.',
  );
