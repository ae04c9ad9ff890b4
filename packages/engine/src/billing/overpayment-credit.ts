import type { TPaymentStatus } from '@cdca/contracts';
import { money, ROUND_DOWN, ZERO } from '../money/money-decimal.ts';

export type CreditLedgerEntry = {
  status: TPaymentStatus;
  /** What the payment asked for, after the credit it took. */
  amountDue: string;
  /** Confirmed money received on its charges. */
  amountPaid: string;
  /** Credit from earlier over-payments taken off its amount. */
  creditApplied: string;
};

/**
 * The over-payment credit an account has left for its next payment, derived from its payments rather than kept
 * as a running balance, so a late webhook, a replay or a crash between two steps can never count it twice.
 * Surplus: what a paid payment received beyond its amount. Used: credit taken by every payment still standing; a
 * voided (expired) payment gives its credit back. Whole cents, rounded down: never credit more than arrived.
 */
export const overpaymentCredit = (payments: readonly CreditLedgerEntry[]): string => {
  const surplus = payments
    .filter((payment) => payment.status === 'paid')
    .reduce((sum, payment) => {
      const over = money(payment.amountPaid).minus(payment.amountDue);
      return over.gt(0) ? sum.plus(over) : sum;
    }, ZERO);
  const used = payments
    .filter((payment) => payment.status !== 'expired')
    .reduce((sum, payment) => sum.plus(payment.creditApplied), ZERO);
  const left = surplus.toDecimalPlaces(2, ROUND_DOWN).minus(used);
  // A voided payment that money later turns paid takes its credit again; the account never owes credit back.
  return (left.gt(0) ? left : ZERO).toFixed(2);
};
