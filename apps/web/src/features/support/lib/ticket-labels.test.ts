import { describe, expect, it } from 'vitest';
import { durationLabel, lastActivityLabel } from './ticket-labels.ts';

describe('durationLabel', () => {
  it.each([
    [45, '45 s'],
    [60, '1 min'],
    [12 * 60 + 5, '12 min'],
    [3 * 3600, '3 h'],
    [3 * 3600 + 20 * 60, '3 h 20 min'],
    [2 * 86400 + 4 * 3600, '2 d 4 h'],
  ])('%i s reads %s', (seconds, label) => {
    expect(durationLabel(seconds)).toBe(label);
  });
});

describe('lastActivityLabel', () => {
  const now = new Date('2026-03-02T12:00:00Z');
  it.each([
    ['2026-03-02T11:59:30Z', 'just now'],
    ['2026-03-02T11:56:00Z', '4 min ago'],
    ['2026-03-02T09:00:00Z', '3 h ago'],
    ['2026-02-28T12:00:00Z', '2 d ago'],
  ])('%s reads %s', (iso, label) => {
    expect(lastActivityLabel(iso, now)).toBe(label);
  });
});
