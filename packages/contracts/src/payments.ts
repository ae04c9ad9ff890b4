import { z } from 'zod/mini';
import { ZDecimal } from './decimal.ts';
import { text } from './text.ts';

/** Dollars and cents, e.g. '64.98'. */
const usd = z.string().check(z.regex(/^\d+\.\d{2}$/));

const queryFlag = z.pipe(
  z.enum(['true', 'false']),
  z.transform((value) => value === 'true'),
);

/** Arrays repeat the key without indices (`status=pending&status=past-due`); one value arrives as a string. */
const repeated = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.transform((value: unknown) => (value === undefined || Array.isArray(value) ? value : [value])),
    z.array(item).check(z.maxLength(20)),
  );

/** docs/product.md §3 discount codes; a code applies for the life of the account (docs/decisions/billing-rules.md). */
export const DISCOUNT_CODES = [
  'PrimordiumSpecial',
  'BetaTesterSpecial',
  'LaunchSpecial',
  'PartnerReferral',
  'AcademyReferral',
] as const;
export const ZDiscountCode = z.enum(DISCOUNT_CODES);
export type TDiscountCode = z.infer<typeof ZDiscountCode>;

/** The same codes as docs/product.md §3 writes them elsewhere ("kinds"), for logos and CSS class names. */
export const DISCOUNT_CODE_KINDS: Readonly<Record<TDiscountCode, string>> = {
  PrimordiumSpecial: 'primordium-special',
  BetaTesterSpecial: 'beta-tester-special',
  LaunchSpecial: 'launch-special',
  PartnerReferral: 'partner-referral',
  AcademyReferral: 'academy-referral',
};

/** docs/product.md §9: partners see their own price column; standard and owner accounts pay the regular one. */
export const ZPricingTier = z.enum(['regular', 'partner']);
export type TPricingTier = z.infer<typeof ZPricingTier>;

/**
 * What one 30-day cycle costs (packages/engine billing `priceCycle`; the browser runs the same function).
 * amountDue = basePrice + usageFee − credit, except staging ($1.00 − credit) and free accounts ($0.00).
 */
export const ZCycleQuote = z.object({
  tier: ZPricingTier,
  discountCode: z.nullable(ZDiscountCode),
  /** The Standard price of the tier: shown struck through when `discounted`. */
  originalPrice: usd,
  /** The price after the discount code. */
  basePrice: usd,
  discounted: z.boolean(),
  /** Bought plus sold value in the usage period. */
  usageVolume: ZDecimal,
  /** The part of the volume above the included $500k. */
  billableVolume: ZDecimal,
  usageFeeRate: ZDecimal,
  usageFee: usd,
  /** Over-payment credit from earlier cycles taken off this cycle (never more than its total). */
  credit: usd,
  amountDue: usd,
  /** APP_ENV=staging: every total is $1.00. */
  staging: z.boolean(),
  freeAccount: z.boolean(),
});
export type TCycleQuote = z.infer<typeof ZCycleQuote>;

/**
 * docs/product.md §3 payment statuses. pending: requested, not yet paid, before dueAt. posted: the provider has seen the
 * full amount, waiting for confirmation (the past-due clock stops). paid: money confirmed. past-due: unpaid after
 * dueAt (the account is deactivated). expired: no longer owed (plan cancelled, free account, voided by an owner);
 * money that still arrives for it turns it paid.
 */
export const PAYMENT_STATUSES = ['pending', 'posted', 'paid', 'past-due', 'expired'] as const;
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

/** Payments the trader still has to act on (the past-due modal, docs/product.md §4). */
export const UNPAID_PAYMENT_STATUSES: readonly TPaymentStatus[] = ['pending', 'past-due'];

