import { type MoneyDecimal, ROUND_CEIL, ROUND_FLOOR, ROUND_HALF_UP } from './money-decimal.ts';

/**
 * One helper per rounding rule of docs/decisions/epic-maths.md. All take positive increments; a venue's increments are
 * positive decimal strings, validated by parseDecimal before they get here.
 */

/**
 * The decimal places k when `increment` is 10^−k (0.01, 0.00000001, 1), else −1. Venues' increments almost always
 * are, and a multiple of 10^−k is then a plain rounding to k places: no 60-digit division (the backtest plans a
 * ladder per start, docs/decisions/backtest-replay.md "Cost per start"). A power of ten has one significant digit,
 * a 1, which decimal.js keeps as the first base-10^7 word 10^j.
 */
const powerOfTenPlaces = (increment: MoneyDecimal): number => {
  if (increment.e > 0 || increment.sd() !== 1) return -1;
  const word = increment.d[0];
  return word === 1 ||
    word === 10 ||
    word === 100 ||
    word === 1e3 ||
    word === 1e4 ||
    word === 1e5 ||
    word === 1e6
    ? -increment.e
    : -1;
};

/** Largest multiple of `increment` ≤ value. Truncating division is exact when the quotient is whole. */
const floorToMultiple = (value: MoneyDecimal, increment: MoneyDecimal): MoneyDecimal => {
  const places = powerOfTenPlaces(increment);
  if (places >= 0) return value.toDecimalPlaces(places, ROUND_FLOOR);
  return value.div(increment).floor().mul(increment);
};

/**
 * Smallest multiple of `increment` ≥ value. Floor then step up when short, rather than ceil of a rounded
 * quotient, so a quotient truncated at the 60th digit can never round a true remainder away.
 */
const ceilToMultiple = (value: MoneyDecimal, increment: MoneyDecimal): MoneyDecimal => {
  const places = powerOfTenPlaces(increment);
  if (places >= 0) return value.toDecimalPlaces(places, ROUND_CEIL);
  const floor = floorToMultiple(value, increment);
  return floor.lt(value) ? floor.plus(increment) : floor;
};

/** Buy levels below the reference price: rounding down keeps the level at or below the planned discount. */
export const priceDownToIncrement = floorToMultiple;

/** Levels above the reference, take-profits and break-evens: rounding up never sells below the target. */
export const priceUpToIncrement = ceilToMultiple;

/** Order sizes: rounding down never buys more than the level's quote nor sells more than is held. */
export const sizeDownToIncrement = floorToMultiple;

/** Quote budgets: rounding down never spends a cent more than the trader gave. */
export const quoteDownToIncrement = floorToMultiple;

/** The multiple of `increment` nearest to value, halves up: where a float stands for a price on the grid. */
export const nearestMultiple = (value: MoneyDecimal, increment: MoneyDecimal): MoneyDecimal => {
  const places = powerOfTenPlaces(increment);
  return places >= 0
    ? value.toDecimalPlaces(places, ROUND_HALF_UP)
    : value.toNearest(increment, ROUND_HALF_UP);
};

export const isMultipleOf = (value: MoneyDecimal, increment: MoneyDecimal): boolean =>
  floorToMultiple(value, increment).eq(value);

/**
 * Smallest multiple of `increment` ≥ numerator / denominator, decided by exact multiplication rather than by
 * a quotient truncated at 60 digits — for take-profits and break-evens, where one tick too low sells at a loss.
 */
export const ratioUpToIncrement = (
  numerator: MoneyDecimal,
  denominator: MoneyDecimal,
  increment: MoneyDecimal,
): MoneyDecimal => {
  const steps = numerator.div(denominator.mul(increment)).floor();
  return steps.mul(increment).mul(denominator).lt(numerator)
    ? steps.plus(1).mul(increment)
    : steps.mul(increment);
};
