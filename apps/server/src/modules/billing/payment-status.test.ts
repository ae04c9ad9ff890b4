import type { TPaymentStatus } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import { paymentStatusFrom } from './payment-status.ts';
import type { ChargeStatus } from './providers/charge-provider.ts';

const dueAt = new Date('2026-03-06T00:00:00Z');
const before = new Date('2026-03-05T00:00:00Z');
const after = new Date('2026-03-07T00:00:00Z');

/** [status, received, confirmed (defaults to received), mark]; the charges booked before defaults to nothing. */
type Charge = [ChargeStatus, string, string?, ('settled' | 'invalid')?];

const status = (current: TPaymentStatus, charges: Charge[], now = before, bookedBefore = '0') =>
  paymentStatusFrom({
    current,
    bookedBefore,
    charges: charges.map(([charge, amountReceived, amountConfirmed, mark]) => ({
      status: charge,
      amount: '64.98',
      amountReceived,
      amountConfirmed: amountConfirmed ?? amountReceived,
      mark: mark ?? null,
    })),
    amountDue: '64.98',
    dueAt,
    now,
  });

describe('paymentStatusFrom', () => {
  it.each<[string, TPaymentStatus, Charge[], Date, TPaymentStatus]>([
    ['nothing paid yet', 'pending', [['new', '0']], before, 'pending'],
    ['nothing paid by the due date', 'pending', [['new', '0']], after, 'past-due'],
    ['an open under-payment', 'pending', [['new', '30']], before, 'pending'],
    ['the full amount seen, unconfirmed', 'pending', [['processing', '64.98', '0']], after, 'posted'],
    [
      'paid late, unconfirmed: confirming, not paid',
      'past-due',
      [['expired', '64.98', '0']],
      after,
      'posted',
    ],
    ['paid late and confirmed', 'past-due', [['expired', '64.98', '64.98']], after, 'paid'],
    [
      'settled with less confirmed than due: the rest confirming',
      'pending',
      [['settled', '64.98', '30']],
      after,
      'posted',
    ],
    [
      'marked paid by hand with nothing received',
      'past-due',
      [['settled', '0', '0', 'settled']],
      after,
      'paid',
    ],
    [
      'marked invalid by hand after settling',
      'pending',
      [['invalid', '64.98', '64.98', 'invalid']],
      after,
      'past-due',
    ],
    ['confirmed', 'pending', [['settled', '64.98']], before, 'paid'],
    ['over-paid', 'past-due', [['settled', '100']], after, 'paid'],
    [
      'an old charge paid late while a new one is open',
      'past-due',
      [
        ['settled', '64.98'],
        ['new', '0'],
      ],
      after,
      'paid',
    ],
    [
      'partial payments adding up across charges',
      'pending',
      [
        ['expired', '30'],
        ['expired', '34.98'],
      ],
      before,
      'paid',
    ],
    [
      'partial payments short of the amount',
      'pending',
      [
        ['expired', '30'],
        ['expired', '34.97'],
      ],
      after,
      'past-due',
    ],
    ['a posted payment that turned invalid', 'posted', [['invalid', '0']], after, 'past-due'],
    ['a voided payment still unpaid', 'expired', [['expired', '0']], after, 'expired'],
    ['a voided payment paid after all', 'expired', [['settled', '64.98']], after, 'paid'],
    ['a payment an owner marked paid, whatever its charges do', 'paid', [['invalid', '0']], after, 'paid'],
  ])('%s', (_name, current, charges, now, expected) => {
    expect(status(current, charges, now)).toBe(expected);
  });

  it('undoes a payment its charges paid once their money is gone (marked invalid)', () => {
    expect(status('paid', [['invalid', '64.98', '64.98', 'invalid']], after, '64.98')).toBe('past-due');
    expect(status('paid', [['settled', '64.98', '64.98']], after, '64.98')).toBe('paid');
  });
});
