import { describe, expect, it } from 'vitest';
import { httpError, orderFailureError } from './wire-errors.ts';

describe('Coinbase error mapping', () => {
  it.each([
    [
      { error: 'INSUFFICIENT_FUND', preview_failure_reason: 'PREVIEW_INSUFFICIENT_FUND' },
      'insufficient-funds',
    ],
    [{ error: 'INSUFFICIENT_FUNDS' }, 'insufficient-funds'],
    [{ error: 'INVALID_LIMIT_PRICE_POST_ONLY' }, 'post-only-would-cross'],
    [
      { error: 'UNKNOWN_FAILURE_REASON', preview_failure_reason: 'PREVIEW_INVALID_LIMIT_PRICE_POST_ONLY' },
      'post-only-would-cross',
    ],
    [{ error: 'INVALID_SIZE_PRECISION' }, 'invalid-order'],
    [{ error: 'INVALID_PRICE_PRECISION' }, 'invalid-order'],
    [
      { error: 'UNKNOWN_FAILURE_REASON', preview_failure_reason: 'PREVIEW_INVALID_QUOTE_SIZE_TOO_SMALL' },
      'below-minimum',
    ],
    [{ error: 'UNTRADABLE_PRODUCT' }, 'product-unavailable'],
    [{ error: 'INVALID_PRODUCT_ID' }, 'product-unavailable'],
    [{ error: 'PERMISSION_DENIED' }, 'forbidden'],
    [{ error: 'SOMETHING_NEW' }, 'invalid-order'],
  ] as const)('maps %o to %s', (response, kind) => {
    const error = orderFailureError(response);
    expect(error.kind).toBe(kind);
    expect(error.venueCode).not.toBe('UNKNOWN_FAILURE_REASON');
  });

  const headers = (init: Record<string, string> = {}) => new Headers(init);
  it('maps HTTP statuses', () => {
    expect(httpError(401, 'Unauthorized', headers(), 0).kind).toBe('unauthorized');
    expect(
      httpError(403, { error: 'unknown', error_details: 'Missing required scopes' }, headers(), 0),
    ).toMatchObject({
      kind: 'forbidden',
      message: 'The API key lacks a permission: Missing required scopes',
    });
    expect(httpError(404, { error: 'NOT_FOUND' }, headers(), 0).kind).toBe('not-found');
    expect(httpError(500, '', headers(), 0).kind).toBe('unavailable');
    expect(httpError(503, '', headers(), 0).retryable).toBe(true);
    expect(httpError(400, { error: 'INVALID_ARGUMENT' }, headers(), 0).kind).toBe('invalid-order');
  });

  it('reads how long to wait from Retry-After or the rate-limit reset header', () => {
    expect(httpError(429, {}, headers({ 'retry-after': '3' }), 0).retryAfterMs).toBe(3000);
    const at = new Date(10_000).toUTCString();
    expect(httpError(429, {}, headers({ 'retry-after': at }), 4_000).retryAfterMs).toBe(6000);
    expect(
      httpError(429, {}, headers({ 'x-ratelimit-reset': '1700000002' }), 1_700_000_000_500).retryAfterMs,
    ).toBe(1500);
    expect(httpError(429, {}, headers(), 0)).toMatchObject({ kind: 'rate-limited', retryAfterMs: 1000 });
  });
});
