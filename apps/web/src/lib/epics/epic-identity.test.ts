import { describe, expect, it } from 'vitest';
import { epicLabel, shortEpicId } from './epic-identity.ts';

describe('epic identity (docs/product.md §4)', () => {
  it('takes the last 4 characters after position 8 of the fifth part of the id', () => {
    expect(shortEpicId('0b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8')).toBe('d7e8');
  });

  it('writes coin before the dash and the short id in brackets', () => {
    expect(epicLabel('0b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8', 'SOL-USD')).toBe('SOL[d7e8]');
  });
});
