/** What went wrong, in the engine's words rather than the venue's. */
export type ExchangeErrorKind =
  | 'insufficient-funds'
  | 'below-minimum'
  | 'invalid-order'
  | 'post-only-would-cross'
  | 'product-unavailable'
  | 'rate-limited'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'unavailable';

/** Kinds worth retrying with back-off; the others need a change before trying again. */
export const RETRYABLE_KINDS: ReadonlySet<ExchangeErrorKind> = new Set(['rate-limited', 'unavailable']);

export class ExchangeError extends Error {
  readonly kind: ExchangeErrorKind;
  /** What the venue said, for logs and support (never key material). */
  readonly venueCode: string | null;
  /** Set for rate-limited: how long to wait before the next request. */
  readonly retryAfterMs: number | null;

  constructor(
    kind: ExchangeErrorKind,
    message: string,
    options: { venueCode?: string | null; retryAfterMs?: number | null; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ExchangeError';
    this.kind = kind;
    this.venueCode = options.venueCode ?? null;
    this.retryAfterMs = options.retryAfterMs ?? null;
  }

  get retryable(): boolean {
    return RETRYABLE_KINDS.has(this.kind);
  }
}

export const isExchangeError = (error: unknown, kind?: ExchangeErrorKind): error is ExchangeError =>
  error instanceof ExchangeError && (kind === undefined || error.kind === kind);
