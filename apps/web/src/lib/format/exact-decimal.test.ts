import { money, ROUND_DOWN, ROUND_HALF_UP } from '@cdca/engine';
import { describe, expect, it } from 'vitest';
import { EXACT_ZERO, exactDecimal, toCents } from './exact-decimal.ts';

/** Decimal strings of the wire's shape, from a fixed seed: prices, sizes, budgets and P&L of every sign and scale. */
const samples = (() => {
  let seed = 19;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed;
  };
  const values = [
    '0',
    '-0.004',
    '0.005',
    '-0.005',
    '0.00000001234',
    '123456789012.123456789012345678',
    '1.50',
  ];
  for (let i = 0; i < 200; i += 1) {
    const whole = String(next() % 10 ** (next() % 9));
    const decimals = next() % 19;
    const fraction = decimals === 0 ? '' : `.${String(next()).padStart(decimals, '0').slice(0, decimals)}`;
    values.push(`${next() % 3 === 0 ? '-' : ''}${whole}${fraction}`);
  }
  return values;
})();

const pairs = samples.map(
  (value, index) => [value, samples[(index * 7 + 3) % samples.length] ?? '1'] as const,
);

describe('exact decimal', () => {
  it('adds, subtracts and multiplies exactly as the engine decimal does', () => {
    for (const [a, b] of pairs) {
      const [x, y] = [exactDecimal(a), exactDecimal(b)];
      expect(x.plus(y).toFixed()).toBe(money(a).plus(b).toFixed());
      expect(x.minus(y).toFixed()).toBe(money(a).minus(b).toFixed());
      expect(x.times(y).toFixed()).toBe(money(a).mul(b).toFixed());
    }
  });

  it('divides to 30 decimals, cut toward zero like the engine decimal', () => {
    for (const [a, b] of pairs) {
      if (money(b).isZero()) continue;
      expect(exactDecimal(a).div(exactDecimal(b)).toFixed()).toBe(
        money(a).div(b).toDecimalPlaces(30, ROUND_DOWN).toFixed(),
      );
    }
    expect(exactDecimal('110').div(exactDecimal('100')).toFixed()).toBe('1.1');
    expect(() => exactDecimal('1').div(exactDecimal('0.00'))).toThrow();
  });

  it('rounds half away from zero to whole cents', () => {
    for (const value of samples) {
      const rounded = toCents(exactDecimal(value));
      const expected = money(value).toDecimalPlaces(2, ROUND_HALF_UP);
      expect(rounded.toFixed()).toBe(expected.toFixed());
      expect(rounded.eq(EXACT_ZERO)).toBe(expected.isZero());
      expect(rounded.lt(EXACT_ZERO)).toBe(expected.isNegative() && !expected.isZero());
    }
  });

  it('refuses what is not a plain decimal string, and a Number', () => {
    for (const value of ['', '1e3', '.5', '1.', ' 1', 'NaN', '+1']) {
      expect(() => exactDecimal(value)).toThrow(RangeError);
    }
    expect(() => exactDecimal('1').plus(0.1)).toThrow();
  });
});
