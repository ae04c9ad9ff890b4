import { describe, expect, it } from 'vitest';
import { decimalsOf, formatExact, formatFixed, formatPercent, formatUsd } from './format-fixed.ts';
import { money } from './money-decimal.ts';

describe('formatting', () => {
  it('pads to the increment decimals', () => {
    expect(formatFixed(money('182.6'), decimalsOf(money('0.01')))).toBe('182.60');
    expect(formatFixed(money('5'), decimalsOf(money('1')))).toBe('5');
    expect(formatFixed(money('0.00000001'), 8)).toBe('0.00000001');
  });

  it('refuses to round silently', () => {
    expect(() => formatFixed(money('1.005'), 2)).toThrow(RangeError);
  });

  it('never prints an exponent', () => {
    expect(formatExact(money('0.0000000000000000001'))).toBe('0.0000000000000000001');
    expect(formatExact(money('1e25'))).toBe('10000000000000000000000000');
  });

  it('formats dollars and percents for messages', () => {
    expect(formatUsd(money('1234567.505'))).toBe('$1,234,567.51');
    expect(formatUsd(money('0.0746'))).toBe('$0.07');
    expect(formatUsd(money('-3.2'))).toBe('-$3.20');
    expect(formatPercent(money('0.006'))).toBe('0.60 %');
  });
});
