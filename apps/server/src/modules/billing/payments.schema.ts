import { CANCELLATION_REASONS, DISCOUNT_CODES, PAYMENT_STATUSES } from '@cdca/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instantColumn as at, decimalColumn as money } from '../../db/columns.ts';
import { accounts } from '../../db/schema.ts';

export const discountCode = pgEnum('discount_code', DISCOUNT_CODES);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const cancellationReason = pgEnum('cancellation_reason', CANCELLATION_REASONS);

/**
 * Each account's billing standing: the discount it signed up with (for life), when billing started (free
 * allowance reached), the next cycle to request, and why billing deactivated it, if it did. Only billing
 * deactivations are undone by billing: an owner's deactivation is left alone.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    accountId: uuid()
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    discountCode: discountCode(),
    billingStartedAt: at(),
    /** The cycle number the next payment gets; (accountId, cycle) is unique on payments. */
    nextCycle: integer().notNull().default(1),
    nextCycleAt: at(),
    /** Start of the cycle last requested: the usage fee is on volume from here to the next cycle. */
    lastCycleStart: at(),
    deactivatedBy: text({ enum: ['unpaid', 'cancelled'] }),
    cancelledAt: at(),
    cancellationReason: cancellationReason(),
    cancellationComment: text(),
    accessUntil: at(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [index('billing_accounts_next_cycle_idx').on(t.nextCycleAt)],
);

/** docs/product.md §3 Payment: one per account and 30-day cycle, never two (unique), priced when requested. */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    cycle: integer().notNull(),
    status: paymentStatus().notNull().default('pending'),
    discountCode: discountCode(),
    originalPrice: money().notNull(),
    basePrice: money().notNull(),
    usageVolume: money().notNull(),
    usageFee: money().notNull(),
    amountDue: money().notNull(),
    /** Over-payment credit from earlier cycles taken off amountDue (packages/engine overpaymentCredit). */
    creditApplied: money().notNull().default('0'),
    /** Confirmed money received on this payment's charges: what the provider counts settled, or a paid mark. */
    amountPaid: money().notNull().default('0'),
    /** Money seen on its charges but not confirmed yet: shown as confirming, never credited. */
    amountConfirming: money().notNull().default('0'),
    cycleStart: at().notNull(),
    cycleEnd: at().notNull(),
    dueAt: at().notNull(),
    paidAt: at(),
    /** The charge the trader is shown; older charges stay in payment_charges and still count if paid. */
    currentChargeId: uuid(),
    chargeHostedUrl: text(),
    chargeExpDate: at(),
    /** An owner's note when marked paid or voided by hand. */
    note: text(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_account_cycle_idx').on(t.accountId, t.cycle),
    index('payments_account_created_idx').on(t.accountId, t.createdAt),
    index('payments_due_idx').on(t.dueAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Every hosted charge issued for a payment, at whichever provider. A charge is never deleted: money that
 * arrives on an old or expired one still counts for its payment.
 */
export const paymentCharges = pgTable(
  'payment_charges',
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    provider: text({ enum: ['sandbox', 'btcpay'] }).notNull(),
    providerChargeId: text().notNull(),
    hostedUrl: text().notNull(),
    amount: money().notNull(),
    /** Everything seen, confirmed or not (BTCPay paidAmount). */
    amountReceived: money().notNull().default('0'),
    /** The part the provider counts settled: the only money booked. */
    amountConfirmed: money().notNull().default('0'),
    /** Decided by hand at the provider (BTCPay `Marked`). */
    mark: text({ enum: ['settled', 'invalid'] }),
    /** Until when the provider watches it: an expired charge is re-read until then (late money). */
    monitoringUntil: at(),
    status: text({ enum: ['new', 'processing', 'settled', 'expired', 'invalid'] })
      .notNull()
      .default('new'),
    /** Over-paid or paid after expiry, as the provider reported it. */
    exception: text({ enum: ['overpaid', 'paid-late', 'paid-partial'] }),
    expiresAt: at().notNull(),
    settledAt: at(),
    checkedAt: at(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_charges_provider_id_idx').on(t.provider, t.providerChargeId),
    index('payment_charges_payment_idx').on(t.paymentId),
    index('payment_charges_open_idx').on(t.expiresAt).where(sql`${t.status} in ('new', 'processing')`),
    index('payment_charges_watched_idx').on(t.monitoringUntil).where(sql`${t.status} = 'expired'`),
  ],
);

/**
 * Why a payment's booked money or status moved for a reason a person should be able to trace later: a charge
 * marked paid or invalid by hand at the provider, or a paid payment undone because its money went away.
 */
export const paymentAuditEntries = pgTable(
  'payment_audit_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    chargeId: uuid().references(() => paymentCharges.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['charge-marked-settled', 'charge-marked-invalid', 'payment-unpaid'] }).notNull(),
    detail: text().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('payment_audit_entries_payment_idx').on(t.paymentId, t.createdAt)],
);

/** Webhook deliveries already applied, by the provider's event id: a replay is answered and ignored. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    providerChargeId: text(),
    receivedAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Referral codes handed out by partners (modules/partners writes them); a sign-up with one earns its discount.
 * The lower-case key makes codes unique case-insensitively; `displayCode` keeps the partner's spelling.
 */
export const referralCodes = pgTable(
  'referral_codes',
  {
    /** Lower-case. */
    code: text().primaryKey(),
    displayCode: text(),
    discountCode: discountCode().notNull(),
    partnerAccountId: uuid().references(() => accounts.id, { onDelete: 'cascade' }),
    /** Landing visits through `?rc=` with this code (a beacon from the public site, docs/decisions/partner-programme.md). */
    clicks: integer().notNull().default(0),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('referral_codes_partner_idx').on(t.partnerAccountId)],
);
