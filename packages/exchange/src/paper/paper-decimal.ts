import { Decimal } from 'decimal.js';

/**
 * The paper venue's own Decimal: 40 significant digits and ROUND_DOWN by default, so an unrounded result never
 * quietly rounds in the trader's favour. Every amount the venue stores has at most 18 decimals (numeric(38, 18)).
 */
export const PaperDecimal = Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_DOWN,
  toExpNeg: -30,
  toExpPos: 40,
});
export type PaperDecimal = Decimal;

export const SCALE = 18;

export const dec = (value: Decimal.Value): Decimal => new PaperDecimal(value);

export const ZERO = dec(0);

/** Plain decimal string, never exponent notation (1e-8 would break parsers on the other side). */
export const str = (value: Decimal): string => value.toFixed();

/** A finite decimal string, or undefined for anything else ('1e3', '', 'NaN', ' 1'). */
export const parseDecimal = (value: unknown): Decimal | undefined => {
  if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value)) return undefined;
  return dec(value);
};

export const isMultipleOf = (value: Decimal, increment: Decimal.Value) => value.mod(increment).isZero();

export const floorTo = (value: Decimal, increment: Decimal.Value) =>
  value.div(increment).toDecimalPlaces(0, Decimal.ROUND_FLOOR).mul(increment);

export const ceilTo = (value: Decimal, increment: Decimal.Value) =>
  value.div(increment).toDecimalPlaces(0, Decimal.ROUND_CEIL).mul(increment);

export const roundTo = (value: Decimal, increment: Decimal.Value) =>
  value.div(increment).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).mul(increment);

/** Fees round up to the stored scale: the venue never under-charges by a rounding error. */
export const feeOf = (notional: Decimal, rate: Decimal.Value) =>
  notional.mul(rate).toDecimalPlaces(SCALE, Decimal.ROUND_UP);
