import { describe, expect, it } from 'vitest';
import { timeLeft } from './billing-dates.ts';

const DUE = '2026-03-10T12:00:00.000Z';
const before = (ms: number) => Date.parse(DUE) - ms;
const HOUR = 3_600_000;

describe('timeLeft', () => {
  it('does not jump a whole day a minute after a payment is created', () => {
    expect(timeLeft(DUE, before(120 * HOUR))).toBe('in 5 days');
    expect(timeLeft(DUE, before(120 * HOUR - 60_000))).toBe('in 4 days, 23 hours');
  });

  it('rounds down through hours and minutes, and says overdue at the instant', () => {
    expect(timeLeft(DUE, before(49 * HOUR))).toBe('in 2 days, 1 hour');
    expect(timeLeft(DUE, before(48 * HOUR - 1))).toBe('in 47 hours');
    expect(timeLeft(DUE, before(HOUR))).toBe('in 1 hour');
    expect(timeLeft(DUE, before(HOUR - 1))).toBe('in 59 minutes');
    expect(timeLeft(DUE, before(59_999))).toBe('in under a minute');
    expect(timeLeft(DUE, before(0))).toBe('overdue');
  });
});
