import type { TCancelPlanBody } from '@cdca/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import type { BillingContext } from './billing-context.ts';
import {
  lockBillingAccount,
  setAccountStatus,
  syncStanding,
  updateBillingAccount,
} from './billing-standing.ts';
import { issueChargeQuietly } from './issue-charge.ts';
import type { PaymentRow } from './payment-dto.ts';
import { type BillingChanges, noChanges, publishChanges } from './payment-events.ts';
import { payments } from './payments.schema.ts';
import { insertCyclePayment } from './request-payment.ts';

/**
 * Cancelling stops billing: nothing more is requested, what was still unpaid is no longer owed, and the account
 * keeps its access until the end of the cycle it paid for (at once when it paid for none).
 */
export const cancelPlan = async (ctx: BillingContext, account: AccountRow, body: TCancelPlanBody) => {
  const now = ctx.clock.now();
  const changes = noChanges();
  await ctx.db.transaction(async (tx) => {
    // Lock order everywhere: payments, then billing_accounts, then accounts.
    const unpaid = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.accountId, account.id), inArray(payments.status, ['pending', 'past-due'])))
      .for('update');
    const billing = await lockBillingAccount(tx, account.id);
    if (billing.cancelledAt)
      throw new AppError(409, 'plan-already-cancelled', 'The plan is already cancelled.');
    const [lastPaid] = await tx
      .select({ cycleEnd: payments.cycleEnd })
      .from(payments)
      .where(and(eq(payments.accountId, account.id), eq(payments.status, 'paid')))
      .orderBy(desc(payments.cycle))
      .limit(1);
    const accessUntil = lastPaid && lastPaid.cycleEnd > now ? lastPaid.cycleEnd : now;
    for (const { id } of unpaid) {
      await tx.update(payments).set({ status: 'expired', updatedAt: now }).where(eq(payments.id, id));
      changes.paymentIds.add(id);
    }
    await updateBillingAccount(tx, account.id, {
      cancelledAt: now,
      cancellationReason: body.reason,
      cancellationComment: body.comment ?? null,
      accessUntil,
    });
    if (accessUntil > now) return;
    if (await setAccountStatus(tx, account.id, 'active', 'deactivated')) changes.accountIds.add(account.id);
    if (changes.accountIds.has(account.id) || billing.deactivatedBy === 'unpaid') {
      await updateBillingAccount(tx, account.id, { deactivatedBy: 'cancelled' });
    }
  });
  await publishChanges(ctx, changes);
};

/**
 * Taking a cancellation back. Still inside the paid time: billing simply carries on. Already cut off: a trader
 * still within the free allowance is active again at once; one who was billed gets a payment to pay now, and
 * paying it reactivates the account for a full cycle.
 */
export const resumePlan = async (
  ctx: BillingContext,
  account: AccountRow,
): Promise<PaymentRow | undefined> => {
  const now = ctx.clock.now();
  const changes: BillingChanges = noChanges();
  const payment = await ctx.db.transaction(async (tx) => {
    const billing = await lockBillingAccount(tx, account.id);
    if (!billing.cancelledAt) throw new AppError(409, 'plan-not-cancelled', 'The plan is not cancelled.');
    await updateBillingAccount(tx, account.id, {
      cancelledAt: null,
      cancellationReason: null,
      cancellationComment: null,
      accessUntil: null,
    });
    if (billing.deactivatedBy !== 'cancelled') return undefined;
    if (!billing.billingStartedAt || account.freeAccount) {
      await updateBillingAccount(tx, account.id, { deactivatedBy: null });
      if (await setAccountStatus(tx, account.id, 'deactivated', 'active')) changes.accountIds.add(account.id);
      return undefined;
    }
    await updateBillingAccount(tx, account.id, { deactivatedBy: 'unpaid' });
    const requested = await insertCyclePayment(tx, ctx.config, { billing, account, cycleStart: now, now });
    // Over-payment credit may have paid it already: then the account is back at once.
    if (requested?.status === 'paid' && (await syncStanding(tx, account.id))) {
      changes.accountIds.add(account.id);
    }
    return requested;
  });
  if (payment) {
    changes.paymentIds.add(payment.id);
    await issueChargeQuietly(ctx, payment);
  }
  await publishChanges(ctx, changes);
  return payment;
};
