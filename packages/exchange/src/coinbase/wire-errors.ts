import { ExchangeError, type ExchangeErrorKind } from '@cdca/engine';
import type { TErrorResponse } from './wire.ts';

// Order rejections come back as HTTP 200 + success:false; the reason sits in error_response.error,
// new_order_failure_reason or preview_failure_reason (the latter with a PREVIEW_ prefix).
const ORDER_FAILURE_KINDS: Record<string, ExchangeErrorKind> = {
  INSUFFICIENT_FUND: 'insufficient-funds',
  INSUFFICIENT_FUNDS: 'insufficient-funds',
  INVALID_LEDGER_BALANCE: 'insufficient-funds',
  INVALID_LIMIT_PRICE_POST_ONLY: 'post-only-would-cross',
  INVALID_SIZE_PRECISION: 'invalid-order',
  INVALID_PRICE_PRECISION: 'invalid-order',
  INVALID_QUOTE_SIZE_PRECISION: 'invalid-order',
  INVALID_LIMIT_PRICE: 'invalid-order',
  INVALID_SIDE: 'invalid-order',
  INVALID_REQUEST: 'invalid-order',
  INVALID_ARGUMENT: 'invalid-order',
  UNSUPPORTED_ORDER_CONFIGURATION: 'invalid-order',
  LIMIT_PRICE_TOO_FAR_FROM_MARKET: 'invalid-order',
  INVALID_NO_LIQUIDITY: 'invalid-order',
  INVALID_BASE_SIZE_TOO_SMALL: 'below-minimum',
  INVALID_QUOTE_SIZE_TOO_SMALL: 'below-minimum',
  INVALID_BASE_SIZE_TOO_LARGE: 'invalid-order',
  INVALID_QUOTE_SIZE_TOO_LARGE: 'invalid-order',
  INVALID_PRODUCT_ID: 'product-unavailable',
  UNTRADABLE_PRODUCT: 'product-unavailable',
  ORDER_ENTRY_DISABLED: 'product-unavailable',
  INELIGIBLE_PAIR: 'product-unavailable',
  GEOFENCING_RESTRICTION: 'forbidden',
  PERMISSION_DENIED: 'forbidden',
};

const GENERIC_REASONS = new Set(['UNKNOWN_FAILURE_REASON', 'UNKNOWN_PREVIEW_FAILURE_REASON', '']);

const kindOf = (reason: string | undefined): ExchangeErrorKind | undefined => {
  if (reason === undefined) return undefined;
  // PREVIEW_INSUFFICIENT_FUND, PREVIEW_INVALID_BASE_SIZE_TOO_SMALL … share the create-order meaning.
  return ORDER_FAILURE_KINDS[reason.replace(/^PREVIEW_/, '')];
};

/** The most specific reason Coinbase gave: `error` is often the generic UNKNOWN_FAILURE_REASON. */
export const orderFailureReason = (response: TErrorResponse | undefined, topLevel?: string): string => {
  const candidates = [
    response?.error,
    response?.new_order_failure_reason,
    response?.preview_failure_reason,
    topLevel,
  ];
  return (
    candidates.find((reason) => reason !== undefined && !GENERIC_REASONS.has(reason)) ??
    'UNKNOWN_FAILURE_REASON'
  );
};

export const orderFailureError = (response: TErrorResponse | undefined, topLevel?: string): ExchangeError => {
  const reasons = [
    response?.error,
    response?.new_order_failure_reason,
    response?.preview_failure_reason,
    topLevel,
  ];
  const kind = reasons.map(kindOf).find((found) => found !== undefined) ?? 'invalid-order';
  const venueCode = orderFailureReason(response, topLevel);
  const detail = response?.message || response?.error_details || venueCode;
  return new ExchangeError(kind, `Coinbase rejected the order: ${detail}`, { venueCode });
};

/** How long a rate-limited client waits: Retry-After if sent, else Coinbase's documented x-ratelimit-reset. */
export const rateLimitWaitMs = (headers: Headers, nowMs: number): number => {
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const at = Date.parse(retryAfter);
    if (Number.isFinite(at)) return Math.max(0, at - nowMs);
  }
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (headers.has('x-ratelimit-reset') && Number.isFinite(reset)) {
    // Coinbase documents the header but not its unit; an epoch is in seconds, anything small is a delay.
    return reset > 1e9 ? Math.max(0, reset * 1000 - nowMs) : Math.max(0, reset * 1000);
  }
  return 1000;
};

const venueCodeOf = (body: unknown): string | null => {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  if (typeof record.error === 'string') return record.error;
  // Legacy v2 / rate-limit style: {"errors":[{"id":"rate_limit_exceeded","message":"…"}]}
  const first = Array.isArray(record.errors)
    ? (record.errors[0] as Record<string, unknown> | undefined)
    : undefined;
  return typeof first?.id === 'string' ? first.id : null;
};

const messageOf = (body: unknown): string | null => {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  for (const key of ['error_details', 'message']) {
    const value = record[key];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return null;
};

/** Turns a non-2xx Coinbase answer into our error kinds. `body` is parsed JSON or the raw text. */
export const httpError = (status: number, body: unknown, headers: Headers, nowMs: number): ExchangeError => {
  const venueCode = venueCodeOf(body);
  const said = messageOf(body) ?? (typeof body === 'string' && body.length < 200 ? body : null);
  const detail = said ? `: ${said}` : '';
  if (status === 401) {
    // Bad signature, expired JWT, wrong uri claim or a revoked key all look the same from here.
    return new ExchangeError('unauthorized', `Coinbase refused the API key${detail}`, { venueCode });
  }
  if (status === 403)
    return new ExchangeError('forbidden', `The API key lacks a permission${detail}`, { venueCode });
  if (status === 404) return new ExchangeError('not-found', `Not found on Coinbase${detail}`, { venueCode });
  if (status === 429) {
    return new ExchangeError('rate-limited', 'Coinbase rate limit reached', {
      venueCode,
      retryAfterMs: rateLimitWaitMs(headers, nowMs),
    });
  }
  if (status >= 500)
    return new ExchangeError('unavailable', `Coinbase is unavailable (${status})`, { venueCode });
  if (status === 400 && venueCode !== null && kindOf(venueCode) !== undefined) {
    return new ExchangeError(kindOf(venueCode) ?? 'invalid-order', `Coinbase refused the request${detail}`, {
      venueCode,
    });
  }
  return new ExchangeError('invalid-order', `Coinbase refused the request (${status})${detail}`, {
    venueCode,
  });
};
