import type { TDiscountCode } from '@cdca/contracts';
import { inArray } from 'drizzle-orm';
import type { Tx } from './billing-context.ts';
import { lockBillingAccount, updateBillingAccount } from './billing-standing.ts';
import { billingAccounts } from './payments.schema.ts';

/**
 * The discount code for life, as another module (the owner's admin update) reads and sets it: billing owns the
 * table, so it hands out these functions rather than its tables (docs/decisions/composition-root.md).
 */
export const discountCodes = {
  /** Each account's code; an account without a billing row has none. */
  read: async (tx: Tx, accountIds: readonly string[]): Promise<Map<string, TDiscountCode | null>> => {
    if (accountIds.length === 0) return new Map();
    const rows = await tx
      .select({ accountId: billingAccounts.accountId, discountCode: billingAccounts.discountCode })
      .from(billingAccounts)
      .where(inArray(billingAccounts.accountId, [...accountIds]));
    return new Map(rows.map((row) => [row.accountId, row.discountCode]));
  },

  /**
   * Sets the code inside the caller's transaction and answers the one it replaced. It locks the billing row, so
   * call it before locking the account (lock order: payments → billing_accounts → accounts, billing-standing.ts).
   */
  set: async (tx: Tx, accountId: string, code: TDiscountCode | null): Promise<TDiscountCode | null> => {
    const before = await lockBillingAccount(tx, accountId);
    await updateBillingAccount(tx, accountId, { discountCode: code });
    return before.discountCode;
  },
};

export type DiscountCodes = typeof discountCodes;
