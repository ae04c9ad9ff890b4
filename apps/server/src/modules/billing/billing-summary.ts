import type { TBillingState, TBillingSummary } from '@cdca/contracts';
import {
  allowanceProgress,
  CYCLE_DAYS,
  DAYS_TO_PAY,
  money,
  pricingTierOf,
  ROUND_HALF_UP,
  remainingDue,
} from '@cdca/engine';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import { addDays } from './billing-clock.ts';
import type { BillingContext } from './billing-context.ts';
import { availableCredit, realisedProfit, volumeBetween } from './billing-figures.ts';
import { type BillingAccountRow, ensureBillingAccount } from './billing-standing.ts';
import { plainDecimal, usd } from './payment-dto.ts';
import { payments } from './payments.schema.ts';
import { quoteFor } from './request-payment.ts';

const stateOf = (account: AccountRow, billing: BillingAccountRow): TBillingState => {
  if (account.freeAccount) return 'free';
  if (billing.cancelledAt) return 'cancelled';
  return billing.billingStartedAt ? 'billing' : 'allowance';
};

/** GET /api/v1/billing: the plan, discount, allowance, what is due and when (Settings → billing, /payment). */
export const billingSummary = async (ctx: BillingContext, account: AccountRow): Promise<TBillingSummary> => {
  const now = ctx.clock.now();
  const billing = await ensureBillingAccount(ctx.db, account.id);
  const profit = await realisedProfit(ctx.db, account.id);
  const unpaid = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.accountId, account.id), inArray(payments.status, ['pending', 'past-due'])))
    .orderBy(asc(payments.dueAt));
  const cycleStart = billing.lastCycleStart;
  const cycleVolume = cycleStart ? await volumeBetween(ctx.db, account.id, cycleStart, now) : '0';
  const owed = unpaid.reduce(
    (sum, payment) => sum.plus(remainingDue(usd(payment.amountDue), plainDecimal(payment.amountPaid))),
    money(0),
  );
  const state = stateOf(account, billing);
  const credit = account.freeAccount ? '0.00' : await availableCredit(ctx.db, account.id);
  return {
    accountId: account.id,
    state,
    freeAccount: account.freeAccount,
    plan: {
      name: 'Standard',
      tier: pricingTierOf(account.role),
      cycleDays: CYCLE_DAYS,
      daysToPay: DAYS_TO_PAY,
    },
    discountCode: billing.discountCode,
    quote: quoteFor(ctx.config, account, billing.discountCode, cycleVolume, credit),
    dueToday: owed.toFixed(2, ROUND_HALF_UP),
    credit,
    allowance: allowanceProgress(profit, ctx.config.billing.freeProfitAllowance),
    billingStartedAt: billing.billingStartedAt?.toISOString() ?? null,
    nextPaymentAt:
      state === 'billing' && !billing.deactivatedBy ? (billing.nextCycleAt?.toISOString() ?? null) : null,
    nextDueAt: unpaid[0]?.dueAt.toISOString() ?? null,
    currentCycle: cycleStart
      ? {
          start: cycleStart.toISOString(),
          end: (billing.nextCycleAt ?? addDays(cycleStart, CYCLE_DAYS)).toISOString(),
          volume: cycleVolume,
        }
      : null,
    cancellation:
      billing.cancelledAt && billing.cancellationReason && billing.accessUntil
        ? {
            cancelledAt: billing.cancelledAt.toISOString(),
            reason: billing.cancellationReason,
            comment: billing.cancellationComment,
            accessUntil: billing.accessUntil.toISOString(),
          }
        : null,
    now: now.toISOString(),
  };
};
