import { Decimal } from 'decimal.js';

/**
 * The engine's own Decimal. 60 significant digits hold any product of a price, a size and a fee rate exactly
 * (each has at most ~18 decimals), so the only rounding that ever happens is the explicit one in
 * round-to-increment.ts. The default mode is ROUND_DOWN so an unplanned rounding never favours the trader's
 * books over the exchange's. Plain notation up to 1e±60 so `toFixed()` never prints an exponent.
 */
export const MoneyDecimal = Decimal.clone({
  precision: 60,
  rounding: Decimal.ROUND_DOWN,
  toExpNeg: -60,
  toExpPos: 60,
});
export type MoneyDecimal = Decimal;

export const money = (value: Decimal.Value): MoneyDecimal => new MoneyDecimal(value);

export const ZERO = money(0);
export const ONE = money(1);
export const HUNDRED = money(100);

/** Whole cents: budgets and level quotes are split to the cent (docs/decisions/epic-maths.md). */
export const CENT = money('0.01');

export const ROUND_UP = Decimal.ROUND_UP;
export const ROUND_DOWN = Decimal.ROUND_DOWN;
export const ROUND_HALF_UP = Decimal.ROUND_HALF_UP;
export const ROUND_FLOOR = Decimal.ROUND_FLOOR;
export const ROUND_CEIL = Decimal.ROUND_CEIL;
