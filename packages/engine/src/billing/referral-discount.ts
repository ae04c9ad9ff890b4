import { DISCOUNT_CODES, type TDiscountCode } from '@cdca/contracts';

export type ReferralCodeBook = {
  /** LAUNCH_REFERRAL_CODE: signs people up with LaunchSpecial ('$15 off for life'). */
  launchReferralCode: string;
  /** ACADEMY_REFERRAL_CODE: AcademyReferral. */
  academyReferralCode: string;
  /** Codes handed out by partners (the partner programme): PartnerReferral. */
  partnerCodes?: ReadonlySet<string>;
};

const normalise = (code: string) => code.trim().toLowerCase();

/**
 * The discount a sign-up referral code (`?rc=`) earns for the life of the account (docs/product.md §2, docs/decisions/billing-rules.md).
 * Codes compare case-insensitively. BetaTesterSpecial and PrimordiumSpecial are never earned through a link:
 * owners grant them. An unknown code earns nothing (it is still stored as the sign-up referral code).
 */
export const discountForReferralCode = (
  referralCode: string | null | undefined,
  book: ReferralCodeBook,
): TDiscountCode | null => {
  if (!referralCode) return null;
  const code = normalise(referralCode);
  if (code === normalise(book.launchReferralCode)) return 'LaunchSpecial';
  if (code === normalise(book.academyReferralCode)) return 'AcademyReferral';
  for (const partnerCode of book.partnerCodes ?? []) {
    if (code === normalise(partnerCode)) return 'PartnerReferral';
  }
  return null;
};

export const isDiscountCode = (value: string): value is TDiscountCode =>
  (DISCOUNT_CODES as readonly string[]).includes(value);
