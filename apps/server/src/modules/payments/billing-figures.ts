import { overpaymentCredit } from '@cdca/engine/billing/overpayment-credit.ts';
import { money } from '@cdca/engine/money/money-decimal.ts';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { epicFills, epics } from '../epics/epics.schema.ts';
import type { Tx } from './billing-context.ts';
import { payments } from './payments.schema.ts';

/** Realised profit: profitsDollarAmount summed over the account's closed epics (DESIGN.md §6), losses included. */
export const realisedProfit = async (tx: Tx, accountId: string): Promise<string> => {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${epics.profitsDollarAmount}), 0)::text` })
    .from(epics)
    .where(and(eq(epics.accountId, accountId), eq(epics.status, 'closed')));
  return money(row?.total ?? '0').toFixed();
};

/**
 * Volume in [from, to): every fill's value, bought plus sold (SPEC.md §9: bought $10 and sold $20 is $30).
 * Fills are read by when they happened, so a cycle's volume never moves once the cycle is over.
 */
export const volumeBetween = async (tx: Tx, accountId: string, from: Date, to: Date): Promise<string> => {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${epicFills.price} * ${epicFills.size}), 0)::text` })
    .from(epicFills)
    .innerJoin(epics, eq(epics.id, epicFills.epicId))
    .where(and(eq(epics.accountId, accountId), gte(epicFills.filledAt, from), lt(epicFills.filledAt, to)));
  return money(row?.total ?? '0').toFixed();
};

/** Over-payment credit the account's next payment takes (derived from its payments: never counted twice). */
export const availableCredit = async (tx: Tx, accountId: string): Promise<string> => {
  const rows = await tx
    .select({
      status: payments.status,
      amountDue: payments.amountDue,
      amountPaid: payments.amountPaid,
      creditApplied: payments.creditApplied,
    })
    .from(payments)
    .where(eq(payments.accountId, accountId));
  return overpaymentCredit(rows);
};
