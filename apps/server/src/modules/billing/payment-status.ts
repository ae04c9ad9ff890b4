import type { TPaymentStatus } from '@cdca/contracts';
import { money, ZERO } from '@cdca/engine';
import type { ChargeStatus } from './providers/charge-provider.ts';

export type ChargeStanding = {
  status: ChargeStatus;
  amount: string;
  amountReceived: string;
  amountConfirmed: string;
  mark: 'settled' | 'invalid' | null;
};

/**
 * What one charge credits its payment (docs/decisions/book-only-confirmed-money.md): the money the provider counts
 * settled, whatever the charge's status (a late payment leaves it expired, yet it is money). A person's mark at the
 * provider overrides the chain: marked paid credits the charge's full amount, marked invalid credits nothing.
 */
export const chargeCredit = (charge: ChargeStanding) => {
  if (charge.mark === 'invalid') return ZERO;
  const confirmed = money(charge.amountConfirmed);
  if (charge.mark === 'settled') return confirmed.gt(charge.amount) ? confirmed : money(charge.amount);
  return confirmed;
};

/** Money seen but not confirmed: shown as confirming, never credited. Gone once a charge is invalid or marked. */
export const chargeConfirming = (charge: ChargeStanding) => {
  if (charge.mark || charge.status === 'invalid') return ZERO;
  const waiting = money(charge.amountReceived).minus(charge.amountConfirmed);
  return waiting.gt(0) ? waiting : ZERO;
};

export const confirmedAmount = (charges: readonly ChargeStanding[]) =>
  charges.reduce((sum, charge) => sum.plus(chargeCredit(charge)), ZERO);

export const confirmingAmount = (charges: readonly ChargeStanding[]) =>
  charges.reduce((sum, charge) => sum.plus(chargeConfirming(charge)), ZERO);

/**
 * A payment's status from its charges (docs/product.md §3; docs/decisions/billing-rules.md). Paid when the confirmed money covers the amount
 * due, on any of its charges (late, over-paid, old). A payment paid by its charges goes back when that money goes
 * (a mark to invalid, a confirmed payment undone); one an owner marked paid here stays paid. Otherwise a voided
 * payment stays voided, the full amount seen but not all confirmed is posted (confirming), and the rest is pending
 * until dueAt and past-due after.
 */
export const paymentStatusFrom = (input: {
  current: TPaymentStatus;
  /** What the charges had booked before this change: paid by them if it covered the amount due. */
  bookedBefore: string;
  charges: readonly ChargeStanding[];
  amountDue: string;
  dueAt: Date;
  now: Date;
}): TPaymentStatus => {
  const { current, charges } = input;
  const due = money(input.amountDue);
  const confirmed = confirmedAmount(charges);
  if (confirmed.gte(due)) return 'paid';
  const paidByCharges = money(input.bookedBefore).gte(due);
  if (current === 'paid' && !paidByCharges) return 'paid';
  if (current === 'expired') return 'expired';
  if (confirmed.plus(confirmingAmount(charges)).gte(due)) return 'posted';
  return input.now >= input.dueAt ? 'past-due' : 'pending';
};
