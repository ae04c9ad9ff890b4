import type {
  TBillingSummary,
  TCancelPlanBody,
  TCreatePaymentBody,
  TListPaymentsQuery,
  TPayment,
  TPaymentList,
  TSetDiscountCodeBody,
  TUpdatePaymentBody,
} from '@cdca/contracts';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AuthContext } from '../../auth/verify-token.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { type AccountRow, createAccountsRepository } from '../accounts/accounts.repository.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { recordOwnerAction } from '../audit/record-owner-action.ts';
import { lockPayment, reanchorCycle } from './apply-charge.ts';
import type { BillingContext } from './billing-context.ts';
import { ensureBillingAccount, syncStanding } from './billing-standing.ts';
import { billingSummary } from './billing-summary.ts';
import { cancelPlan, resumePlan } from './cancel-plan.ts';
import { discountCodes } from './discount-codes.ts';
import { currentChargeUsable, issueCharge } from './issue-charge.ts';
import { type PaymentRow, toPaymentDto } from './payment-dto.ts';
import { noChanges, publishChanges } from './payment-events.ts';
import { payments } from './payments.schema.ts';
import { ChargeProviderError } from './providers/charge-provider.ts';
import { reconcilePayment } from './reconcile-charge.ts';

const paymentNotFound = () => new AppError(404, 'payment-not-found', 'No such payment.');

/** Provider trouble reaches the trader as "try again shortly", never as a 500. */
const providerCall = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ChargeProviderError)) throw error;
    throw new AppError(
      503,
      'billing-provider-unavailable',
      'The payment provider cannot be reached; try again shortly.',
    );
  }
};

