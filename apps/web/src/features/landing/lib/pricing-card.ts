import type { LaunchDealFigures } from '@cdca/engine';
import { CYCLE_DAYS, DAYS_TO_PAY, INCLUDED_VOLUME_USD, PLAN_PRICES } from '@cdca/engine';

export type PricingCardFigures = {
  /** What a new trader pays per cycle once billing starts, e.g. '$64.98'. */
  price: string;
  /** The Standard price, struck through, when the launch deal lowers it. */
  struckPrice: string | null;
  /** '$15' under the launch deal: the "off for life" of the marketing copy. */
  savingsForLife: string | null;
  cycleDays: number;
  daysToPay: number;
  /** Profit the epics make before billing starts ("free until you make $100"). */
  freeUntil: string;
  /** Volume per cycle the price includes before usage fees ("$500k"). */
  includedVolume: string;
};

/** "$64.98", "$15" for whole dollars, "$500k" for whole thousands; input is a decimal string, never a float. */
export const formatUsd = (amount: string): string => {
  const [whole = '0', cents = ''] = amount.split('.');
  const fraction = /^0*$/.test(cents) ? '' : `.${cents.padEnd(2, '0')}`;
  if (!fraction && /^[1-9]\d*000$/.test(whole)) return `$${whole.slice(0, -3)}k`;
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
};

/**
 * The pricing card's figures from the billing tables (packages/engine): the Standard price, or — given the
 * billing helper's launch-deal figures — the launch price with the Standard one struck through.
 */
export const pricingCardFigures = (
  deal: LaunchDealFigures | null,
  freeProfitAllowance: string,
): PricingCardFigures => {
  const shared = {
    cycleDays: CYCLE_DAYS,
    daysToPay: DAYS_TO_PAY,
    freeUntil: formatUsd(freeProfitAllowance),
    includedVolume: formatUsd(INCLUDED_VOLUME_USD),
  };
  if (!deal) {
    return {
      ...shared,
      price: formatUsd(PLAN_PRICES.Standard.regular),
      struckPrice: null,
      savingsForLife: null,
    };
  }
  return {
    ...shared,
    price: formatUsd(deal.launchPrice),
    struckPrice: formatUsd(deal.standardPrice),
    savingsForLife: formatUsd(deal.savings),
  };
};
