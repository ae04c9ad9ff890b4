import { RANK_TIERS } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import { RANK_THRESHOLDS, rankAfter, rankProgress, tierFor } from './rank-tiers.ts';

describe('rank tiers', () => {
  it('lists every tier of docs/product.md §3 once, in order, with rising thresholds', () => {
    expect(Object.keys(RANK_THRESHOLDS)).toEqual([...RANK_TIERS]);
    const values = RANK_TIERS.map((tier) => Number(RANK_THRESHOLDS[tier]));
    expect(values).toEqual([0, 100, 250, 500, 1000, 2500, 5000, 10000, 25000, 100000]);
  });

  it.each([
    ['-50', 'bronze'],
    ['0', 'bronze'],
    ['99.99', 'bronze'],
    ['100', 'iron'],
    ['249.999999', 'iron'],
    ['250', 'silver'],
    ['500', 'gold'],
    ['1000', 'platinum'],
    ['2500', 'sapphire'],
    ['5000', 'emerald'],
    ['9999.99', 'emerald'],
    ['10000', 'ruby'],
    ['25000', 'diamond'],
    ['99999.99', 'diamond'],
    ['100000', 'hero'],
    ['12345678.90', 'hero'],
  ] as const)('earns %s dollars of profit the %s tier', (profit, tier) => {
    expect(tierFor(profit)).toBe(tier);
  });

  it('never demotes: a loss keeps the highest tier reached', () => {
    expect(rankAfter('gold', '120.00')).toBe('gold');
    expect(rankAfter('gold', '-300')).toBe('gold');
    expect(rankAfter('gold', '1000')).toBe('platinum');
    expect(rankAfter('bronze', '260')).toBe('silver');
  });

  it('shows the dollars and percent to the next tier', () => {
    expect(rankProgress('175.50')).toEqual({
      tier: 'iron',
      next: { tier: 'silver', threshold: '250', remaining: '74.50', percent: '50.33' },
    });
    expect(rankProgress('0')).toEqual({
      tier: 'bronze',
      next: { tier: 'iron', threshold: '100', remaining: '100.00', percent: '0.00' },
    });
    // Sub-cent amounts: what is left rounds up, the progress down, so neither looks better than it is.
    expect(rankProgress('99.999')).toEqual({
      tier: 'bronze',
      next: { tier: 'iron', threshold: '100', remaining: '0.01', percent: '99.99' },
    });
  });

  it('measures a held tier from its own threshold after a loss, never below 0 %', () => {
    expect(rankProgress('400', 'gold')).toEqual({
      tier: 'gold',
      next: { tier: 'platinum', threshold: '1000', remaining: '600.00', percent: '0.00' },
    });
  });

  it('has nothing above hero', () => {
    expect(rankProgress('250000')).toEqual({ tier: 'hero', next: null });
  });

  it('refuses a profit that is not a plain decimal', () => {
    expect(() => tierFor('1e6')).toThrow(RangeError);
    expect(() => rankProgress('')).toThrow(RangeError);
  });
});
