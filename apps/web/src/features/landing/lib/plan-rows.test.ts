import { describe, expect, it } from 'vitest';
import { planRows, usageExample } from './plan-rows.ts';

describe('planRows', () => {
  it('prices every offer of docs/product.md §9 for regular and partner accounts', () => {
    const rows = planRows('0.0005');
    expect(rows.map((row) => [row.offer, row.regular.price, row.partner.price])).toEqual([
      ['Standard', '$64.98', '$199.98'],
      ['LaunchSpecial', '$49.98', '$149.98'],
      ['PartnerReferral', '$54.98', '$175.98'],
      ['AcademyReferral', '$59.98', '$189.98'],
      ['BetaTesterSpecial', '$39.98', '$124.98'],
      ['PrimordiumSpecial', '$1.00', '$1.00'],
    ]);
  });

  it('shows what each discount saves for life, and nothing for Standard', () => {
    const [standard, launch] = planRows('0.0005');
    expect(standard?.regular.savings).toBeNull();
    expect(launch?.regular.savings).toBe('$15.00');
    expect(launch?.partner.savings).toBe('$50.00');
  });
});

describe('usageExample', () => {
  it('charges the rate only on volume beyond the included $500k', () => {
    expect(usageExample('0.0005')).toEqual({
      volume: '$600,000.00',
      billable: '$100,000.00',
      rate: '0.05%',
      fee: '$50.00',
      total: '$114.98',
    });
  });
});
