import type { TPricingTier } from '@cdca/contracts';
import { money, ROUND_HALF_UP } from '../money/money-decimal.ts';
import { PLAN_PRICES } from './plan-table.ts';

export type LaunchDealFigures = {
  discountCode: 'LaunchSpecial';
  /** The Standard price, shown struck through. */
  standardPrice: string;
  launchPrice: string;
  /** '15.00' for the regular tier: the "$15 off for life" of the marketing copy. */
  savings: string;
};

/** The figures of the landing page's pricing card under the launch deal (docs/product.md §1, §9). */
export const launchDealFigures = (tier: TPricingTier = 'regular'): LaunchDealFigures => {
  const standard = money(PLAN_PRICES.Standard[tier]);
  const launch = money(PLAN_PRICES.LaunchSpecial[tier]);
  return {
    discountCode: 'LaunchSpecial',
    standardPrice: standard.toFixed(2, ROUND_HALF_UP),
    launchPrice: launch.toFixed(2, ROUND_HALF_UP),
    savings: standard.minus(launch).toFixed(2, ROUND_HALF_UP),
  };
};
