import { describe, expect, it } from 'vitest';
import { money } from './money-decimal.ts';
import {
  isMultipleOf,
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
});
