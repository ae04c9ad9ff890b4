import { launchDealFigures } from '@cdca/engine';
import { describe, expect, it } from 'vitest';
import { formatUsd, pricingCardFigures } from './pricing-card.ts';

describe('pricingCardFigures', () => {
  it('shows the Standard price without the launch deal', () => {
    expect(pricingCardFigures(null, '100')).toEqual({
      price: '$64.98',
      struckPrice: null,
      savingsForLife: null,
      cycleDays: 30,
      daysToPay: 5,
      freeUntil: '$100',
      includedVolume: '$500k',
    });
  });

  it('shows the launch price with the Standard price struck through and $15 off for life', () => {
    expect(pricingCardFigures(launchDealFigures('regular'), '250.50')).toMatchObject({
      price: '$49.98',
      struckPrice: '$64.98',
      savingsForLife: '$15',
      freeUntil: '$250.50',
    });
  });
});

describe('formatUsd', () => {
  it.each([
    ['64.98', '$64.98'],
    ['15.00', '$15'],
    ['100', '$100'],
    ['500000', '$500k'],
    ['1234.5', '$1,234.50'],
    ['1500', '$1,500'],
  ])('writes %s as %s', (amount, written) => {
    expect(formatUsd(amount)).toBe(written);
  });
});
