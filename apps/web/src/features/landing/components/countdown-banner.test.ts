import { describe, expect, it } from 'vitest';
import { countdownParts } from './countdown-banner.tsx';

describe('countdownParts', () => {
  it('splits the time left into weeks, days and hours', () => {
    const now = Date.parse('2025-09-01T00:00:00Z');
    expect(countdownParts(Date.parse('2025-10-01T00:00:00Z'), now)).toEqual({ weeks: 4, days: 2, hours: 0 });
    expect(countdownParts(now + 3 * 3_600_000 + 59_000, now)).toEqual({ weeks: 0, days: 0, hours: 3 });
  });

  it('ends at the target', () => {
    expect(countdownParts(1000, 1000)).toBeNull();
  });
});
