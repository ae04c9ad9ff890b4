import { remainingDue } from '@cdca/engine';
import { eq } from 'drizzle-orm';
import { chargeRowFor, lockPayment } from './apply-charge.ts';
import type { BillingContext, Tx } from './billing-context.ts';
import { type PaymentRow, plainDecimal, usd } from './payment-dto.ts';
import { paymentCharges, payments } from './payments.schema.ts';

const OPEN: readonly PaymentRow['status'][] = ['pending', 'past-due'];

/** Whether the trader can pay the payment's current charge right now. */
export const currentChargeUsable = async (tx: Tx, payment: PaymentRow, now: Date) => {
  if (!payment.currentChargeId) return false;
  const [charge] = await tx
    .select()
    .from(paymentCharges)
    .where(eq(paymentCharges.id, payment.currentChargeId));
  return charge?.status === 'new' && charge.expiresAt > now;
};

/**
 * Issues a fresh hosted charge for what is still owed on an unpaid payment. The provider is called outside any
 * transaction (a slow provider must not hold row locks); the charge is then recorded, and becomes the one shown
 * only if the payment still needs one. A charge issued twice by a race is kept too: paying either one counts.
 */
export const issueCharge = async (ctx: BillingContext, payment: PaymentRow): Promise<boolean> => {
  if (!OPEN.includes(payment.status)) return false;
  const amount = remainingDue(usd(payment.amountDue), plainDecimal(payment.amountPaid));
  if (amount === '0.00') return false;
  const charge = await ctx.provider.createCharge({
    paymentId: payment.id,
    accountId: payment.accountId,
    amount,
    description: `CDCA Standard plan, cycle ${payment.cycle}`,
    expiresInMinutes: ctx.config.billing.chargeMinutes,
    redirectUrl: `${ctx.config.publicUrl}/?pid=${payment.id}`,
  });
  return ctx.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentCharges)
      .values({
        ...chargeRowFor(payment.id, ctx.provider.kind, charge),
        createdAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    // A webhook may have recorded the charge first (money arriving at once); use that row.
    const [row] = recorded
      ? [recorded]
      : await tx.select().from(paymentCharges).where(eq(paymentCharges.providerChargeId, charge.id));
    const locked = await lockPayment(tx, payment.id);
    if (!row || !locked || !OPEN.includes(locked.status)) return false;
    if (await currentChargeUsable(tx, locked, ctx.clock.now())) return false;
    await tx
      .update(payments)
      .set({
        currentChargeId: row.id,
        chargeHostedUrl: row.hostedUrl,
        chargeExpDate: row.expiresAt,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(payments.id, payment.id));
    return true;
  });
};

/** A provider that is down must not stop the scheduler; the trader's screen asks for a charge again later. */
export const issueChargeQuietly = async (ctx: BillingContext, payment: PaymentRow) => {
  try {
    await issueCharge(ctx, payment);
  } catch (error) {
    ctx.log.warn({ paymentId: payment.id, err: String(error) }, 'billing: could not issue a charge yet');
  }
};
