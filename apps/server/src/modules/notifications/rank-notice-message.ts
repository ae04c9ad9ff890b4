import type { TRankTier } from '@cdca/contracts';
import { formatUsd, money } from '@cdca/engine';

const tierName = (tier: TRankTier) => `${tier.charAt(0).toUpperCase()}${tier.slice(1)}`;

/** 'You reached Silver rank — $263.40 of realised profit.' (docs/decisions/rank-tiers.md). */
export const rankReachedMessage = (input: { tier: TRankTier; lifetimeRealisedProfit: string }): string =>
  `You reached ${tierName(input.tier)} rank — ${formatUsd(money(input.lifetimeRealisedProfit))} of realised profit.`;
