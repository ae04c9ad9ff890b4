import type { TPayment } from '@cdca/contracts';
import { money, ROUND_HALF_UP } from '@cdca/engine';
import type { payments } from './payments.schema.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** numeric(38,18) comes back padded ('64.980000000000000000'); the wire wants cents or a plain decimal. */
export const usd = (value: string) => money(value).toFixed(2, ROUND_HALF_UP);
export const plainDecimal = (value: string) => money(value).toFixed();

export const toPaymentDto = (row: PaymentRow): TPayment => ({
  id: row.id,
  accountId: row.accountId,
  status: row.status,
  cycle: row.cycle,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  dueAt: row.dueAt.toISOString(),
  chargeExpDate: row.chargeExpDate?.toISOString() ?? null,
  chargeHostedUrl: row.chargeHostedUrl,
  discountCode: row.discountCode,
  originalPrice: usd(row.originalPrice),
  basePrice: usd(row.basePrice),
  usageVolume: plainDecimal(row.usageVolume),
  usageFee: usd(row.usageFee),
  creditApplied: usd(row.creditApplied),
  amountDue: usd(row.amountDue),
  amountPaid: plainDecimal(row.amountPaid),
  amountConfirming: plainDecimal(row.amountConfirming),
  cycleStart: row.cycleStart.toISOString(),
  cycleEnd: row.cycleEnd.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
});
