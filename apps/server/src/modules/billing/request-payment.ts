import type { TCycleQuote, TDiscountCode } from '@cdca/contracts';
import { CYCLE_DAYS, DAYS_TO_PAY, priceCycle, pricingTierOf } from '@cdca/engine';
import type { Config } from '../../config.ts';
import { addDays } from './billing-clock.ts';
import type { Tx } from './billing-context.ts';
import { availableCredit, volumeBetween } from './billing-figures.ts';
import { type BillingAccountRow, updateBillingAccount } from './billing-standing.ts';
import type { PaymentRow } from './payment-dto.ts';
import { payments } from './payments.schema.ts';

type Priced = { role: 'standard' | 'partner' | 'owner'; freeAccount: boolean };

/** The one pricing function (packages/engine billing), fed this deployment's rate and environment. */
export const quoteFor = (
  config: Config,
  account: Priced,
  discountCode: TDiscountCode | null,
  usageVolume: string,
  credit = '0',
): TCycleQuote =>
  priceCycle({
    tier: pricingTierOf(account.role),
    discountCode,
    usageVolume,
    usageFeeRate: config.billing.usageFeeRate,
    staging: config.appEnv === 'staging',
    freeAccount: account.freeAccount,
    credit,
  });

/**
 * Requests the payment for the billing account's next cycle, inside the caller's transaction (which holds the
 * billing row's lock). The usage fee is on the volume of the 30 days before the cycle; over-payment credit from
 * earlier cycles comes off the total, and a payment the credit covers whole is paid at once. (accountId, cycle) is
 * unique, so even two processes that both got here create one payment: the loser inserts nothing.
 */
export const insertCyclePayment = async (
  tx: Tx,
  config: Config,
  input: { billing: BillingAccountRow; account: Priced; cycleStart: Date; now: Date },
): Promise<PaymentRow | undefined> => {
  const { billing, account, cycleStart, now } = input;
  // The usage period: the 30 days before the cycle, but nothing from before billing started (the free period).
  const usageFrom = [billing.lastCycleStart, billing.billingStartedAt].reduce<Date>(
    (latest, at) => (at && at > latest ? at : latest),
    addDays(cycleStart, -CYCLE_DAYS),
  );
  const volume = await volumeBetween(tx, billing.accountId, usageFrom, cycleStart);
  // Read under the billing row's lock: two payments of one account are never priced from the same credit.
  const credit = await availableCredit(tx, billing.accountId);
  const quote = quoteFor(config, account, billing.discountCode, volume, credit);
  const cycleEnd = addDays(cycleStart, CYCLE_DAYS);
  const coveredByCredit = quote.amountDue === '0.00' && quote.credit !== '0.00';
  const [payment] = await tx
    .insert(payments)
    .values({
      accountId: billing.accountId,
      cycle: billing.nextCycle,
      status: coveredByCredit ? 'paid' : 'pending',
      ...(coveredByCredit ? { paidAt: now, note: 'Paid from over-payment credit' } : {}),
      discountCode: quote.discountCode,
      originalPrice: quote.originalPrice,
      basePrice: quote.basePrice,
      usageVolume: quote.usageVolume,
      usageFee: quote.usageFee,
      creditApplied: quote.credit,
      amountDue: quote.amountDue,
      cycleStart,
      cycleEnd,
      dueAt: addDays(now, DAYS_TO_PAY),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [payments.accountId, payments.cycle] })
    .returning();
  await updateBillingAccount(tx, billing.accountId, {
    nextCycle: billing.nextCycle + 1,
    nextCycleAt: cycleEnd,
    lastCycleStart: cycleStart,
  });
  return payment;
};
