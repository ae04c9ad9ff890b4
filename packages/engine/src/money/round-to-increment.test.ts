import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money, ROUND_HALF_UP } from './money-decimal.ts';
import {
  isMultipleOf,
  nearestMultiple,
  priceDownToIncrement,
  priceUpToIncrement,
  quoteDownToIncrement,
  sizeDownToIncrement,
} from './round-to-increment.ts';

const s = (value: ReturnType<typeof money>) => value.toFixed();

describe('round to increment', () => {
  it('rounds a price below the reference down to the tick', () => {
    expect(s(priceDownToIncrement(money('182.678'), money('0.01')))).toBe('182.67');
    expect(s(priceDownToIncrement(money('182.67'), money('0.01')))).toBe('182.67');
  });

  it('rounds a price above the reference up to the tick, leaving exact multiples alone', () => {
    expect(s(priceUpToIncrement(money('190.1281'), money('0.01')))).toBe('190.13');
    expect(s(priceUpToIncrement(money('190.13'), money('0.01')))).toBe('190.13');
  });

  it('rounds up by a remainder far below the tick (no quotient truncation loses it)', () => {
    expect(s(priceUpToIncrement(money('1.00000000000000000000000000000001'), money('0.01')))).toBe('1.01');
  });

  it('handles increments that are not powers of ten', () => {
    expect(s(priceDownToIncrement(money('10.12'), money('0.05')))).toBe('10.1');
    expect(s(priceUpToIncrement(money('10.12'), money('0.05')))).toBe('10.15');
    expect(s(sizeDownToIncrement(money('7'), money('2.5')))).toBe('5');
  });

  it('floors sizes and quotes', () => {
    expect(s(sizeDownToIncrement(money('0.123456789'), money('0.00000001')))).toBe('0.12345678');
    expect(s(sizeDownToIncrement(money('12345.9'), money('1')))).toBe('12345');
    expect(s(quoteDownToIncrement(money('33.3333'), money('0.01')))).toBe('33.33');
  });

  it('floors to zero rather than going negative', () => {
    expect(s(sizeDownToIncrement(money('0.004'), money('0.01')))).toBe('0');
  });

  it('knows multiples', () => {
    expect(isMultipleOf(money('1.25'), money('0.05'))).toBe(true);
    expect(isMultipleOf(money('1.26'), money('0.05'))).toBe(false);
  });

  // Powers of ten take a rounding to k places instead of a division (round-to-increment.ts): the same multiple as
  // the division's, for every increment from 10^0 to 10^−18 and for increments that only look like one.
  it('rounds to a power-of-ten increment exactly as dividing by it does (and to the nearest as toNearest does)', () => {
    const byDivision = (value: ReturnType<typeof money>, increment: ReturnType<typeof money>) => {
      const floor = value.div(increment).floor().mul(increment);
      return { floor, ceil: floor.lt(value) ? floor.plus(increment) : floor };
    };
    const increments = [
      ...Array.from({ length: 19 }, (_, k) => money(10).pow(-k)),
      ...['0.05', '0.25', '2.5', '0.3', '0.0000002', '0.000000011', '1.1', '10', '100', '0.5'].map(money),
    ];
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 24 }),
        fc.constantFrom(...increments),
        (digits, scale, increment) => {
          const value = money(digits.toString()).div(money(10).pow(scale));
          const expected = byDivision(value, increment);
          expect(s(priceDownToIncrement(value, increment))).toBe(s(expected.floor));
          expect(s(priceUpToIncrement(value, increment))).toBe(s(expected.ceil));
          expect(s(nearestMultiple(value, increment))).toBe(s(value.toNearest(increment, ROUND_HALF_UP)));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
