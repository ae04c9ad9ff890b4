import type { TDiscountCode, TPricingTier } from '@cdca/contracts';

/** The offers of docs/product.md §9: 'Standard' is the undiscounted price, the rest are discount codes. */
export type Offer = 'Standard' | TDiscountCode;

/** Price of one 30-day cycle in USD by offer and tier (docs/product.md §9), as data. */
export const PLAN_PRICES: Readonly<Record<Offer, Readonly<Record<TPricingTier, string>>>> = {
  Standard: { regular: '64.98', partner: '199.98' },
  PrimordiumSpecial: { regular: '1.00', partner: '1.00' },
  BetaTesterSpecial: { regular: '39.98', partner: '124.98' },
  LaunchSpecial: { regular: '49.98', partner: '149.98' },
  PartnerReferral: { regular: '54.98', partner: '175.98' },
  AcademyReferral: { regular: '59.98', partner: '189.98' },
};

/** A payment is requested every CYCLE_DAYS once billing starts, with DAYS_TO_PAY before the account is disabled. */
export const CYCLE_DAYS = 30;
export const DAYS_TO_PAY = 5;

/** Volume (bought + sold) per cycle that the base price includes; beyond it the usage fee applies. */
export const INCLUDED_VOLUME_USD = '500000';

/** Defaults of the configurable figures (USAGE_FEE_RATE, FREE_PROFIT_ALLOWANCE). */
export const DEFAULT_USAGE_FEE_RATE = '0.0005';
export const DEFAULT_FREE_PROFIT_ALLOWANCE_USD = '100';

/** APP_ENV=staging bills every total at this amount (docs/product.md §2). */
export const STAGING_TOTAL_USD = '1.00';

/** Partners see their own column; standard and owner accounts the regular one (docs/product.md §6). */
export const pricingTierOf = (role: 'standard' | 'partner' | 'owner'): TPricingTier =>
  role === 'partner' ? 'partner' : 'regular';
