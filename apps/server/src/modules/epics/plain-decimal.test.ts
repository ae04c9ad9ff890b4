import { money } from '@cdca/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainDecimal, plainDecimalOrNull } from './plain-decimal.ts';

/** numeric(38,18)'s text: up to 20 integer digits, always 18 fraction digits, an optional minus. */
const numericText = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 38n - 1n }))
  .map(([negative, units]) => {
    const digits = units.toString().padStart(19, '0');
    return `${negative ? '-' : ''}${digits.slice(0, -18)}.${digits.slice(-18)}`;
  });

describe('plainDecimal', () => {
  it("gives exactly decimal.js's plain text for any numeric(38,18) value", () => {
    fc.assert(
      fc.property(numericText, (text) => {
        expect(plainDecimal(text)).toBe(money(text).toFixed());
      }),
      { numRuns: 2000 },
    );
  });

  it('trims whole numbers, zeros and signs as the wire expects', () => {
    expect(plainDecimal('12.500000000000000000')).toBe('12.5');
    expect(plainDecimal('100.000000000000000000')).toBe('100');
    expect(plainDecimal('0.000000000000000000')).toBe('0');
    expect(plainDecimal('-0.000000000000000000')).toBe('0');
    expect(plainDecimal('-3.100000000000000000')).toBe('-3.1');
    expect(plainDecimal('100')).toBe('100');
    expect(plainDecimalOrNull(null)).toBeNull();
  });

  it('parses what is not numeric text, as before', () => {
    expect(plainDecimal('1e-7')).toBe('0.0000001');
    expect(plainDecimal('00.50')).toBe('0.5');
    expect(plainDecimal('.5')).toBe('0.5');
    expect(() => plainDecimal('twelve')).toThrow();
  });
});
