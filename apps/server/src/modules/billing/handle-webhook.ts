import type { IncomingHttpHeaders } from 'node:http';
import type { TWebhookAck } from '@cdca/contracts';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { applyProviderCharge } from './apply-charge.ts';
import type { BillingContext } from './billing-context.ts';
import { type BillingChanges, noChanges, publishChanges } from './payment-events.ts';
import { paymentWebhookEvents } from './payments.schema.ts';
import { ChargeProviderError } from './providers/charge-provider.ts';

/** The provider could not be asked: answer 503 so it delivers again later, rather than lose the event. */
const readCharge = async (ctx: BillingContext, chargeId: string) => {
  try {
    return await ctx.provider.getCharge(chargeId);
  } catch (error) {
    if (!(error instanceof ChargeProviderError)) throw error;
    throw new AppError(
      503,
      'billing-provider-unavailable',
      'The payment provider cannot be reached; deliver again.',
    );
  }
};

/**
 * A provider's webhook: verified over the raw bytes, then used only as a hint of which charge to re-read from
 * the provider (research §3.3: never trust the body). An event id already applied is acknowledged and ignored,
 * so replays change nothing; the event is recorded only after it was applied, so a delivery that failed half-way
 * is applied when the provider retries it. Applying is idempotent, so two deliveries at once apply it once.
 */
export const handleWebhook = async (
  ctx: BillingContext,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
): Promise<TWebhookAck> => {
  const delivery = await ctx.provider.verifyWebhook(rawBody, headers);
  if (!delivery) {
    throw new AppError(401, 'webhook-signature-invalid', 'The webhook signature does not match its body.');
  }
  const seen = await ctx.db
    .select({ eventId: paymentWebhookEvents.eventId })
    .from(paymentWebhookEvents)
    .where(
      and(
        eq(paymentWebhookEvents.provider, ctx.provider.kind),
        eq(paymentWebhookEvents.eventId, delivery.eventId),
      ),
    );
  if (seen.length > 0) return { received: true, duplicate: true };

  let changes: BillingChanges = noChanges();
  if (delivery.chargeId) {
    const charge = await readCharge(ctx, delivery.chargeId);
    if (charge) changes = await applyProviderCharge(ctx, charge);
  }
  const recorded = await ctx.db
    .insert(paymentWebhookEvents)
    .values({
      provider: ctx.provider.kind,
      eventId: delivery.eventId,
      type: delivery.type,
      providerChargeId: delivery.chargeId,
      receivedAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhookEvents.eventId });
  await publishChanges(ctx, changes);
  return { received: true, duplicate: recorded.length === 0 };
};