export const createPaymentsService = (ctx: BillingContext, accounts: AccountsService) => {
  const { db } = ctx;
  const accountRows = createAccountsRepository(db);

  /** The caller, when they may act on `accountId`: their own account, or any account for an owner. */
  const callerFor = async (auth: AuthContext, accountId: string) => {
    const caller = await accounts.requireCaller(auth);
    if (caller.id !== accountId && caller.role !== 'owner') {
      throw forbidden('You can only see your own payments and billing.');
    }
    return caller;
  };

  const accountById = async (accountId: string): Promise<AccountRow> => {
    const row = await accountRows.findById(accountId);
    if (!row) throw notFound('The account');
    return row;
  };

  /** Another account's payment answers exactly like one that does not exist. */
  const visiblePayment = async (auth: AuthContext, id: string): Promise<PaymentRow> => {
    const caller = await accounts.requireCaller(auth);
    const [row] = await db.select().from(payments).where(eq(payments.id, id));
    if (!row || (row.accountId !== caller.id && caller.role !== 'owner')) throw paymentNotFound();
    return row;
  };

  const reload = async (id: string): Promise<TPayment> => {
    const [row] = await db.select().from(payments).where(eq(payments.id, id));
    if (!row) throw paymentNotFound();
    return toPaymentDto(row);
  };

  return {
    list: async (auth: AuthContext, query: TListPaymentsQuery): Promise<TPaymentList> => {
      await callerFor(auth, query.accountId);
      const filters: SQL[] = [eq(payments.accountId, query.accountId)];
      if (query.status?.length) filters.push(inArray(payments.status, query.status));
      const where = and(...filters);
      const rows = await db
        .select()
        .from(payments)
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.cycle))
        .limit(query.limit)
        .offset(query.offset);
      const list: TPaymentList = { payments: rows.map(toPaymentDto), now: ctx.clock.now().toISOString() };
      if (query.includeTotal) {
        const [total] = await db.select({ n: count() }).from(payments).where(where);
        list.total = total?.n ?? 0;
      }
      return list;
    },

    get: async (auth: AuthContext, id: string): Promise<TPayment> =>
      toPaymentDto(await visiblePayment(auth, id)),

    /** POST /payments: the unpaid payment if there is one; a cancelled, cut-off account gets a fresh one. */
    requestNow: async (
      auth: AuthContext,
      body: TCreatePaymentBody,
    ): Promise<{ created: boolean; payment: TPayment }> => {
      await callerFor(auth, body.accountId);
      const [unpaid] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.accountId, body.accountId), inArray(payments.status, ['pending', 'past-due'])))
        .orderBy(payments.dueAt)
        .limit(1);
      if (unpaid) return { created: false, payment: toPaymentDto(unpaid) };
      const account = await accountById(body.accountId);
      const billing = await ensureBillingAccount(db, account.id);
      if (account.freeAccount || billing.deactivatedBy !== 'cancelled' || !billing.billingStartedAt) {
        throw new AppError(409, 'nothing-due', 'Nothing is due on this account.');
      }
      const payment = await providerCall(() => resumePlan(ctx, account));
      if (!payment) throw new AppError(409, 'nothing-due', 'Nothing is due on this account.');
      return { created: true, payment: await reload(payment.id) };
    },

    /** PATCH /payments/{id}: owners record a payment made another way ('paid') or void one ('expired'). */
    update: async (auth: AuthContext, id: string, body: TUpdatePaymentBody): Promise<TPayment> => {
      const caller = await accounts.requireCaller(auth);
      if (caller.role !== 'owner') throw forbidden('Only owners can change a payment.');
      const now = ctx.clock.now();
      const changes = noChanges();
      await db.transaction(async (tx) => {
        const payment = await lockPayment(tx, id);
        if (!payment) throw paymentNotFound();
        const allowed =
          body.status === 'paid'
            ? payment.status !== 'paid'
            : ['pending', 'past-due'].includes(payment.status);
        if (!allowed) {
          throw new AppError(
            409,
            'payment-not-open',
            `A ${payment.status} payment cannot become ${body.status}.`,
            {
              status: payment.status,
            },
          );
        }
        // Paid by hand is paid like by charge: a cut-off trader's 30 days run from now (before syncStanding).
        const paid =
          body.status === 'paid' ? { paidAt: now, ...(await reanchorCycle(tx, payment, now)) } : {};
        await tx
          .update(payments)
          .set({
            status: body.status,
            note: `${body.status === 'paid' ? 'Marked paid' : 'Voided'} by ${caller.email}: ${body.note}`,
            ...paid,
            updatedAt: now,
          })
          .where(eq(payments.id, id));
        // The owner's note goes to the audit trail with the change, in its transaction (docs/decisions/owner-console.md).
        await recordOwnerAction(tx, {
          kind: 'payment-note',
          actor: { id: caller.id, email: caller.email },
          subjectAccountId: payment.accountId,
          targetId: payment.id,
          before: payment.status,
          after: body.status,
          note: body.note,
        });
        changes.paymentIds.add(id);
        if (await syncStanding(tx, payment.accountId)) changes.accountIds.add(payment.accountId);
      });
      await publishChanges(ctx, changes);
      return reload(id);
    },

    /** POST /payments/check-payment-status/{id}: asks the provider now (the pid return flow, docs/product.md §4). */
    checkStatus: async (auth: AuthContext, id: string): Promise<TPayment> => {
      const payment = await visiblePayment(auth, id);
      await publishChanges(ctx, await providerCall(() => reconcilePayment(ctx, payment.id)));
      return reload(id);
    },

    /** GET /payments/generate-new-charge/{id}: a fresh charge when the shown one can no longer be paid. */
    generateNewCharge: async (auth: AuthContext, id: string): Promise<TPayment> => {
      const payment = await visiblePayment(auth, id);
      await publishChanges(ctx, await providerCall(() => reconcilePayment(ctx, payment.id)));
      const [fresh] = await db.select().from(payments).where(eq(payments.id, id));
      if (!fresh || !['pending', 'past-due'].includes(fresh.status)) {
        throw new AppError(
          409,
          'payment-not-open',
          `This payment is ${fresh?.status ?? 'gone'}; nothing to pay.`,
          {
            status: fresh?.status,
          },
        );
      }
      if (!(await currentChargeUsable(db, fresh, ctx.clock.now()))) {
        if (await providerCall(() => issueCharge(ctx, fresh))) {
          const changes = noChanges();
          changes.paymentIds.add(id);
          await publishChanges(ctx, changes);
        }
      }
      return reload(id);
    },

    summary: async (auth: AuthContext, accountId: string): Promise<TBillingSummary> => {
      await callerFor(auth, accountId);
      return billingSummary(ctx, await accountById(accountId));
    },

    cancel: async (auth: AuthContext, body: TCancelPlanBody): Promise<TBillingSummary> => {
      await callerFor(auth, body.accountId);
      const account = await accountById(body.accountId);
      await cancelPlan(ctx, account, body);
      return billingSummary(ctx, await accountById(body.accountId));
    },

    resume: async (auth: AuthContext, accountId: string): Promise<TBillingSummary> => {
      await callerFor(auth, accountId);
      const account = await accountById(accountId);
      await providerCall(() => resumePlan(ctx, account));
      return billingSummary(ctx, await accountById(accountId));
    },

    setDiscountCode: async (auth: AuthContext, body: TSetDiscountCodeBody): Promise<TBillingSummary> => {
      const caller = await accounts.requireCaller(auth);
      if (caller.role !== 'owner') throw forbidden('Only owners can grant a discount.');
      const account = await accountById(body.accountId);
      const actor = { id: caller.id, email: caller.email };
      await db.transaction(async (tx) => {
        const before = await discountCodes.set(tx, account.id, body.discountCode);
        if (before === body.discountCode) return;
        await recordOwnerAction(tx, {
          kind: 'discount-code',
          actor,
          subjectAccountId: account.id,
          before,
          after: body.discountCode,
        });
      });
      return billingSummary(ctx, account);
    },
  };
};

export type PaymentsService = ReturnType<typeof createPaymentsService>;
