import { money, overpaymentCredit } from '@cdca/engine';
import { eq } from 'drizzle-orm';
import { closedEpicsProfit, fillValueBetween } from '../epics/epic-totals.ts';
import type { Tx } from './billing-context.ts';
import { payments } from './payments.schema.ts';

/** Realised profit: profitsDollarAmount summed over the account's closed epics (docs/decisions/billing-rules.md), losses included. */
export const realisedProfit = async (tx: Tx, accountId: string): Promise<string> =>
  money(await closedEpicsProfit(tx, accountId)).toFixed();

/**
 * Volume in [from, to): every fill's value, bought plus sold (docs/product.md §9: bought $10 and sold $20 is $30).
 * Fills are read by when they happened, so a cycle's volume never moves once the cycle is over.
 */
export const volumeBetween = async (tx: Tx, accountId: string, from: Date, to: Date): Promise<string> =>
  money(await fillValueBetween(tx, accountId, from, to)).toFixed();

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
