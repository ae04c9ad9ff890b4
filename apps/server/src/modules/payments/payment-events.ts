import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema.ts';
import { toAccountDto } from '../accounts/account-dto.ts';
import type { BillingContext } from './billing-context.ts';
import { toPaymentDto } from './payment-dto.ts';
import { payments } from './payments.schema.ts';

/** What a billing step changed, announced after its transaction commits. */
export type BillingChanges = { paymentIds: Set<string>; accountIds: Set<string> };

export const noChanges = (): BillingChanges => ({ paymentIds: new Set(), accountIds: new Set() });

export const mergeChanges = (into: BillingChanges, from: BillingChanges) => {
  for (const id of from.paymentIds) into.paymentIds.add(id);
  for (const id of from.accountIds) into.accountIds.add(id);
  return into;
};

/** payment.updated and account.updated to the owning account, with the rows as they are now. */
export const publishChanges = async (
  { db, bus }: Pick<BillingContext, 'db' | 'bus'>,
  changes: BillingChanges,
) => {
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
