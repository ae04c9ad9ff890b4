import { money } from '@cdca/engine';

/** What numeric's text looks like: an optional sign, digits without leading zeros, an optional fraction. */
const NUMERIC_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?$/;
const TRAILING_ZEROS = /\.?0+$/;

/**
 * numeric(38,18) columns come back as '12.500000000000000000'; the wire carries '12.5'. The text is trimmed as a
 * string: for numeric's own text that is exactly what decimal.js's toFixed() gives, without parsing a decimal
 * for every figure of every event (bench/README.md, "What the worker reads of an epic"). Anything else is
 * parsed.
 */
export const plainDecimal = (value: string): string => {
  if (!NUMERIC_TEXT.test(value)) return money(value).toFixed();
  const trimmed = value.includes('.') ? value.replace(TRAILING_ZEROS, '') : value;
  return trimmed === '-0' ? '0' : trimmed;
};

export const plainDecimalOrNull = (value: string | null): string | null =>
  value === null ? null : plainDecimal(value);
