import type { MoneyDecimal } from './money-decimal.ts';

/**
 * One helper per rounding rule of docs/decisions/epic-maths.md. All take positive increments; a venue's increments are
 * positive decimal strings, validated by parseDecimal before they get here.
 */

/** Largest multiple of `increment` ≤ value. Truncating division is exact when the quotient is whole. */
const floorToMultiple = (value: MoneyDecimal, increment: MoneyDecimal): MoneyDecimal =>
  value.div(increment).floor().mul(increment);

/**
 * Smallest multiple of `increment` ≥ value. Floor then step up when short, rather than ceil of a rounded
 * quotient, so a quotient truncated at the 60th digit can never round a true remainder away.
 */
const ceilToMultiple = (value: MoneyDecimal, increment: MoneyDecimal): MoneyDecimal => {
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
