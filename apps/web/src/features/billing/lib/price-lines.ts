import type { TCycleQuote, TDiscountCode, TPayment } from '@cdca/contracts';
import { formatUsd, money, remainingDue, STAGING_TOTAL_USD } from '@cdca/engine';

/** What the payment summary card prices: a quote from priceCycle (packages/engine) or a requested payment. */
export type PriceBreakdown = {
  discountCode: TDiscountCode | null;
  originalPrice: string;
  basePrice: string;
  usageFee: string;
  /** Over-payment credit from earlier cycles, already taken off amountDue. */
  credit: string;
  amountDue: string;
  /** Received so far on earlier charges of the same payment (confirmed money only). */
  amountPaid: string;
  /** Seen on its charges but not confirmed by the network yet: shown, never taken off what is due. */
  amountConfirming?: string;
};

/** The card's lines, formatted: every figure comes from decimal strings, never a float. */
export type PriceLines = {
  discountCode: TDiscountCode | null;
  /** The Standard price, struck through, only when a discount code lowers it. */
  struckPrice: string | null;
  /** What the discount saves every cycle, e.g. '$15.00'; null without a discount. */
  savings: string | null;
  basePrice: string;
  /** Null when there are none (volume within the included $500k). */
  usageFees: string | null;
  /** Over-payment credit taken off, e.g. '−$5.00'; null without credit. */
  credit: string | null;
  total: string;
  /** Null until part of the payment has arrived. */
  paidSoFar: string | null;
  /** Null unless money is waiting for confirmations (docs/decisions/book-only-confirmed-money.md). */
  confirming: string | null;
  /** What is still to pay: the total less what arrived. */
  due: string;
};

export const breakdownOfQuote = (quote: TCycleQuote): PriceBreakdown => ({
  discountCode: quote.discountCode,
  originalPrice: quote.originalPrice,
  basePrice: quote.basePrice,
  usageFee: quote.usageFee,
  credit: quote.credit,
  amountDue: quote.amountDue,
  amountPaid: '0',
});

export const breakdownOfPayment = (payment: TPayment): PriceBreakdown => ({
  discountCode: payment.discountCode,
  originalPrice: payment.originalPrice,
  basePrice: payment.basePrice,
  usageFee: payment.usageFee,
  credit: payment.creditApplied,
  amountDue: payment.amountDue,
  amountPaid: payment.amountPaid,
  amountConfirming: payment.amountConfirming,
});

/**
 * docs/product.md §2 payment summary card: usage fees are amountDue minus the base price (amountDue before any credit),
 * shown to 2 decimals when nonzero. In staging the total is a flat $1.00 (and a free account's is $0.00), so there
 * the difference means nothing and the priced usage fee is shown instead.
 */
const usageFeesOf = (breakdown: PriceBreakdown, staging: boolean) => {
  const due = money(breakdown.amountDue).plus(breakdown.credit);
  const base = money(breakdown.basePrice);
  const fee = staging || due.lt(base) ? money(breakdown.usageFee) : due.minus(base);
  return fee.isZero() ? null : formatUsd(fee);
};

export const priceLines = (breakdown: PriceBreakdown, { staging }: { staging: boolean }): PriceLines => {
  const saved = money(breakdown.originalPrice).minus(money(breakdown.basePrice));
  const discounted = breakdown.discountCode !== null && saved.gt(0);
  const credit = money(breakdown.credit);
  const amountDue = staging ? remainingDue(STAGING_TOTAL_USD, breakdown.credit) : breakdown.amountDue;
  const paid = money(breakdown.amountPaid);
  return {
    discountCode: breakdown.discountCode,
    struckPrice: discounted ? formatUsd(money(breakdown.originalPrice)) : null,
    savings: discounted ? formatUsd(saved) : null,
    basePrice: formatUsd(money(breakdown.basePrice)),
    usageFees: usageFeesOf(breakdown, staging),
    credit: credit.gt(0) ? `−${formatUsd(credit)}` : null,
    total: formatUsd(money(amountDue)),
    paidSoFar: paid.gt(0) ? formatUsd(paid) : null,
    confirming: money(breakdown.amountConfirming ?? '0').gt(0)
      ? formatUsd(money(breakdown.amountConfirming ?? '0'))
      : null,
    due: formatUsd(money(remainingDue(amountDue, breakdown.amountPaid))),
  };
};

/** '$100' for whole dollars, '$99.50' otherwise: allowance figures in running text. */
export const formatUsdShort = (amount: string): string => formatUsd(money(amount)).replace(/\.00$/, '');
