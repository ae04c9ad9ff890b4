import type { TPaymentStatus } from '@cdca/contracts/payments.ts';
import { money, ZERO } from '@cdca/engine/money/money-decimal.ts';
import type { ChargeStatus } from '../../billing/charge-provider.ts';

export type ChargeStanding = { status: ChargeStatus; amountReceived: string };

/**
 * Money that has really arrived: settled charges, and partial payments into charges that expired (the provider
 * keeps them). An open charge's partial payment can still be topped up, and a processing one may yet fail.
 */
export const confirmedAmount = (charges: readonly ChargeStanding[]) =>
  charges
    .filter((charge) => charge.status === 'settled' || charge.status === 'expired')
    .reduce((sum, charge) => sum.plus(charge.amountReceived), ZERO);

/**
 * A payment's status from its charges (SPEC.md §3; DESIGN.md §6). Paid is final and wins over everything: money
 * received is never lost, so a charge settled late, over-paid, or on an old charge still pays, and so do partial
 * payments adding up to the amount due. Otherwise a voided payment stays voided, the full amount in flight is
 * posted, and the rest is pending until dueAt and past-due after.
 */
export const paymentStatusFrom = (input: {
  current: TPaymentStatus;
  charges: readonly ChargeStanding[];
  amountDue: string;
  dueAt: Date;
  now: Date;
}): TPaymentStatus => {
  const { current, charges } = input;
  if (current === 'paid') return 'paid';
  const settled = charges.some((charge) => charge.status === 'settled');
  if (settled || confirmedAmount(charges).gte(money(input.amountDue))) return 'paid';
  if (current === 'expired') return 'expired';
  if (charges.some((charge) => charge.status === 'processing')) return 'posted';
  return input.now >= input.dueAt ? 'past-due' : 'pending';
};
