import { RANK_TIERS, type TRankTier } from '@cdca/contracts';
import { HUNDRED, type MoneyDecimal, ROUND_FLOOR, ROUND_UP, ZERO } from '../money/money-decimal.ts';
import { parseDecimal } from '../money/parse-decimal.ts';

/**
 * THE rank table: the lifetime realised profit (USD) from which each tier is held, lowest first, in SPEC's tier
 * order. Nothing else states a threshold (docs/decisions/rank-tiers.md).
 */
export const RANK_THRESHOLDS: Readonly<Record<TRankTier, string>> = {
  bronze: '0',
  iron: '100',
  silver: '250',
  gold: '500',
  platinum: '1000',
  sapphire: '2500',
  emerald: '5000',
  ruby: '10000',
  diamond: '25000',
  hero: '100000',
};

const profitOf = (lifetimeProfit: string): MoneyDecimal => {
  const parsed = parseDecimal(lifetimeProfit, { allowNegative: true });
  if (!parsed.ok) throw new RangeError(`lifetime profit must be a plain decimal, got '${lifetimeProfit}'`);
  return parsed.value;
};

const rankOf = (tier: TRankTier) => RANK_TIERS.indexOf(tier);

/** The tier a profit earns on its own: the highest whose threshold it has reached. A loss earns bronze. */
export const tierFor = (lifetimeProfit: string): TRankTier => {
  const profit = profitOf(lifetimeProfit);
  let earned: TRankTier = 'bronze';
  for (const tier of RANK_TIERS) if (profit.gte(RANK_THRESHOLDS[tier])) earned = tier;
  return earned;
};

/**
 * The tier to hold: what the profit earns, but never below the highest tier reached before. A loss lowers the
 * profit, never the rank (docs/decisions/rank-tiers.md).
 */
export const rankAfter = (highestReached: TRankTier, lifetimeProfit: string): TRankTier => {
  const earned = tierFor(lifetimeProfit);
  return rankOf(earned) > rankOf(highestReached) ? earned : highestReached;
};

export type RankProgress = {
  tier: TRankTier;
  /** null at the top tier. */
  next: {
    tier: TRankTier;
    threshold: string;
    /** Dollars of realised profit still needed, rounded up to the cent (never understated). */
    remaining: string;
    /** How far from the held tier's threshold to the next one, 0–100, floored to 2 decimals (never overstated). */
    percent: string;
  } | null;
};

/** Where the trader stands: the held tier and the way to the next one. */
export const rankProgress = (lifetimeProfit: string, highestReached: TRankTier = 'bronze'): RankProgress => {
  const profit = profitOf(lifetimeProfit);
  const tier = rankAfter(highestReached, lifetimeProfit);
  const nextTier = RANK_TIERS[rankOf(tier) + 1];
  if (!nextTier) return { tier, next: null };
  const floor = RANK_THRESHOLDS[tier];
  const threshold = RANK_THRESHOLDS[nextTier];
  const remaining = profit.gte(threshold) ? ZERO : profitOf(threshold).minus(profit);
  const covered = profit.minus(floor).div(profitOf(threshold).minus(floor)).mul(HUNDRED);
  const percent = covered.isNegative() ? ZERO : covered.gt(HUNDRED) ? HUNDRED : covered;
  return {
    tier,
    next: {
      tier: nextTier,
      threshold,
      remaining: remaining.toFixed(2, ROUND_UP),
      percent: percent.toFixed(2, ROUND_FLOOR),
    },
  };
};
