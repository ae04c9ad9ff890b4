import type { TPaymentStatus } from '@cdca/contracts';
import type { Tx } from './billing-context.ts';
import type { PaymentRow } from './payment-dto.ts';
import { paymentAuditEntries, type paymentCharges } from './payments.schema.ts';
import type { ProviderCharge } from './providers/charge-provider.ts';

/**
 * Leaves a trace when booked money moves for a reason the chain does not explain: a person marked a charge at the
 * provider (paid or invalid), or a payment that was paid by its charges is no longer covered by them. Called once
 * per applied provider state, inside its transaction, so a replay of the same state records nothing new.
 */
export const recordChargeAudit = async (
  tx: Tx,
  input: {
    payment: PaymentRow;
    known: typeof paymentCharges.$inferSelect;
    charge: ProviderCharge;
    status: TPaymentStatus;
    amountPaid: string;
    now: Date;
  },
) => {
  const { payment, known, charge, status, now } = input;
  const entries: (typeof paymentAuditEntries.$inferInsert)[] = [];
  if (charge.mark && charge.mark !== known.mark) {
    entries.push({
      paymentId: payment.id,
      chargeId: known.id,
      kind: charge.mark === 'settled' ? 'charge-marked-settled' : 'charge-marked-invalid',
      detail: `Charge ${charge.id} marked ${charge.mark} at the provider (received ${charge.amountReceived}, confirmed ${charge.amountConfirmed} of ${charge.amount}); booked ${input.amountPaid} of ${payment.amountDue}.`,
      createdAt: now,
    });
  }
  if (payment.status === 'paid' && status !== 'paid') {
    entries.push({
      paymentId: payment.id,
      chargeId: known.id,
      kind: 'payment-unpaid',
      detail: `Paid payment now ${status}: its charges cover ${input.amountPaid} of ${payment.amountDue} after charge ${charge.id} became ${charge.status}${charge.mark ? ` (marked ${charge.mark})` : ''}.`,
      createdAt: now,
    });
  }
  if (entries.length > 0) await tx.insert(paymentAuditEntries).values(entries);
};
