import { CYCLE_DAYS, money } from '@cdca/engine';
import { and, eq } from 'drizzle-orm';
import { addDays } from './billing-clock.ts';
import type { BillingContext, Tx } from './billing-context.ts';
import { lockBillingAccount, syncStanding, updateBillingAccount } from './billing-standing.ts';
import { recordChargeAudit } from './payment-audit.ts';
import type { PaymentRow } from './payment-dto.ts';
import { type BillingChanges, noChanges } from './payment-events.ts';
import { confirmedAmount, confirmingAmount, paymentStatusFrom } from './payment-status.ts';
import { paymentCharges, payments } from './payments.schema.ts';
import type { ChargeProvider, ProviderCharge } from './providers/charge-provider.ts';

export type ChargeRow = typeof paymentCharges.$inferSelect;

export const lockPayment = async (tx: Tx, paymentId: string): Promise<PaymentRow | undefined> => {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row;
};

const findCharge = async (tx: Tx, provider: ChargeProvider['kind'], providerChargeId: string) => {
  const [row] = await tx
    .select()
    .from(paymentCharges)
    .where(and(eq(paymentCharges.provider, provider), eq(paymentCharges.providerChargeId, providerChargeId)));
  return row;
};

/** The row that records a charge the provider created for a payment. */
export const chargeRowFor = (
  paymentId: string,
  provider: ChargeProvider['kind'],
  charge: ProviderCharge,
) => ({
  paymentId,
  provider,
  providerChargeId: charge.id,
  hostedUrl: charge.hostedUrl,
  amount: charge.amount,
  expiresAt: charge.expiresAt,
  monitoringUntil: charge.monitoringUntil,
});

const hasMoney = (charge: ProviderCharge) => charge.status !== 'new' || money(charge.amountReceived).gt(0);

/**
 * A charge we never recorded (the process stopped between creating it and saving it) that money arrived on: the
 * provider's metadata names the payment, so the money is booked rather than lost.
 */
const adoptCharge = async (tx: Tx, ctx: BillingContext, charge: ProviderCharge) => {
  if (!charge.paymentId || !hasMoney(charge)) return undefined;
  const [payment] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.id, charge.paymentId));
  if (!payment) return undefined;
  await tx
    .insert(paymentCharges)
    .values(chargeRowFor(payment.id, ctx.provider.kind, charge))
    .onConflictDoNothing();
  return findCharge(tx, ctx.provider.kind, charge.id);
};

/**
 * A trader cut off for not paying gets a full 30 days from the moment they pay, not what was left of the cycle:
 * whether they pay a charge or an owner records the payment. Call before syncStanding (which clears why the
 * account was cut off), inside the transaction holding the payment's lock; spread the answer into the update.
 */
export const reanchorCycle = async (tx: Tx, payment: PaymentRow, now: Date) => {
  const billing = await lockBillingAccount(tx, payment.accountId);
  if (billing.deactivatedBy !== 'unpaid') return {};
  const cycleEnd = addDays(now, CYCLE_DAYS);
  if (billing.nextCycle === payment.cycle + 1) {
    await updateBillingAccount(tx, payment.accountId, { nextCycleAt: cycleEnd, lastCycleStart: now });
  }
  return { cycleStart: now, cycleEnd };
};

/**
 * Applies what the provider says about one charge to its payment and the account, in one transaction holding the
 * payment's row lock, so two webhooks (or a webhook and a status check) at once apply it once. Idempotent:
 * applying the same provider state again changes nothing.
 */
export const applyProviderCharge = async (
  ctx: BillingContext,
  charge: ProviderCharge,
): Promise<BillingChanges> => {
  const changes = noChanges();
  await ctx.db.transaction(async (tx) => {
    const found =
      (await findCharge(tx, ctx.provider.kind, charge.id)) ?? (await adoptCharge(tx, ctx, charge));
    if (!found) return;
    const payment = await lockPayment(tx, found.paymentId);
    if (!payment) return;
    // Read again under the payment's lock: another process may have applied this charge while we waited.
    const known = await findCharge(tx, ctx.provider.kind, charge.id);
    if (!known) return;
    const now = ctx.clock.now();
    if (charge.status === 'expired' && known.status !== 'expired') changes.expiredChargeIds.add(known.id);
    const newlySettled = charge.status === 'settled' && known.status !== 'settled';
    await tx
      .update(paymentCharges)
      .set({
        status: charge.status,
        amountReceived: charge.amountReceived,
        amountConfirmed: charge.amountConfirmed,
        mark: charge.mark,
        monitoringUntil: charge.monitoringUntil,
        exception: charge.exception,
        expiresAt: charge.expiresAt,
        settledAt: newlySettled ? now : known.settledAt,
        checkedAt: now,
        updatedAt: now,
      })
      .where(eq(paymentCharges.id, known.id));
    const charges = await tx
      .select({
        status: paymentCharges.status,
        amount: paymentCharges.amount,
        amountReceived: paymentCharges.amountReceived,
        amountConfirmed: paymentCharges.amountConfirmed,
        mark: paymentCharges.mark,
      })
      .from(paymentCharges)
      .where(eq(paymentCharges.paymentId, payment.id));
    const status = paymentStatusFrom({
      current: payment.status,
      bookedBefore: payment.amountPaid,
      charges,
      amountDue: payment.amountDue,
      dueAt: payment.dueAt,
      now,
    });
    const amountPaid = confirmedAmount(charges).toFixed();
    const amountConfirming = confirmingAmount(charges).toFixed();
    await recordChargeAudit(tx, { payment, known, charge, status, amountPaid, now });
    const isCurrent = payment.currentChargeId === known.id;
    const expiryMoved = isCurrent && payment.chargeExpDate?.getTime() !== charge.expiresAt.getTime();
    const statusMoved = status !== payment.status;
    const moneyMoved =
      !money(payment.amountPaid).eq(amountPaid) || !money(payment.amountConfirming).eq(amountConfirming);
    if (!statusMoved && !expiryMoved && !moneyMoved) return;
    const paidNow = status === 'paid' && payment.status !== 'paid';
    const unpaidNow = payment.status === 'paid' && status !== 'paid';
    await tx
      .update(payments)
      .set({
        status,
        amountPaid,
        amountConfirming,
        ...(isCurrent ? { chargeExpDate: charge.expiresAt } : {}),
        ...(paidNow ? { paidAt: now, ...(await reanchorCycle(tx, payment, now)) } : {}),
        ...(unpaidNow ? { paidAt: null } : {}),
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    changes.paymentIds.add(payment.id);
    if (status === 'past-due' && statusMoved) changes.pastDueIds.add(payment.id);
    if (statusMoved && (await syncStanding(tx, payment.accountId))) changes.accountIds.add(payment.accountId);
  });
  return changes;
};
