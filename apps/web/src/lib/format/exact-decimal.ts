import Big from 'big.js';

/**
 * The exact decimal of the figures every signed-in page computes (profit colours, the dashboard's portfolio and
 * P&L): big.js, ~3 KB gzip, where the engine's decimal.js would put 13 KB on the first paint for five operations
 * (docs/decisions/code-splitting.md). A constructor of its own, so its settings are nobody else's: sums,
 * differences, products and rounding are exact; a quotient (only ever a percentage here) keeps QUOTIENT_DECIMALS
 * decimals, cut toward zero like the engine's ROUND_DOWN decimal; strict, so a Number (already rounded by the
 * platform) is refused instead of trusted.
 */
export const ExactDecimal = Big();
export type ExactDecimal = Big;

/** Far below anything shown (percentages with two decimals), far above what a Number carries. */
export const QUOTIENT_DECIMALS = 30;

ExactDecimal.DP = QUOTIENT_DECIMALS;
ExactDecimal.RM = Big.roundDown;
ExactDecimal.strict = true;

/** The wire's decimal strings (contracts' ZDecimal): an optional minus, digits, an optional fraction. */
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** A wire decimal string as an exact decimal; anything else (exponents, '.5', blanks) is a RangeError. */
export const exactDecimal = (value: string): ExactDecimal => {
  if (!DECIMAL.test(value)) throw new RangeError(`Not a decimal string: "${value}"`);
  return new ExactDecimal(value);
};

export const EXACT_ZERO = exactDecimal('0');

/** Rounded to whole cents, half away from zero (decimal.js's ROUND_HALF_UP), as figures are shown. */
export const toCents = (value: ExactDecimal): ExactDecimal => value.round(2, Big.roundHalfUp);
