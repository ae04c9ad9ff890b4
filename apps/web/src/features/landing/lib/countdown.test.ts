import { describe, expect, it } from 'vitest';
import { countdownParts, describeCountdown } from './countdown.ts';

const at = (iso: string) => Date.parse(iso);
const LAUNCH = at('2025-10-01T00:00:00Z');

describe('countdownParts', () => {
  it('splits the time left into weeks, days and hours', () => {
    expect(countdownParts(LAUNCH, at('2025-09-01T00:00:00Z'))).toEqual({ weeks: 4, days: 2, hours: 0 });
    expect(countdownParts(LAUNCH, at('2025-09-13T14:00:00Z'))).toEqual({ weeks: 2, days: 3, hours: 10 });
  });

  it('rounds down, never promising time that is not left', () => {
    expect(countdownParts(LAUNCH, at('2025-09-30T20:00:01Z'))).toEqual({ weeks: 0, days: 0, hours: 3 });
    expect(countdownParts(LAUNCH, at('2025-09-23T23:59:59Z'))).toEqual({ weeks: 1, days: 0, hours: 0 });
    expect(countdownParts(LAUNCH, at('2025-09-24T00:00:00Z'))).toEqual({ weeks: 1, days: 0, hours: 0 });
    expect(countdownParts(LAUNCH, at('2025-09-24T00:00:01Z'))).toEqual({ weeks: 0, days: 6, hours: 23 });
  });

  it('shows zero hours in the last hour, and ends at the instant', () => {
    expect(countdownParts(LAUNCH, LAUNCH - 1000)).toEqual({ weeks: 0, days: 0, hours: 0 });
    expect(countdownParts(LAUNCH, LAUNCH)).toBeNull();
    expect(countdownParts(LAUNCH, LAUNCH + 1)).toBeNull();
  });

  it('ends for an invalid target rather than counting to nothing', () => {
    expect(countdownParts(Number.NaN, LAUNCH)).toBeNull();
  });
});

describe('describeCountdown', () => {
  it('spells the parts out with singular and plural units', () => {
    expect(describeCountdown({ weeks: 4, days: 1, hours: 0 })).toBe('4 weeks, 1 day and 0 hours');
    expect(describeCountdown({ weeks: 1, days: 2, hours: 1 })).toBe('1 week, 2 days and 1 hour');
  });
});
