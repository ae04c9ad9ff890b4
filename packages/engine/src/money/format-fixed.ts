import type { Decimal } from 'decimal.js';
import { HUNDRED, type MoneyDecimal, ROUND_DOWN, ROUND_HALF_UP, ROUND_UP } from './money-decimal.ts';

/** Decimals a value on this increment needs: '0.01' → 2, '1' → 0, '0.00000001' → 8. */
export const decimalsOf = (increment: MoneyDecimal): number => increment.decimalPlaces();

/**
 * A wire string with exactly `decimals` decimals. Formatting never rounds: a value with more decimals is a bug
 * upstream (a missing round-to-increment), so it throws instead of silently moving money.
 */
export const formatFixed = (value: MoneyDecimal, decimals: number): string => {
  if (value.decimalPlaces() > decimals) {
    throw new RangeError(`${value.toFixed()} has more than ${decimals} decimals; round it first`);
  }
  return value.toFixed(decimals);
};

/** Exact plain string with no exponent and no trailing zeros, for derived amounts (cost, fees). */
export const formatExact = (value: MoneyDecimal): string => value.toFixed();

/** '$1,234.50' for messages a trader reads; display only, so it may round half up. */
export const formatUsd = (value: MoneyDecimal, rounding: Decimal.Rounding = ROUND_HALF_UP): string => {
  const [whole = '0', cents = '00'] = value.abs().toFixed(2, rounding).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value.isNegative() && !value.isZero() ? '-' : ''}$${grouped}.${cents}`;
};

/** '0.60 %' from a fraction 0.006, for messages. */
export const formatPercent = (fraction: MoneyDecimal): string =>
  `${fraction.mul(HUNDRED).toFixed(2, ROUND_HALF_UP)} %`;

/**
 * For an amount a sentence compares with a limit: rounded toward the side that keeps the sentence true
 * ("$0.99, below the minimum of $1.00", never "$1.00, below … $1.00") — docs/decisions/plan-advice.md.
 */
export const formatUsdDown = (value: MoneyDecimal): string => formatUsd(value, ROUND_DOWN);
export const formatUsdUp = (value: MoneyDecimal): string => formatUsd(value, ROUND_UP);