/** docs/product.md §3 Payment, plus what the screens show: the price breakdown, the cycle and when it was paid. */
export const ZPayment = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  status: ZPaymentStatus,
  /** 1 for the first payment after the free allowance, then one per 30-day cycle. */
  cycle: z.int().check(z.gte(1)),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Pay before this or the account is deactivated (created + 5 days). */
  dueAt: z.iso.datetime(),
  /** The current hosted charge; null until one is issued. A charge expires on its own (generate-new-charge). */
  chargeExpDate: z.nullable(z.iso.datetime()),
  chargeHostedUrl: z.nullable(z.string()),
  discountCode: z.nullable(ZDiscountCode),
  originalPrice: usd,
  basePrice: usd,
  usageVolume: ZDecimal,
  usageFee: usd,
  /** Over-payment credit from earlier cycles already taken off amountDue. */
  creditApplied: usd,
  amountDue: usd,
  /** Confirmed money received on this payment's charges (partial payments count toward the next charge). */
  amountPaid: ZDecimal,
  /**
   * Money seen on its charges but not confirmed yet (a payment awaiting its blocks): shown as confirming, never
   * credited. Optional for older servers.
   */
  amountConfirming: z.optional(ZDecimal),
  /** The 30 days this payment pays for; the usage fee is on the volume of the 30 days before. */
  cycleStart: z.iso.datetime(),
  cycleEnd: z.iso.datetime(),
  paidAt: z.nullable(z.iso.datetime()),
});
export type TPayment = z.infer<typeof ZPayment>;

/** Realtime `payment.updated`: the payment as GET /api/v1/payments/{id} answers it. */
export const ZPaymentUpdatedEvent = ZPayment;
export type TPaymentUpdatedEvent = TPayment;

/** GET /api/v1/payments (docs/product.md §7). An owner may name any account; everyone else only their own. */
export const ZListPaymentsQuery = z.strictObject({
  accountId: z.uuid(),
  status: z.optional(repeated(ZPaymentStatus)),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  includeTotal: z.optional(queryFlag),
});
export type TListPaymentsQuery = z.infer<typeof ZListPaymentsQuery>;

/**
 * Server time: the billing clock's now when the answer was made. The browser judges due dates and charge expiries
 * against it (offset from its own clock), never against the device clock alone, which may be wrong or, outside
 * production, behind a billing clock moved forward by the billing controls.
 */
const serverNow = z.iso.datetime();

/** Newest first. `total` only when includeTotal=true. */
export const ZPaymentList = z.object({
  payments: z.array(ZPayment),
  total: z.optional(z.int()),
  now: serverNow,
});
export type TPaymentList = z.infer<typeof ZPaymentList>;

export const ZPaymentParams = z.strictObject({ id: z.uuid() });

/**
 * POST /api/v1/payments: ask for a payment now (a deactivated or cancelled account that wants back in).
 * Answers the account's unpaid payment when there already is one.
 */
export const ZCreatePaymentBody = z.strictObject({ accountId: z.uuid() });
export type TCreatePaymentBody = z.infer<typeof ZCreatePaymentBody>;

/** PATCH /api/v1/payments/{id}: owners only: record a payment made another way, or void one. */
export const ZUpdatePaymentBody = z.strictObject({
  status: z.enum(['paid', 'expired']),
  note: text().check(z.trim(), z.minLength(1), z.maxLength(500)),
});
export type TUpdatePaymentBody = z.infer<typeof ZUpdatePaymentBody>;

/** docs/product.md §3 cancellation reasons. */
export const CANCELLATION_REASONS = [
  'too-expensive',
  'lack-of-usage',
  'technical-issues',
  'poor-user-experience',
  'customer-support-issues',
  'switching-to-competitor',
  'payment-issues',
  'security-or-privacy-concerns',
] as const;
export const ZCancellationReason = z.enum(CANCELLATION_REASONS);
export type TCancellationReason = z.infer<typeof ZCancellationReason>;

/** POST /api/v1/billing/cancellation: stop billing; access ends when the paid cycle does. */
export const ZCancelPlanBody = z.strictObject({
  accountId: z.uuid(),
  reason: ZCancellationReason,
  comment: z.optional(text().check(z.trim(), z.maxLength(1000))),
});
export type TCancelPlanBody = z.infer<typeof ZCancelPlanBody>;

