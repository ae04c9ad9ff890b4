import { money, ROUND_DOWN } from '@cdca/engine';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../billing/payments.schema.ts';
import { partnerLedgerEntries, partnerReferrals } from './partners.schema.ts';

/**
 * What a paid payment actually brought in: the confirmed money on its charges, or its amount due when an owner
 * marked it paid by hand (money received another way). A cycle the over-payment credit covered brought nothing
 * new (its money was counted on the payment that was over-paid). docs/decisions/partner-programme.md.
 */
export const receivedOn = (payment: { amountPaid: string; amountDue: string }) =>
  money(payment.amountPaid).gt(payment.amountDue) ? money(payment.amountPaid) : money(payment.amountDue);

/** The partner's share, to the cent, rounded down: a commission never exceeds the share of what was received. */
export const commissionOn = (received: string, rate: string) =>
  money(received).times(rate).toDecimalPlaces(2, ROUND_DOWN);

/**
 * Brings the ledger in line with one payment, once. Paid and referred → a commission entry; no longer paid after
 * a commission was booked → its counter-entry. The payment row is locked so this is ordered with billing's own
 * changes to it, and (source, kind) is unique, so a replayed or concurrent call books nothing twice. A payment
 * whose commission was reversed is never booked again: each payment counts at most once.
 */
export const settlePaymentCommission = async (db: Db, paymentId: string, rate: string): Promise<void> => {
  await db.transaction(async (tx) => {
    const [payment] = await tx
      .select({
        id: payments.id,
        accountId: payments.accountId,
        status: payments.status,
        amountPaid: payments.amountPaid,
        amountDue: payments.amountDue,
      })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update');
    if (!payment) return;
    const [referral] = await tx
      .select()
      .from(partnerReferrals)
      .where(eq(partnerReferrals.accountId, payment.accountId));
    if (!referral) return;
    const booked = await tx
      .select()
      .from(partnerLedgerEntries)
      .where(
        and(
          eq(partnerLedgerEntries.sourceId, payment.id),
          inArray(partnerLedgerEntries.kind, ['commission', 'commission-reversal']),
        ),
      );
    const commission = booked.find((entry) => entry.kind === 'commission');
    const reversed = booked.some((entry) => entry.kind === 'commission-reversal');
    if (payment.status === 'paid' && !commission) {
      const received = receivedOn(payment);
      const amount = commissionOn(received.toFixed(), rate);
      if (amount.lte(0)) return;
      await tx
        .insert(partnerLedgerEntries)
        .values({
          partnerAccountId: referral.partnerAccountId,
          kind: 'commission',
          sourceId: payment.id,
          referredAccountId: payment.accountId,
          amount: amount.toFixed(2),
          received: received.toFixed(),
          rate,
        })
        .onConflictDoNothing();
    } else if (payment.status !== 'paid' && commission && !reversed) {
      await tx
        .insert(partnerLedgerEntries)
        .values({
          partnerAccountId: commission.partnerAccountId,
          kind: 'commission-reversal',
          sourceId: payment.id,
          referredAccountId: payment.accountId,
          amount: money(commission.amount).negated().toFixed(2),
          received: commission.received,
          rate: commission.rate,
        })
        .onConflictDoNothing();
    }
  });
};

/**
 * The payments of a partner's referred accounts whose ledger may lag behind them: paid without a commission, or
 * no longer paid with one not yet reversed (a paid payment that brought in nothing earns nothing). Settling them
 * makes the ledger catch up after a crash between billing's commit and its announcement.
 */
export const unsettledPaymentIds = async (db: Db, partnerAccountId: string): Promise<string[]> => {
  const commission = sql`exists (select 1 from ${partnerLedgerEntries} e where e.source_id = ${payments.id} and e.kind = 'commission')`;
  const reversal = sql`exists (select 1 from ${partnerLedgerEntries} e where e.source_id = ${payments.id} and e.kind = 'commission-reversal')`;
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(partnerReferrals, eq(partnerReferrals.accountId, payments.accountId))
    .where(
      and(
        eq(partnerReferrals.partnerAccountId, partnerAccountId),
        sql`((${payments.status} = 'paid' and greatest(${payments.amountPaid}, ${payments.amountDue}) > 0 and not ${commission} and not ${reversal}) or (${payments.status} <> 'paid' and ${commission} and not ${reversal}))`,
      ),
    );
  return rows.map((row) => row.id);
};
