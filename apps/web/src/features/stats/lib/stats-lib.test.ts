import { describe, expect, it } from 'vitest';
import { formatDuration } from '@/lib/format/duration.ts';
import { cumulativePnl, hasRealisedDays } from './pnl-series.ts';
import { readStatsPeriod, writeStatsPeriod } from './stats-period.ts';

describe('stats lib', () => {
  it('reads the period from the URL, defaulting to 30 days, and writes the default as a plain URL', () => {
    expect(readStatsPeriod(new URLSearchParams('period=90d'))).toBe('90d');
    expect(readStatsPeriod(new URLSearchParams('period=nope'))).toBe('30d');
    expect(readStatsPeriod(new URLSearchParams())).toBe('30d');
    expect(writeStatsPeriod(new URLSearchParams('period=7d&x=1'), '30d').toString()).toBe('x=1');
    expect(writeStatsPeriod(new URLSearchParams(), '24h').toString()).toBe('period=24h');
  });

  it('sums the running total exactly, without float drift', () => {
    const days = ['0.10', '0.20', '-0.30', '1000000.01'].map((realisedPnl, index) => ({
      date: `2026-11-0${index + 1}`,
      realisedPnl,
      capitalDeployed: '0',
    }));
    expect(cumulativePnl(days).map((point) => point.value)).toEqual(['0.1', '0.3', '0', '1000000.01']);
    expect(hasRealisedDays(days)).toBe(true);
    expect(hasRealisedDays([{ date: '2026-11-01', realisedPnl: '0.00', capitalDeployed: '5' }])).toBe(false);
  });

  it('says a time to close in units that read well', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(6)).toBe('6 s');
    expect(formatDuration(42 * 60)).toBe('42 min');
    expect(formatDuration(5 * 3600 + 600)).toBe('5 h 10 min');
    expect(formatDuration(3 * 86_400 + 4 * 3600)).toBe('3 d 4 h');
  });
});
