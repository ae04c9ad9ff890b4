import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string.ts';

describe('toQueryString', () => {
  it('repeats array keys without indices', () => {
    expect(toQueryString({ status: ['pending', 'past-due'], limit: 50 })).toBe(
      '?status=pending&status=past-due&limit=50',
    );
  });

  it('drops empty values and returns nothing for an empty query', () => {
    expect(toQueryString({ search: '', offset: undefined, role: null })).toBe('');
    expect(toQueryString(undefined)).toBe('');
  });
});
