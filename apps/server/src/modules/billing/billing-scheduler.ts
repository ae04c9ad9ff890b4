import type { TBillingTickResult } from '@cdca/contracts';
import { CYCLE_DAYS } from '@cdca/engine';
import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { accounts } from '../../db/schema.ts';
import { closedEpicsProfitOf } from '../epics/epic-totals.ts';
import { lockPayment } from './apply-charge.ts';
import { addDays } from './billing-clock.ts';
import type { BillingContext } from './billing-context.ts';
import {
  lockBillingAccount,
  setAccountStatus,
  syncStanding,
  updateBillingAccount,
} from './billing-standing.ts';
import { issueChargeQuietly } from './issue-charge.ts';
import { type BillingChanges, mergeChanges, noChanges, publishChanges } from './payment-events.ts';
import { billingAccounts, payments } from './payments.schema.ts';
import { reconcileDueCharges, reconcilePayment } from './reconcile-charge.ts';
import { insertCyclePayment } from './request-payment.ts';

/**
 * Every step below is safe to run in several processes at once and again after a crash: each changes a row only
 * under its row lock and only if the row still needs the change, and (accountId, cycle) is unique on payments.
 */

/** Free allowance used up: billing starts now for active, paying accounts whose realised profit reached it. */
const startBilling = async (ctx: BillingContext, now: Date) => {
  const allowance = ctx.config.billing.freeProfitAllowance;
  const profit = closedEpicsProfitOf(accounts.id);
  const reached = await ctx.db
    .select({ id: accounts.id })
    .from(accounts)
    .leftJoin(billingAccounts, eq(billingAccounts.accountId, accounts.id))
    .where(
      and(
        eq(accounts.status, 'active'),
        eq(accounts.freeAccount, false),
        isNull(billingAccounts.billingStartedAt),
        isNull(billingAccounts.cancelledAt),
        sql`${profit} >= ${allowance}::numeric`,
      ),
    );
  let started = 0;
  for (const { id } of reached) {
    const moved = await ctx.db.transaction(async (tx) => {
      const billing = await lockBillingAccount(tx, id);
      if (billing.billingStartedAt || billing.cancelledAt) return false;
      await updateBillingAccount(tx, id, { billingStartedAt: now, nextCycleAt: now });
      return true;
    });
    if (moved) started += 1;
  }
  return started;
};

/** A payment for each account whose next cycle has come (docs/decisions/billing-rules.md: every 30 days, 5 days to pay). */
const requestDuePayments = async (ctx: BillingContext, now: Date, changes: BillingChanges) => {
  const due = await ctx.db
    .select({ accountId: billingAccounts.accountId })
    .from(billingAccounts)
    .innerJoin(accounts, eq(accounts.id, billingAccounts.accountId))
    .where(
      and(
        isNotNull(billingAccounts.billingStartedAt),
        lte(billingAccounts.nextCycleAt, now),
        isNull(billingAccounts.cancelledAt),
        isNull(billingAccounts.deactivatedBy),
        eq(accounts.status, 'active'),
        eq(accounts.freeAccount, false),
      ),
    );
  let requested = 0;
  for (const { accountId } of due) {
    const payment = await ctx.db.transaction(async (tx) => {
      // Another process on this account right now: it will request the payment, this one moves on.
      const [billing] = await tx
        .select()
        .from(billingAccounts)
        .where(and(eq(billingAccounts.accountId, accountId), lte(billingAccounts.nextCycleAt, now)))
        .for('update', { skipLocked: true });
      if (!billing?.nextCycleAt || billing.cancelledAt || billing.deactivatedBy) return undefined;
      const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
      if (account?.status !== 'active' || account.freeAccount) return undefined;
      // A whole cycle missed (the service was down): bill from now rather than for time nobody was served.
      const scheduled = billing.nextCycleAt;
      const cycleStart = addDays(scheduled, CYCLE_DAYS) <= now ? now : scheduled;
      return insertCyclePayment(tx, ctx.config, { billing, account, cycleStart, now });
    });
    if (!payment) continue;
    requested += 1;
    changes.paymentIds.add(payment.id);
    await issueChargeQuietly(ctx, payment);
  }
  return requested;
};

/**
 * Unpaid after dueAt → past-due, and the account is deactivated (checking the provider one last time first; that
 * check, like the charge sweep before this step, may itself find the payment past due, and records it so).
 */
