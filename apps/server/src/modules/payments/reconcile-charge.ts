import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { ChargeProviderError } from '../../billing/charge-provider.ts';
import { applyProviderCharge, type ChargeRow } from './apply-charge.ts';
import type { BillingContext } from './billing-context.ts';
import { type BillingChanges, mergeChanges, noChanges } from './payment-events.ts';
import { paymentCharges } from './payments.schema.ts';

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

/** Every charge of a payment that may still move (open or in flight). */
export const reconcilePayment = async (ctx: BillingContext, paymentId: string) => {
  const open = await ctx.db
    .select()
    .from(paymentCharges)
    .where(
      and(eq(paymentCharges.paymentId, paymentId), inArray(paymentCharges.status, ['new', 'processing'])),
    );
  const changes = noChanges();
  for (const charge of open) mergeChanges(changes, await reconcileCharge(ctx, charge));
  return changes;
};

/**
 * The scheduler's sweep: charges past their expiry (the provider decides: expired, or paid at the last second)
 * and charges in flight, least recently checked first.
 */
export const reconcileDueCharges = async (ctx: BillingContext, limit = 100) => {
  const now = ctx.clock.now();
  const recheckBefore = new Date(now.getTime() - 60_000);
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
      ),
    )
    .orderBy(asc(paymentCharges.checkedAt))
    .limit(limit);
  const changes = noChanges();
  for (const charge of due) mergeChanges(changes, await reconcileCharge(ctx, charge));
  return { changes, checked: due.length };
};
