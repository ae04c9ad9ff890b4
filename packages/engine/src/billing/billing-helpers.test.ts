import { describe, expect, it } from 'vitest';
import { allowanceProgress } from './free-allowance.ts';
import { launchDealFigures } from './launch-deal.ts';
import { discountForReferralCode } from './referral-discount.ts';

describe('launchDealFigures', () => {
  it("shows the landing card's '$15 off for life': Standard 64.98 against LaunchSpecial 49.98", () => {
    expect(launchDealFigures()).toEqual({
      discountCode: 'LaunchSpecial',
      standardPrice: '64.98',
      launchPrice: '49.98',
      savings: '15.00',
    });
    expect(launchDealFigures('partner')).toMatchObject({ standardPrice: '199.98', launchPrice: '149.98' });
  });
});

describe('allowanceProgress', () => {
  it('is free until realised profit reaches the allowance', () => {
    expect(allowanceProgress('12.345', '100')).toEqual({
      limit: '100.00',
      realisedProfit: '12.345',
      remaining: '87.66',
      reached: false,
    });
    expect(allowanceProgress('100', '100')).toMatchObject({ remaining: '0.00', reached: true });
    expect(allowanceProgress('250', '100')).toMatchObject({ remaining: '0.00', reached: true });
  });

  it('counts losses against the allowance and starts at once with a zero allowance', () => {
    expect(allowanceProgress('-20', '100')).toMatchObject({ remaining: '120.00', reached: false });
    expect(allowanceProgress('0', '0').reached).toBe(true);
  });
});

describe('discountForReferralCode', () => {
  const book = {
    launchReferralCode: 'LAUNCH',
    academyReferralCode: 'ACADEMY',
    partnerCodes: new Set(['ann-25']),
  };

  it('maps the launch, academy and partner codes, ignoring case and spaces', () => {
    expect(discountForReferralCode('launch', book)).toBe('LaunchSpecial');
    expect(discountForReferralCode(' ACADEMY ', book)).toBe('AcademyReferral');
    expect(discountForReferralCode('ANN-25', book)).toBe('PartnerReferral');
  });

  it('earns nothing for unknown codes or the names of owner-granted discounts', () => {
    expect(discountForReferralCode(undefined, book)).toBeNull();
    expect(discountForReferralCode('FRIEND42', book)).toBeNull();
    expect(discountForReferralCode('PrimordiumSpecial', book)).toBeNull();
    expect(discountForReferralCode('BetaTesterSpecial', book)).toBeNull();
  });
});
