import { describe, expect, it } from 'vitest';
import {
  chargeNeedsRenewal,
  firstUnpaid,
  modalShowingKey,
  PAST_DUE_TITLES,
  pastDueTitle,
  shouldOpenPastDueModal,
} from './past-due-rules.ts';
import { testPayment } from './test-payment.ts';

const NOW = Date.parse('2025-10-10T12:00:00Z');

describe('past-due modal title', () => {
  it('asks for a new payment while the due date is more than 24 hours away', () => {
    expect(pastDueTitle(testPayment(NOW, { dueInHours: 120 }), NOW)).toBe('NEW PAYMENT REQUESTED');
    expect(pastDueTitle(testPayment(NOW, { dueInHours: 24.01 }), NOW)).toBe(PAST_DUE_TITLES.requested);
  });

  it('warns once the due date is within 24 hours and still ahead', () => {
    expect(pastDueTitle(testPayment(NOW, { dueInHours: 24 }), NOW)).toBe('PAST-DUE WARNING');
    expect(pastDueTitle(testPayment(NOW, { dueInHours: 0.5 }), NOW)).toBe('PAST-DUE WARNING');
  });

  it('keeps warning after the due date or when the server marked it past due', () => {
    expect(pastDueTitle(testPayment(NOW, { dueInHours: -2 }), NOW)).toBe('PAST-DUE WARNING');
    expect(pastDueTitle(testPayment(NOW, { dueInHours: 90, status: 'past-due' }), NOW)).toBe(
      'PAST-DUE WARNING',
    );
  });
});

describe('when the past-due modal opens', () => {
  const payment = testPayment(NOW);
  const base = {
    accountStatus: 'active' as const,
    returningFromPayment: false,
    payment,
    shown: new Set<string>(),
    now: NOW,
  };

  it('opens for an active account with an unpaid payment', () => {
    expect(shouldOpenPastDueModal(base)).toBe(true);
  });

  it('stays shut for a paid payment, another status, a pending pid, or a showing already had', () => {
    expect(shouldOpenPastDueModal({ ...base, payment: { ...payment, status: 'paid' } })).toBe(false);
    expect(shouldOpenPastDueModal({ ...base, payment: undefined })).toBe(false);
    expect(shouldOpenPastDueModal({ ...base, accountStatus: 'deactivated' })).toBe(false);
    expect(shouldOpenPastDueModal({ ...base, returningFromPayment: true })).toBe(false);
    expect(shouldOpenPastDueModal({ ...base, shown: new Set([modalShowingKey(payment, NOW)]) })).toBe(false);
  });

  it('opens again for the same payment once it turns into a 24-hour warning', () => {
    const shown = new Set([modalShowingKey(payment, NOW)]);
    const later = Date.parse(payment.dueAt) - 3_600_000;
    expect(shouldOpenPastDueModal({ ...base, shown, now: later })).toBe(true);
  });
});

describe('charges and order', () => {
  it('renews a charge past its expiry, or a payment without one, but never a paid one', () => {
    expect(chargeNeedsRenewal(testPayment(NOW, { chargeInHours: 1 }), NOW)).toBe(false);
    expect(chargeNeedsRenewal(testPayment(NOW, { chargeInHours: -0.1 }), NOW)).toBe(true);
    expect(chargeNeedsRenewal(testPayment(NOW, { chargeHostedUrl: null, chargeExpDate: null }), NOW)).toBe(
      true,
    );
    expect(chargeNeedsRenewal(testPayment(NOW, { chargeInHours: -1, status: 'paid' }), NOW)).toBe(false);
  });

  it('puts the unpaid payment due soonest first', () => {
    const later = testPayment(NOW, { id: '00000000-0000-4000-8000-000000000001', dueInHours: 100 });
    const sooner = testPayment(NOW, { id: '00000000-0000-4000-8000-000000000002', dueInHours: 10 });
    const paid = testPayment(NOW, {
      id: '00000000-0000-4000-8000-000000000003',
      dueInHours: 1,
      status: 'paid',
    });
    expect(firstUnpaid([later, paid, sooner])?.id).toBe(sooner.id);
    expect(firstUnpaid([paid])).toBeUndefined();
  });
});
