import { and, asc, eq, gt, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm';
import { applyProviderCharge, type ChargeRow } from './apply-charge.ts';
import type { BillingContext } from './billing-context.ts';
import { type BillingChanges, mergeChanges, noChanges } from './payment-events.ts';
import { paymentCharges } from './payments.schema.ts';
import { ChargeProviderError } from './providers/charge-provider.ts';

/**
 * Asks the provider where one charge stands and applies it. Webhooks can be lost; this is how money that arrived
 * anyway is still found (status checks, the scheduler). A provider that cannot answer now is asked again later.
 */
export const reconcileCharge = async (ctx: BillingContext, charge: ChargeRow): Promise<BillingChanges> => {
  try {
    const current = await ctx.provider.getCharge(charge.providerChargeId);
    if (!current) {
      // The provider forgot it (archived, deleted): nothing can arrive on it any more.
      const changes = noChanges();
      if (charge.expiresAt <= ctx.clock.now() && (await markExpired(ctx, charge))) {
        changes.expiredChargeIds.add(charge.id);
      }
      return changes;
    }
    return await applyProviderCharge(ctx, current);
  } catch (error) {
    if (!(error instanceof ChargeProviderError)) throw error;
    ctx.log.warn({ chargeId: charge.id, err: error.message }, 'billing: could not check a charge');
    return noChanges();
  }
};

/** Answers whether this call expired it (another process may have first). */
const markExpired = async (ctx: BillingContext, charge: ChargeRow) => {
  const expired = await ctx.db
    .update(paymentCharges)
    .set({ status: 'expired', checkedAt: ctx.clock.now(), updatedAt: ctx.clock.now() })
    .where(and(eq(paymentCharges.id, charge.id), eq(paymentCharges.status, 'new')))
    .returning({ id: paymentCharges.id });
  return expired.length > 0;
};

/**
 * An expired charge the provider still watches: money can arrive on it late (BTCPay leaves it Expired with
 * PaidLate) and unconfirmed money on it can confirm or vanish, with or without a webhook saying so.
 */
const stillWatched = (now: Date) =>
  and(eq(paymentCharges.status, 'expired'), gt(paymentCharges.monitoringUntil, now));

/** Every charge of a payment that may still move (open, in flight, or expired but still watched). */
export const reconcilePayment = async (ctx: BillingContext, paymentId: string) => {
  const open = await ctx.db
    .select()
    .from(paymentCharges)
    .where(
      and(
        eq(paymentCharges.paymentId, paymentId),
        or(inArray(paymentCharges.status, ['new', 'processing']), stillWatched(ctx.clock.now())),
      ),
    );
  const changes = noChanges();
  for (const charge of open) mergeChanges(changes, await reconcileCharge(ctx, charge));
  return changes;
};

/** How often an expired charge still watched is re-read: late money is rare, so less often than one in flight. */
const EXPIRED_RECHECK_MS = 5 * 60_000;

/**
 * The scheduler's sweep: charges past their expiry (the provider decides: expired, or paid at the last second),
 * charges in flight, and expired charges until the provider stops watching them, least recently checked first.
 */
export const reconcileDueCharges = async (ctx: BillingContext, limit = 100) => {
  const now = ctx.clock.now();
  const recheckBefore = new Date(now.getTime() - 60_000);
  const expiredRecheckBefore = new Date(now.getTime() - EXPIRED_RECHECK_MS);
  const due = await ctx.db
    .select()
    .from(paymentCharges)
    .where(
      or(
        and(eq(paymentCharges.status, 'new'), lte(paymentCharges.expiresAt, now)),
        and(
          eq(paymentCharges.status, 'processing'),
          or(isNull(paymentCharges.checkedAt), lt(paymentCharges.checkedAt, recheckBefore)),
        ),
        and(
          stillWatched(now),
          or(isNull(paymentCharges.checkedAt), lt(paymentCharges.checkedAt, expiredRecheckBefore)),
        ),
        // Unconfirmed money on an open charge: it can confirm, or be replaced without a webhook.
        and(
          eq(paymentCharges.status, 'new'),
          ne(paymentCharges.amountReceived, paymentCharges.amountConfirmed),
          gt(paymentCharges.monitoringUntil, now),
          or(isNull(paymentCharges.checkedAt), lt(paymentCharges.checkedAt, recheckBefore)),
        ),
      ),
    )
    .orderBy(asc(paymentCharges.checkedAt))
    .limit(limit);
  const changes = noChanges();
  for (const charge of due) mergeChanges(changes, await reconcileCharge(ctx, charge));
  return { changes, checked: due.length };
};
