import { PAYOUT_STATUSES } from '@cdca/contracts';
import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instantColumn as at, decimalColumn as money } from '../../db/columns.ts';
import { accounts } from '../../db/schema.ts';

export const payoutStatus = pgEnum('payout_status', PAYOUT_STATUSES);
export const ledgerEntryKind = pgEnum('partner_ledger_kind', [
  'commission',
  'commission-reversal',
  'payout',
  'payout-release',
]);

/**
 * Who brought whom: one row per referred account, written once when the account is created from a partner's
 * code and never changed, so the attribution is for life (docs/decisions/partner-programme.md).
 */
export const partnerReferrals = pgTable(
  'partner_referrals',
  {
    accountId: uuid()
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    partnerAccountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The referral code as stored (lower-case). */
    code: text().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('partner_referrals_partner_idx').on(t.partnerAccountId, t.code)],
);

/**
 * The commission ledger: append-only (migration 0018 adds a trigger that refuses UPDATE, DELETE and TRUNCATE, so
 * a partner account with entries cannot be hard-deleted either; the product only ever marks accounts deleted).
 * A balance is always a sum of entries. Each source (a payment for commissions, a payout for payouts) books each
 * kind at most once — the unique index is what makes a replayed or concurrent event harmless. Amounts are signed:
 * earnings positive, takings negative. No foreign key to payments: the ledger outlives a referred account.
 */
export const partnerLedgerEntries = pgTable(
  'partner_ledger_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    partnerAccountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: ledgerEntryKind().notNull(),
    /** The payment (commission kinds) or the payout (payout kinds) this entry books. */
    sourceId: uuid().notNull(),
    /** The referred account that paid, for commission kinds. */
    referredAccountId: uuid(),
    amount: money().notNull(),
    /** What the referred account actually paid, and the share applied, for commission kinds. */
    received: money(),
    rate: money(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partner_ledger_source_kind_idx').on(t.sourceId, t.kind),
    index('partner_ledger_partner_idx').on(t.partnerAccountId, t.createdAt),
  ],
);

/** A partner's request to be paid the available balance in USDC; an owner approves, pays or rejects it. */
export const partnerPayouts = pgTable(
  'partner_payouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    partnerAccountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    amount: money().notNull(),
    /** A USDC (Ethereum) address in its EIP-55 checksummed form. */
    address: text().notNull(),
    status: payoutStatus().notNull().default('requested'),
    txHash: text(),
    rejectionReason: text(),
    decidedByAccountId: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
    approvedAt: at(),
    paidAt: at(),
    rejectedAt: at(),
  },
  (t) => [
    index('partner_payouts_partner_idx').on(t.partnerAccountId, t.createdAt),
    index('partner_payouts_status_idx').on(t.status, t.createdAt),
    check('partner_payouts_amount_positive', sql`${t.amount} > 0`),
  ],
);
