import type { TAccountStatus } from '@cdca/contracts';
import { type TPayment, UNPAID_PAYMENT_STATUSES } from '@cdca/contracts';

/** docs/product.md §9: the past-due warning shows within 24 hours of the due date. */
export const WARNING_WINDOW_MS = 24 * 60 * 60 * 1000;

export const PAST_DUE_TITLES = {
  warning: 'PAST-DUE WARNING',
  requested: 'NEW PAYMENT REQUESTED',
} as const;

/** requested: due later than 24 h from now; due-soon: within 24 h; overdue: the due date has passed. */
export type Urgency = 'requested' | 'due-soon' | 'overdue';

export const isUnpaid = (payment: TPayment): boolean => UNPAID_PAYMENT_STATUSES.includes(payment.status);

/** The unpaid payment the trader must act on first: the one due soonest. */
export const firstUnpaid = (payments: readonly TPayment[]): TPayment | undefined =>
  payments.filter(isUnpaid).sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt))[0];

export const urgencyOf = (payment: TPayment, now: number): Urgency => {
  const left = Date.parse(payment.dueAt) - now;
  if (payment.status === 'past-due' || left <= 0) return 'overdue';
  return left <= WARNING_WINDOW_MS ? 'due-soon' : 'requested';
};

/**
 * docs/product.md §2, §4: 'PAST-DUE WARNING' once the due date is within 24 hours (and, for an owner-reactivated account,
 * after it), else 'NEW PAYMENT REQUESTED'.
 */
export const pastDueTitle = (payment: TPayment, now: number): string =>
  urgencyOf(payment, now) === 'requested' ? PAST_DUE_TITLES.requested : PAST_DUE_TITLES.warning;

/** The charge shown can no longer be paid (or none was issued yet): ask the server for a fresh one. */
export const chargeNeedsRenewal = (payment: TPayment, now: number): boolean =>
  isUnpaid(payment) &&
  (!payment.chargeHostedUrl || !payment.chargeExpDate || Date.parse(payment.chargeExpDate) <= now);

/**
 * Each payment opens the modal once per session and title: a new request shows once, and again when it turns
 * into a 24-hour warning.
 */
export const modalShowingKey = (payment: TPayment, now: number): string =>
  `${payment.id}:${pastDueTitle(payment, now)}`;

export type PastDueModalInput = {
  accountStatus: TAccountStatus;
  /** A pid is waiting for its status check: the trader is just back from paying. */
  returningFromPayment: boolean;
  payment: TPayment | undefined;
  shown: ReadonlySet<string>;
  now: number;
};

/**
 * docs/product.md §4: an active account, an unpaid payment, no pid pending, not shown yet this session. The modal lives in
 * the signed-in layout, so public and login paths never see it.
 */
export const shouldOpenPastDueModal = ({
  accountStatus,
  returningFromPayment,
  payment,
  shown,
  now,
}: PastDueModalInput): boolean =>
  accountStatus === 'active' &&
  !returningFromPayment &&
  payment !== undefined &&
  isUnpaid(payment) &&
  !shown.has(modalShowingKey(payment, now));
