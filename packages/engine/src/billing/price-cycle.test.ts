import { DISCOUNT_CODES } from '@cdca/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from '../money/money-decimal.ts';
import { PLAN_PRICES, pricingTierOf } from './plan-table.ts';
import { priceCycle, remainingDue } from './price-cycle.ts';

const quote = (overrides: Partial<Parameters<typeof priceCycle>[0]> = {}) =>
  priceCycle({
    tier: 'regular',
    discountCode: null,
    usageVolume: '0',
    usageFeeRate: '0.0005',
    ...overrides,
  });

describe('priceCycle', () => {
  it('bills the Standard price when no discount code applies', () => {
    expect(quote()).toEqual({
      tier: 'regular',
      discountCode: null,
      originalPrice: '64.98',
      basePrice: '64.98',
      discounted: false,
      usageVolume: '0',
      billableVolume: '0',
      usageFeeRate: '0.0005',
      usageFee: '0.00',
      credit: '0.00',
      amountDue: '64.98',
      staging: false,
      freeAccount: false,
    });
  });

  it.each([
    ['regular', 'PrimordiumSpecial', '1.00', '64.98'],
    ['regular', 'BetaTesterSpecial', '39.98', '64.98'],
    ['regular', 'LaunchSpecial', '49.98', '64.98'],
    ['regular', 'PartnerReferral', '54.98', '64.98'],
    ['regular', 'AcademyReferral', '59.98', '64.98'],
    ['partner', 'PrimordiumSpecial', '1.00', '199.98'],
    ['partner', 'BetaTesterSpecial', '124.98', '199.98'],
    ['partner', 'LaunchSpecial', '149.98', '199.98'],
    ['partner', 'PartnerReferral', '175.98', '199.98'],
    ['partner', 'AcademyReferral', '189.98', '199.98'],
  ] as const)('prices %s with %s at %s (original %s struck through)', (tier, code, base, original) => {
    const result = quote({ tier, discountCode: code });
    expect(result).toMatchObject({
      basePrice: base,
      originalPrice: original,
      amountDue: base,
      discounted: true,
    });
  });

  it('charges nothing for volume up to $500k and the rate beyond it, to the cent', () => {
    expect(quote({ usageVolume: '500000' })).toMatchObject({ billableVolume: '0', usageFee: '0.00' });
    expect(quote({ usageVolume: '750000.50' })).toMatchObject({
      billableVolume: '250000.5',
      usageFee: '125.00',
      amountDue: '189.98',
    });
    // 0.0005 × 10 = 0.005: half a cent rounds up.
    expect(quote({ usageVolume: '500010' }).usageFee).toBe('0.01');
    expect(quote({ usageVolume: '500009.99' }).usageFee).toBe('0.00');
  });

  it('adds the usage fee to the discounted price', () => {
    expect(
      quote({ discountCode: 'LaunchSpecial', usageVolume: '600000', usageFeeRate: '0.001' }),
    ).toMatchObject({
      basePrice: '49.98',
      usageFee: '100.00',
      amountDue: '149.98',
    });
  });

  it('bills $1.00 in staging and nothing to a free account, keeping the breakdown', () => {
    expect(quote({ staging: true, usageVolume: '900000' })).toMatchObject({
      basePrice: '64.98',
      usageFee: '200.00',
      amountDue: '1.00',
    });
    expect(quote({ freeAccount: true, discountCode: 'LaunchSpecial' })).toMatchObject({
      basePrice: '49.98',
      amountDue: '0.00',
    });
    expect(quote({ freeAccount: true, staging: true }).amountDue).toBe('0.00');
  });

  it('takes over-payment credit off the total, never below $0.00, in whole cents', () => {
    expect(quote({ credit: '5.00' })).toMatchObject({
      basePrice: '64.98',
      credit: '5.00',
      amountDue: '59.98',
    });
    expect(quote({ credit: '5.009' })).toMatchObject({ credit: '5.00', amountDue: '59.98' });
    expect(quote({ discountCode: 'PrimordiumSpecial', credit: '5.00' })).toMatchObject({
      basePrice: '1.00',
      credit: '1.00',
      amountDue: '0.00',
    });
    expect(quote({ staging: true, credit: '0.25' })).toMatchObject({ credit: '0.25', amountDue: '0.75' });
    expect(quote({ freeAccount: true, credit: '5.00' })).toMatchObject({ credit: '0.00', amountDue: '0.00' });
    expect(() => quote({ credit: '-1' })).toThrow(RangeError);
  });

  it('refuses volumes and rates that are not plain decimals', () => {
    expect(() => quote({ usageVolume: '-1' })).toThrow(RangeError);
    expect(() => quote({ usageVolume: '1e6' })).toThrow(RangeError);
    expect(() => quote({ usageFeeRate: 'NaN' })).toThrow(RangeError);
  });

  it('holds for any volume, code and tier: total = base + fee, never below base, fee monotone', () => {
    const codes = [null, ...DISCOUNT_CODES];
    fc.assert(
      fc.property(
        fc.constantFrom('regular' as const, 'partner' as const),
        fc.constantFrom(...codes),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.integer({ min: 0, max: 100 }),
        (tier, discountCode, volumeCents, extraCents, rateBps) => {
          const rate = money(rateBps).div(10_000).toFixed();
          const volume = money(volumeCents.toString()).div(100).toFixed();
          const more = money(volume).plus(money(extraCents.toString()).div(100)).toFixed();
          const a = quote({ tier, discountCode, usageVolume: volume, usageFeeRate: rate });
          const b = quote({ tier, discountCode, usageVolume: more, usageFeeRate: rate });
          expect(money(a.amountDue).eq(money(a.basePrice).plus(a.usageFee))).toBe(true);
          expect(money(a.basePrice).lte(a.originalPrice)).toBe(true);
          expect(money(a.usageFee).lte(b.usageFee)).toBe(true);
          expect(a.amountDue).toMatch(/^\d+\.\d{2}$/);
          expect(a.discounted).toBe(discountCode !== null);
        },
      ),
    );
  });
});

describe('plan table', () => {
  it('gives partners their column and everyone else the regular one', () => {
    expect(pricingTierOf('partner')).toBe('partner');
    expect(pricingTierOf('standard')).toBe('regular');
    expect(pricingTierOf('owner')).toBe('regular');
  });

  it('discounts every code below Standard in both tiers', () => {
    for (const code of DISCOUNT_CODES) {
      for (const tier of ['regular', 'partner'] as const) {
        expect(money(PLAN_PRICES[code][tier]).lt(PLAN_PRICES.Standard[tier])).toBe(true);
      }
    }
  });
});

describe('remainingDue', () => {
  it('subtracts what earlier charges received, never below zero', () => {
    expect(remainingDue('64.98', '0')).toBe('64.98');
    expect(remainingDue('64.98', '32.49')).toBe('32.49');
    expect(remainingDue('64.98', '70')).toBe('0.00');
    expect(remainingDue('64.98', '64.975')).toBe('0.00');
  });
});
