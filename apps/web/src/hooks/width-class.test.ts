import { describe, expect, it } from 'vitest';
import { isMobileOrTabletWidth, isMobileWidth, widthClassOf } from './width-class.ts';

describe('width classes', () => {
  it.each([
    [320, 'xs'],
    [375, 'xs'],
    [376, 'sm'],
    [650, 'sm'],
    [651, 'md'],
    [1000, 'md'],
    [1001, 'lg'],
    [1500, 'lg'],
    [1501, 'xl'],
    [2000, 'xl'],
    [2001, '2xl'],
    [2560, '2xl'],
  ] as const)('%i px is %s', (width, expected) => {
    expect(widthClassOf(width)).toBe(expected);
  });

  it('treats xs and sm as mobile, and adds md for mobile-or-tablet', () => {
    expect(['xs', 'sm', 'md', 'lg'].map((c) => isMobileWidth(c as 'xs'))).toEqual([true, true, false, false]);
    expect(isMobileOrTabletWidth('md')).toBe(true);
    expect(isMobileOrTabletWidth('lg')).toBe(false);
  });
});
