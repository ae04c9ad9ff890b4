import type { TDiscountCode } from '@cdca/contracts';

/** How each discount code reads in a sentence. */
export const DISCOUNT_NAMES: Readonly<Record<TDiscountCode, string>> = {
  LaunchSpecial: 'Launch special',
  PartnerReferral: 'Partner referral',
  AcademyReferral: 'Academy referral',
  BetaTesterSpecial: 'Beta tester special',
  PrimordiumSpecial: 'Primordium special',
};
