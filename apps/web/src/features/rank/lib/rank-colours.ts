import type { TRankTier } from '@cdca/contracts';

/**
 * One colour per tier (docs/decisions/rank-tiers.md): metals first, then gems, hero apart. Each reads on the dark
 * and the light surface; the screen tints backgrounds from it, never text on it.
 */
export const RANK_COLOURS: Readonly<Record<TRankTier, string>> = {
  bronze: '#c07f4e',
  iron: '#8a96a3',
  silver: '#b8c2cc',
  gold: '#e0b43c',
  platinum: '#6cc4c0',
  sapphire: '#4a7be0',
  emerald: '#2fae73',
  ruby: '#d8435d',
  diamond: '#7fcdf2',
  hero: '#a66cf0',
};

export const tierName = (tier: TRankTier): string => `${tier.charAt(0).toUpperCase()}${tier.slice(1)}`;

const wholeUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** Thresholds are whole dollars ('$100,000'); display only, never arithmetic. */
export const formatThreshold = (threshold: string): string => wholeUsd.format(Number(threshold));
