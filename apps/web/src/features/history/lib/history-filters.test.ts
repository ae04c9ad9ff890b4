import { describe, expect, it } from 'vitest';
import { readHistoryFilters, statusesOf, writeHistoryFilters } from './history-filters.ts';

describe('history filters in the URL', () => {
  it('reads defaults from a plain URL and writes them back as nothing', () => {
    const filters = readHistoryFilters(new URLSearchParams());
    expect(filters).toEqual({ status: 'all', coin: 'all', sort: 'updatedAt:desc', page: 1 });
    expect(writeHistoryFilters(filters).toString()).toBe('');
  });

  it('round-trips a filtered page', () => {
    const params = new URLSearchParams('status=cancelled&coin=SOL-USD&sort=createdAt:asc&page=3');
    expect(writeHistoryFilters(readHistoryFilters(params)).toString()).toBe(
      params.toString().replace(':', '%3A'),
    );
  });

  it('falls back on anything a live epic or a typo would put there', () => {
    expect(readHistoryFilters(new URLSearchParams('status=active&sort=price&page=-2'))).toEqual({
      status: 'all',
      coin: 'all',
      sort: 'updatedAt:desc',
      page: 1,
    });
  });

  it('asks for every terminal status under "all"', () => {
    expect(statusesOf({ status: 'all' })).toEqual(['closed', 'cancelled', 'liquidated', 'delisted']);
  });
});
