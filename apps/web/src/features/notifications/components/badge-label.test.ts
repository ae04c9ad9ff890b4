import { describe, expect, it } from 'vitest';
import { badgeLabel } from './badge-label.ts';

describe('badgeLabel', () => {
  it('is empty with nothing unread', () => {
    expect(badgeLabel(0)).toBe('');
  });

  it('shows the count up to 99 and 99+ above', () => {
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
    expect(badgeLabel(4321)).toBe('99+');
  });
});
