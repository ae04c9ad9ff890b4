import { describe, expect, it } from 'vitest';
import { type CreditLedgerEntry, overpaymentCredit } from './overpayment-credit.ts';

const payment = (over: Partial<CreditLedgerEntry>): CreditLedgerEntry => ({
  status: 'paid',
  amountDue: '64.98',
  amountPaid: '64.98',
  creditApplied: '0',
  ...over,
});

describe('overpaymentCredit', () => {
  it('is nothing when every payment was paid exactly', () => {
    expect(overpaymentCredit([])).toBe('0.00');
    expect(overpaymentCredit([payment({}), payment({ status: 'pending', amountPaid: '0' })])).toBe('0.00');
  });

  it('credits what a paid payment received beyond its amount, once it is paid', () => {
    expect(overpaymentCredit([payment({ amountPaid: '69.98' })])).toBe('5.00');
    // Money on an unpaid payment pays that payment first; nothing is surplus yet.
    expect(overpaymentCredit([payment({ status: 'pending', amountPaid: '32.49' })])).toBe('0.00');
  });

  it('subtracts the credit later payments took, and gives a voided payment’s credit back', () => {
    const overpaid = payment({ amountPaid: '69.98' });
    expect(
      overpaymentCredit([
        overpaid,
        payment({ amountDue: '61.98', amountPaid: '61.98', creditApplied: '3.00' }),
      ]),
    ).toBe('2.00');
    expect(
      overpaymentCredit([overpaid, payment({ status: 'pending', amountPaid: '0', creditApplied: '5.00' })]),
    ).toBe('0.00');
    expect(
      overpaymentCredit([overpaid, payment({ status: 'expired', amountPaid: '0', creditApplied: '5.00' })]),
    ).toBe('5.00');
  });

  it('rounds the surplus down to the cent and never goes below zero', () => {
    expect(overpaymentCredit([payment({ amountPaid: '64.98999' })])).toBe('0.00');
    expect(overpaymentCredit([payment({ amountPaid: '65.0099' })])).toBe('0.02');
    expect(overpaymentCredit([payment({ creditApplied: '5.00' })])).toBe('0.00');
  });
});