const markPastDue = async (ctx: BillingContext, now: Date, changes: BillingChanges) => {
  const due = await ctx.db
    .select({ id: payments.id, accountId: payments.accountId })
    .from(payments)
    .where(and(eq(payments.status, 'pending'), lte(payments.dueAt, now)));
  for (const { id, accountId } of due) {
    mergeChanges(changes, await reconcilePayment(ctx, id));
    const result = await ctx.db.transaction(async (tx) => {
      const payment = await lockPayment(tx, id);
      if (payment?.status !== 'pending' || payment.dueAt > now) return undefined;
      await tx.update(payments).set({ status: 'past-due', updatedAt: now }).where(eq(payments.id, id));
      return { accountMoved: await syncStanding(tx, accountId) };
    });
    if (!result) continue;
    changes.paymentIds.add(id);
    changes.pastDueIds.add(id);
    if (result.accountMoved) changes.accountIds.add(accountId);
  }
};

/** An owner made the account free: what it still owed is no longer owed. */
const voidFreeAccountPayments = async (ctx: BillingContext, now: Date, changes: BillingChanges) => {
  const owed = await ctx.db
    .select({ id: payments.id, accountId: payments.accountId })
    .from(payments)
    .innerJoin(accounts, eq(accounts.id, payments.accountId))
    .where(and(eq(accounts.freeAccount, true), inArray(payments.status, ['pending', 'past-due'])));
  for (const { id, accountId } of owed) {
    const accountMoved = await ctx.db.transaction(async (tx) => {
      const payment = await lockPayment(tx, id);
      if (!payment || !['pending', 'past-due'].includes(payment.status)) return false;
      await tx.update(payments).set({ status: 'expired', updatedAt: now }).where(eq(payments.id, id));
      return syncStanding(tx, accountId);
    });
    changes.paymentIds.add(id);
    if (accountMoved) changes.accountIds.add(accountId);
  }
};

/** A cancelled plan's paid time is over: the account is deactivated (cancellation, not debt). */
const endCancelledAccess = async (ctx: BillingContext, now: Date, changes: BillingChanges) => {
  const over = await ctx.db
    .select({ accountId: billingAccounts.accountId })
    .from(billingAccounts)
    .innerJoin(accounts, eq(accounts.id, billingAccounts.accountId))
    .where(
      and(
        isNotNull(billingAccounts.cancelledAt),
        lte(billingAccounts.accessUntil, now),
        isNull(billingAccounts.deactivatedBy),
        eq(accounts.status, 'active'),
      ),
    );
  let ended = 0;
  for (const { accountId } of over) {
    const moved = await ctx.db.transaction(async (tx) => {
      const billing = await lockBillingAccount(tx, accountId);
      if (
        !billing.cancelledAt ||
        billing.deactivatedBy ||
        !billing.accessUntil ||
        billing.accessUntil > now
      ) {
        return false;
      }
      const deactivated = await setAccountStatus(tx, accountId, 'active', 'deactivated');
      if (deactivated) await updateBillingAccount(tx, accountId, { deactivatedBy: 'cancelled' });
      return deactivated;
    });
    if (!moved) continue;
    ended += 1;
    changes.accountIds.add(accountId);
  }
  return ended;
};

/** One pass of every billing rule at the clock's now; events go out after each step's transactions. */
export const runBillingTick = async (
  ctx: BillingContext,
): Promise<TBillingTickResult & { offsetHours: number }> => {
  const now = ctx.clock.now();
  const changes = noChanges();
  const billingStarted = await startBilling(ctx, now);
  const paymentsRequested = await requestDuePayments(ctx, now, changes);
  const swept = await reconcileDueCharges(ctx);
  mergeChanges(changes, swept.changes);
  await markPastDue(ctx, now, changes);
  await voidFreeAccountPayments(ctx, now, changes);
  const accessEnded = await endCancelledAccess(ctx, now, changes);
  await publishChanges(ctx, changes);
  return {
    now: now.toISOString(),
    offsetHours: 0,
    billingStarted,
    paymentsRequested,
    pastDue: changes.pastDueIds.size,
    chargesExpired: changes.expiredChargeIds.size,
    chargesReconciled: swept.checked,
    accessEnded,
  };
};

/**
 * Runs the tick every `intervalMs`, never two at once in this process. `runNow` waits for a tick in progress and
 * then runs a fresh one, so a caller that just moved the clock sees a tick at the new time.
 */
export const createBillingScheduler = (ctx: BillingContext, intervalMs: number) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  const runNow = async () => {
    while (running) await running.catch(() => undefined);
    const tick = runBillingTick(ctx);
    running = tick.finally(() => {
      running = undefined;
    });
    return tick;
  };

  const runInBackground = () => {
    if (running) return;
    runNow().catch((error: unknown) => ctx.log.error({ err: error }, 'billing: scheduler tick failed'));
  };

  return {
    runNow,
    start: async () => {
      timer = setInterval(runInBackground, intervalMs);
      timer.unref();
      runInBackground();
    },
    stop: async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
};

export type BillingScheduler = ReturnType<typeof createBillingScheduler>;
