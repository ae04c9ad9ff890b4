import { describe, expect, it } from 'vitest';
import { parseDecimal } from './parse-decimal.ts';

describe('parseDecimal', () => {
  it('reads plain decimals exactly', () => {
    const result = parseDecimal('1000.10');
    expect(result.ok && result.value.toFixed()).toBe('1000.1');
    const tiny = parseDecimal('0.000000000000000001');
    expect(tiny.ok && tiny.value.toFixed()).toBe('0.000000000000000001');
  });

  it.each([
    'NaN',
    'Infinity',
    '-Infinity',
    '1e3',
    '1E-8',
    '0x10',
    '+1',
    ' 1',
    '1 ',
    '',
    '.5',
    '5.',
    '01',
    '1,000',
    '1_000',
    '--1',
    '9'.repeat(65),
  ])('refuses %j', (value) => {
    expect(parseDecimal(value)).toEqual({ ok: false, reason: 'not-a-decimal' });
  });

  it.each([1, null, undefined, {}, 1n])('refuses non-strings (%s)', (value) => {
    expect(parseDecimal(value).ok).toBe(false);
  });

  it('refuses negatives unless allowed', () => {
    expect(parseDecimal('-1')).toEqual({ ok: false, reason: 'negative' });
    const allowed = parseDecimal('-1.5', { allowNegative: true });
    expect(allowed.ok && allowed.value.toFixed()).toBe('-1.5');
  });

  it('refuses zero when asked to', () => {
    expect(parseDecimal('0.00', { allowZero: false })).toEqual({ ok: false, reason: 'zero' });
    expect(parseDecimal('-0', { allowZero: false })).toEqual({ ok: false, reason: 'zero' });
    expect(parseDecimal('0').ok).toBe(true);
  });

  it('refuses more decimals than allowed, ignoring trailing zeros', () => {
    expect(parseDecimal('10.001', { maxDecimals: 2 })).toEqual({ ok: false, reason: 'too-many-decimals' });
    expect(parseDecimal('10.100', { maxDecimals: 2 }).ok).toBe(true);
  });
});
