import { describe, expect, it } from 'vitest';
import {
  changeDirection,
  formatCompactUsd,
  formatCrypto,
  formatPercent,
  formatPrice,
  formatRatioAsPercent,
  formatSignedUsd,
  formatUsd,
} from './number.ts';

describe('formatUsd', () => {
  it('shows dollars with thousands separators and cents', () => {
    expect(formatUsd('10000')).toBe('$10,000.00');
    expect(formatUsd('0.5')).toBe('$0.50');
    expect(formatUsd('1234567.891')).toBe('$1,234,567.89');
  });

  it('falls back to zero for text that is not a number', () => {
    expect(formatUsd('n/a')).toBe('$0.00');
  });
});

describe('formatPrice', () => {
  it('uses cents from a dollar up', () => {
    expect(formatPrice('64250.5')).toBe('$64,250.50');
    expect(formatPrice('1')).toBe('$1.00');
  });

  it('keeps four decimals below a dollar and four significant digits below a cent', () => {
    expect(formatPrice('0.4567')).toBe('$0.4567');
    expect(formatPrice('0.00001234')).toBe('$0.00001234');
    expect(formatPrice('0.000012')).toBe('$0.000012');
  });
});

describe('formatPercent', () => {
  it('signs the change and uses a true minus sign', () => {
    expect(formatPercent('3.254')).toBe('+3.25%');
    expect(formatPercent('-1.5')).toBe('−1.50%');
  });

  it('shows a flat change without a sign', () => {
    expect(formatPercent('0')).toBe('0.00%');
    expect(formatPercent('-0.001')).toBe('0.00%');
  });
});

describe('formatRatioAsPercent', () => {
  it('turns a 24 h price ratio into a change', () => {
    expect(formatRatioAsPercent('1.1250')).toBe('+12.50%');
    expect(formatRatioAsPercent('0.9')).toBe('−10.00%');
  });
});

describe('formatCompactUsd and formatCrypto', () => {
  it('abbreviates large volumes', () => {
    expect(formatCompactUsd('1234000000')).toBe('$1.23B');
  });

  it('shows up to 8 decimals of a coin without trailing zeros', () => {
    expect(formatCrypto('0.123456789', 'BTC')).toBe('0.12345679 BTC');
    expect(formatCrypto('2.50000000', 'SOL')).toBe('2.5 SOL');
  });
});

describe('changeDirection', () => {
  it('is up, down or flat', () => {
    expect(changeDirection('2.1')).toBe('up');
    expect(changeDirection('-0.3')).toBe('down');
    expect(changeDirection('0.001')).toBe('flat');
  });
});

describe('formatSignedUsd', () => {
  it('signs profits and losses, and leaves zero bare', () => {
    expect(formatSignedUsd('12.5')).toBe('+$12.50');
    expect(formatSignedUsd('-3.2')).toBe('−$3.20');
    expect(formatSignedUsd('-0.001')).toBe('$0.00');
  });
});
