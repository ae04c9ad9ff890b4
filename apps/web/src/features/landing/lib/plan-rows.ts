import type { TPricingTier } from '@cdca/contracts';
import { formatPercent, formatUsd, money, type Offer, PLAN_PRICES, priceCycle } from '@cdca/engine';

/** How each offer reads on the plans page, and how a trader gets it. */
const OFFERS: Readonly<Record<Offer, { name: string; how: string }>> = {
  Standard: { name: 'Standard', how: 'Everyone, no code needed' },
  LaunchSpecial: { name: 'Launch special', how: 'Sign up during the launch-day deal' },
  PartnerReferral: { name: 'Partner referral', how: 'Sign up with a partner’s referral link' },
  AcademyReferral: { name: 'Academy referral', how: 'Sign up from an academy link' },
  BetaTesterSpecial: { name: 'Beta tester special', how: 'Granted to beta testers' },
  PrimordiumSpecial: { name: 'Primordium special', how: 'Granted to the very first traders' },
};

const ORDER: readonly Offer[] = [
  'Standard',
  'LaunchSpecial',
  'PartnerReferral',
  'AcademyReferral',
  'BetaTesterSpecial',
  'PrimordiumSpecial',
];

export type PlanPrice = { price: string; savings: string | null };
export type PlanRow = { offer: Offer; name: string; how: string } & Record<TPricingTier, PlanPrice>;

/** One offer's price per cycle for a tier, and what it saves against Standard, from the billing function. */
const priceFor = (offer: Offer, tier: TPricingTier, usageFeeRate: string): PlanPrice => {
  const quote = priceCycle({
    tier,
    discountCode: offer === 'Standard' ? null : offer,
    usageVolume: '0',
    usageFeeRate,
  });
  const savings = money(quote.originalPrice).minus(quote.basePrice);
  return { price: formatUsd(money(quote.basePrice)), savings: quote.discounted ? formatUsd(savings) : null };
};

/** The plan table (docs/product.md §9): every offer at the regular and the partner price, each checked against PLAN_PRICES. */
export const planRows = (usageFeeRate: string): PlanRow[] =>
  ORDER.filter((offer) => offer in PLAN_PRICES).map((offer) => ({
    offer,
    ...OFFERS[offer],
    regular: priceFor(offer, 'regular', usageFeeRate),
    partner: priceFor(offer, 'partner', usageFeeRate),
  }));

export type UsageExample = { volume: string; billable: string; rate: string; fee: string; total: string };

/** A worked example of the usage fee: one cycle with $600k of volume on the Standard plan. */
export const usageExample = (usageFeeRate: string): UsageExample => {
  const quote = priceCycle({ tier: 'regular', discountCode: null, usageVolume: '600000', usageFeeRate });
  return {
    volume: formatUsd(money(quote.usageVolume)),
    billable: formatUsd(money(quote.billableVolume)),
    rate: formatPercent(money(quote.usageFeeRate)).replace(' %', '%'),
    fee: formatUsd(money(quote.usageFee)),
    total: formatUsd(money(quote.amountDue)),
  };
};
