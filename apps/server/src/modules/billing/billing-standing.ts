import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { accounts } from '../../db/schema.ts';
import { notedAccountWrites, writtenAccountColumns } from '../accounts/accounts.repository.ts';
import type { Tx } from './billing-context.ts';
import { billingAccounts, payments } from './payments.schema.ts';

export type BillingAccountRow = typeof billingAccounts.$inferSelect;

/** The account's billing row, made on first need (an account from before billing existed has none). */
export const ensureBillingAccount = async (tx: Tx, accountId: string): Promise<BillingAccountRow> => {
  await tx.insert(billingAccounts).values({ accountId }).onConflictDoNothing();
  const [row] = await tx.select().from(billingAccounts).where(eq(billingAccounts.accountId, accountId));
  if (!row) throw new Error(`billing account ${accountId} missing after insert`);
  return row;
};

/** Same, holding its row lock until the transaction ends (lock order: payments → billing_accounts → accounts). */
export const lockBillingAccount = async (tx: Tx, accountId: string): Promise<BillingAccountRow> => {
  await tx.insert(billingAccounts).values({ accountId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.accountId, accountId))
    .for('update');
  if (!row) throw new Error(`billing account ${accountId} missing after insert`);
  return row;
};

export const updateBillingAccount = (tx: Tx, accountId: string, changes: Partial<BillingAccountRow>) =>
  tx
    .update(billingAccounts)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(billingAccounts.accountId, accountId));

const countPayments = async (tx: Tx, accountId: string, statuses: ('pending' | 'past-due' | 'posted')[]) => {
  const [row] = await tx
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.accountId, accountId), inArray(payments.status, statuses)));
  return row?.n ?? 0;
};

/**
 * Brings the account's status in line with its payments, inside the caller's transaction: a past-due payment
 * deactivates an active account; once nothing is left unpaid or still confirming, an account that billing
 * deactivated is active again (unconfirmed money keeps an active account on, but never turns one back on:
 * docs/decisions/book-only-confirmed-money.md). Deactivations billing did not make (an owner's, a cancellation's) are never undone here.
 * Answers whether the account's status changed.
 */
export const syncStanding = async (tx: Tx, accountId: string): Promise<boolean> => {
  const billing = await lockBillingAccount(tx, accountId);
  const [account] = await tx
    .select({ status: accounts.status })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  if (!account) return false;
  if (account.status === 'active' && (await countPayments(tx, accountId, ['past-due'])) > 0) {
    await setAccountStatus(tx, accountId, 'active', 'deactivated');
    await updateBillingAccount(tx, accountId, { deactivatedBy: 'unpaid' });
    return true;
  }
  const clear = (await countPayments(tx, accountId, ['pending', 'past-due', 'posted'])) === 0;
  if (billing.deactivatedBy === 'unpaid' && clear) {
    await updateBillingAccount(tx, accountId, { deactivatedBy: null });
    return setAccountStatus(tx, accountId, 'deactivated', 'active');
  }
  return false;
};

/** Moves the account only if it is still at `from`; answers whether it moved. */
export const setAccountStatus = async (
  tx: Tx,
  accountId: string,
  from: 'active' | 'deactivated',
  to: 'active' | 'deactivated',
) => {
  const moved = notedAccountWrites(
    await tx
      .update(accounts)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(eq(accounts.id, accountId), eq(accounts.status, from)))
      .returning(writtenAccountColumns),
  );
  return moved.length > 0;
};
