import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema.ts';
import { toAccountDto } from '../accounts/account-dto.ts';
import type { BillingContext } from './billing-context.ts';
import { toPaymentDto } from './payment-dto.ts';
import { payments } from './payments.schema.ts';

/**
 * What a billing step changed, announced after its transaction commits. Besides the rows to announce, the
 * transitions the scheduler reports: whichever step makes one (the charge sweep finding a payment past its due
 * date, or the due-date check itself) records it here, under the row lock that decided it, so it is counted once.
 */
export type BillingChanges = {
  paymentIds: Set<string>;
  accountIds: Set<string>;
  /** Payments moved into past-due. */
  pastDueIds: Set<string>;
  /** Charges found expired. */
  expiredChargeIds: Set<string>;
};

export const noChanges = (): BillingChanges => ({
  paymentIds: new Set(),
  accountIds: new Set(),
  pastDueIds: new Set(),
  expiredChargeIds: new Set(),
});

export const mergeChanges = (into: BillingChanges, from: BillingChanges) => {
  for (const key of ['paymentIds', 'accountIds', 'pastDueIds', 'expiredChargeIds'] as const) {
    for (const id of from[key]) into[key].add(id);
  }
  return into;
};

/** payment.updated and account.updated to the owning account, with the rows as they are now (after the ledger hook). */
export const publishChanges = async (
  {
    db,
    bus,
    onPaymentsChanged,
    log,
  }: Pick<BillingContext, 'db' | 'bus' | 'onPaymentsChanged'> & Partial<Pick<BillingContext, 'log'>>,
  changes: BillingChanges,
) => {
  // A failure here must not hide billing's answer: the partner programme re-settles lagging payments on read.
  if (onPaymentsChanged && changes.paymentIds.size > 0) {
    await onPaymentsChanged(changes.paymentIds).catch((error: unknown) =>
      log?.error({ err: error }, 'partner commissions not settled for changed payments'),
    );
  }
  for (const id of changes.paymentIds) {
    const [row] = await db.select().from(payments).where(eq(payments.id, id));
    if (!row) continue;
    await bus.publish({
      accountId: row.accountId,
      message: { routingKey: 'payment.updated', event: toPaymentDto(row) },
    });
  }
  for (const id of changes.accountIds) {
    const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
    if (!row) continue;
    await bus.publish({
      accountId: row.id,
      message: { routingKey: 'account.updated', event: toAccountDto(row) },
    });
  }
};
