import { z } from 'zod/mini';

/** A decimal number as a string, possibly negative: money and prices never travel as floats. */
export const ZDecimal = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));

/**
 * What a trader types: a plain non-negative decimal, with no sign, exponent, spaces or leading zeros ('0.5', '12',
 * not '.5', '1e3'), so the engine's parser and the browser's preview read the same number.
 */
export const ZPlainDecimal = z
  .string()
  .check(z.maxLength(40), z.regex(/^(0|[1-9]\d*)(\.\d+)?$/, 'a plain decimal such as 12.50'));