/** GET /api/v1/billing and DELETE /api/v1/billing/cancellation (resume). */
export const ZBillingQuery = z.strictObject({ accountId: z.uuid() });
export type TBillingQuery = z.infer<typeof ZBillingQuery>;

export const ZBillingCancellation = z.object({
  cancelledAt: z.iso.datetime(),
  reason: ZCancellationReason,
  comment: z.nullable(z.string()),
  /** The account stays active until then (end of the paid cycle, or at once when nothing was paid). */
  accessUntil: z.iso.datetime(),
});
export type TBillingCancellation = z.infer<typeof ZBillingCancellation>;

/**
 * free: freeAccount, never pays. allowance: free until realised profit reaches the allowance. billing: a payment
 * every 30 days. cancelled: no more payments.
 */
export const ZBillingState = z.enum(['free', 'allowance', 'billing', 'cancelled']);
export type TBillingState = z.infer<typeof ZBillingState>;

/** GET /api/v1/billing?accountId=: what Settings → billing and the payment screen show. */
export const ZBillingSummary = z.object({
  accountId: z.uuid(),
  state: ZBillingState,
  freeAccount: z.boolean(),
  plan: z.object({
    name: z.literal('Standard'),
    tier: ZPricingTier,
    cycleDays: z.int(),
    daysToPay: z.int(),
  }),
  discountCode: z.nullable(ZDiscountCode),
  /** The next cycle's price at the volume traded so far in the current one. */
  quote: ZCycleQuote,
  /** What the trader owes right now: the unpaid payments' amounts, or 0.00 (onboarding shows "$0.00 due today"). */
  dueToday: usd,
  /** Over-payment credit waiting for the next payment (already counted in `quote`). */
  credit: usd,
  allowance: z.object({
    limit: usd,
    realisedProfit: ZDecimal,
    /** limit − realisedProfit, never below 0. */
    remaining: usd,
    reached: z.boolean(),
  }),
  billingStartedAt: z.nullable(z.iso.datetime()),
  /** When the next payment will be requested; null while free, cancelled or waiting for a past-due payment. */
  nextPaymentAt: z.nullable(z.iso.datetime()),
  /** The due date of the oldest unpaid payment, else null. */
  nextDueAt: z.nullable(z.iso.datetime()),
  currentCycle: z.nullable(z.object({ start: z.iso.datetime(), end: z.iso.datetime(), volume: ZDecimal })),
  cancellation: z.nullable(ZBillingCancellation),
  now: serverNow,
});
export type TBillingSummary = z.infer<typeof ZBillingSummary>;

/** PUT /api/v1/billing/discount-code: owners grant or remove a discount (BetaTesterSpecial, PrimordiumSpecial…). */
export const ZSetDiscountCodeBody = z.strictObject({
  accountId: z.uuid(),
  discountCode: z.nullable(ZDiscountCode),
});
export type TSetDiscountCodeBody = z.infer<typeof ZSetDiscountCodeBody>;

/** Webhook endpoints answer this to the provider. */
export const ZWebhookAck = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type TWebhookAck = z.infer<typeof ZWebhookAck>;

/**
 * POST /api/v1/billing-controls/advance (development and test only, owners): move the billing clock forward and
 * run the scheduler once, so a journey can make a payment due and past due in seconds.
 */
export const ZAdvanceBillingClockBody = z.strictObject({
  hours: z.number().check(z.int(), z.gte(0), z.lte(24 * 400)),
});
export type TAdvanceBillingClockBody = z.infer<typeof ZAdvanceBillingClockBody>;

/** What one scheduler run did. */
export const ZBillingTickResult = z.object({
  now: z.iso.datetime(),
  offsetHours: z.int(),
  billingStarted: z.int(),
  paymentsRequested: z.int(),
  /** Payments this run moved into past-due, whichever of its steps found them (the charge sweep or the due check). */
  pastDue: z.int(),
  /** Charges this run found expired. */
  chargesExpired: z.int(),
  /** Charges this run asked the provider about. */
  chargesReconciled: z.int(),
  accessEnded: z.int(),
});
export type TBillingTickResult = z.infer<typeof ZBillingTickResult>;
