import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import type { Tx } from '../billing/billing-context.ts';
import { payments, referralCodes } from '../billing/payments.schema.ts';
import { partnerLedgerEntries, partnerPayouts, partnerReferrals } from './partners.schema.ts';

export type PayoutRow = typeof partnerPayouts.$inferSelect;
export type LedgerKind = (typeof partnerLedgerEntries.$inferSelect)['kind'];

/** Every query of the partner programme; balances are sums of the ledger, never stored counters. */
export const createPartnersRepository = (db: Db) => ({
  codesOf: (partnerAccountId: string) =>
    db
      .select()
      .from(referralCodes)
      .where(eq(referralCodes.partnerAccountId, partnerAccountId))
      .orderBy(desc(referralCodes.createdAt)),

  findCode: (code: string) =>
    db
      .select()
      .from(referralCodes)
      .where(eq(referralCodes.code, code))
      .limit(1)
      .then((rows) => rows[0]),

  /** Inserts the code unless it exists in any spelling; answers whether it was inserted. */
  insertCode: async (values: {
    code: string;
    displayCode: string;
    partnerAccountId: string;
    createdAt: Date;
  }) => {
    const inserted = await db
      .insert(referralCodes)
      .values({ ...values, discountCode: 'PartnerReferral' })
      .onConflictDoNothing()
      .returning();
    return inserted.length > 0;
  },

  countClick: (code: string) =>
    db
      .update(referralCodes)
      .set({ clicks: sql`${referralCodes.clicks} + 1` })
      .where(eq(referralCodes.code, code)),

  /** The partner's referred accounts with their status and when they joined. */
  referralsOf: (partnerAccountId: string) =>
    db
      .select({
        accountId: partnerReferrals.accountId,
        code: partnerReferrals.code,
        joinedAt: partnerReferrals.createdAt,
        status: accounts.status,
      })
      .from(partnerReferrals)
      .innerJoin(accounts, eq(accounts.id, partnerReferrals.accountId))
      .where(eq(partnerReferrals.partnerAccountId, partnerAccountId))
      .orderBy(desc(partnerReferrals.createdAt)),

  paidPaymentsOf: (accountIds: string[]) =>
    accountIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            accountId: payments.accountId,
            amountPaid: payments.amountPaid,
            amountDue: payments.amountDue,
          })
          .from(payments)
          .where(and(inArray(payments.accountId, accountIds), eq(payments.status, 'paid'))),

  ledgerOf: (partnerAccountId: string) =>
    db.select().from(partnerLedgerEntries).where(eq(partnerLedgerEntries.partnerAccountId, partnerAccountId)),

  /** Σ of the partner's ledger, read inside the caller's transaction (under the partner's row lock). */
  availableIn: async (tx: Tx, partnerAccountId: string) => {
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${partnerLedgerEntries.amount}), 0)` })
      .from(partnerLedgerEntries)
      .where(eq(partnerLedgerEntries.partnerAccountId, partnerAccountId));
    return String(row?.total ?? '0');
  },

  /** Serialises one partner's payout requests: two tabs cannot both take the same balance. */
  lockPartner: (tx: Tx, partnerAccountId: string) =>
    tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, partnerAccountId)).for('update'),

  payoutsOf: (partnerAccountId: string) =>
    db
      .select()
      .from(partnerPayouts)
      .where(eq(partnerPayouts.partnerAccountId, partnerAccountId))
      .orderBy(desc(partnerPayouts.createdAt)),

  lockPayout: (tx: Tx, id: string) =>
    tx
      .select()
      .from(partnerPayouts)
      .where(eq(partnerPayouts.id, id))
      .for('update')
      .then((rows) => rows[0]),

  /** Every payout request for owners, newest first, with whose it is. */
  allPayouts: (status?: PayoutRow['status']) =>
    db
      .select({ payout: partnerPayouts, partnerUserId: accounts.userId, partnerEmail: accounts.email })
      .from(partnerPayouts)
      .innerJoin(accounts, eq(accounts.id, partnerPayouts.partnerAccountId))
      .where(status ? eq(partnerPayouts.status, status) : undefined)
      .orderBy(desc(partnerPayouts.createdAt))
      .limit(500),

  insertLedgerEntry: (
    tx: Tx,
    values: { partnerAccountId: string; kind: LedgerKind; sourceId: string; amount: string; createdAt: Date },
  ) => tx.insert(partnerLedgerEntries).values(values).onConflictDoNothing(),
});

export type PartnersRepository = ReturnType<typeof createPartnersRepository>;
