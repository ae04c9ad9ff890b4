import { type MoneyDecimal, money } from './money-decimal.ts';

export type ParseDecimalOptions = {
  allowNegative?: boolean;
  allowZero?: boolean;
  /** Refuse more decimals than this (a budget in cents: 2). */
  maxDecimals?: number;
};

export type ParseDecimalResult =
  | { ok: true; value: MoneyDecimal }
  | { ok: false; reason: 'not-a-decimal' | 'negative' | 'zero' | 'too-many-decimals' };

/**
 * Plain decimals only: no exponent ('1e3' hides magnitude), no '+', spaces, hex, 'NaN', 'Infinity', leading
 * zeros or bare points ('.5', '5.'). A value from a form or the wire either reads exactly as written or is refused.
 */
const PLAIN_DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/** Longer than any real amount; refusing early keeps a hostile string from costing a big-number parse. */
const MAX_LENGTH = 64;

export const parseDecimal = (value: unknown, options: ParseDecimalOptions = {}): ParseDecimalResult => {
  if (typeof value !== 'string' || value.length > MAX_LENGTH || !PLAIN_DECIMAL.test(value)) {
    return { ok: false, reason: 'not-a-decimal' };
  }
  const parsed = money(value);
  if (parsed.isNegative() && !parsed.isZero() && !options.allowNegative)
    return { ok: false, reason: 'negative' };
  if (parsed.isZero() && options.allowZero === false) return { ok: false, reason: 'zero' };
  if (options.maxDecimals !== undefined && parsed.decimalPlaces() > options.maxDecimals) {
    return { ok: false, reason: 'too-many-decimals' };
  }
  return { ok: true, value: parsed };
};
