import type { TCycleQuote, TDiscountCode, TPricingTier } from '@cdca/contracts';
import { formatExact } from '../money/format-fixed.ts';
import { CENT, MoneyDecimal, money, ROUND_DOWN, ROUND_HALF_UP, ZERO } from '../money/money-decimal.ts';
import { parseDecimal } from '../money/parse-decimal.ts';
import { INCLUDED_VOLUME_USD, PLAN_PRICES, STAGING_TOTAL_USD } from './plan-table.ts';

export type PriceCycleInput = {
  tier: TPricingTier;
  discountCode: TDiscountCode | null;
  /** Bought plus sold value in the usage period, a decimal string ≥ 0. */
  usageVolume: string;
  /** Fee per dollar of volume beyond the included $500k, e.g. '0.0005'. */
  usageFeeRate: string;
  staging?: boolean;
  freeAccount?: boolean;
  /** Over-payment credit the account has from earlier cycles (overpaymentCredit), a decimal string ≥ 0. */
  credit?: string;
};

const readAmount = (value: string, what: string): MoneyDecimal => {
  const parsed = parseDecimal(value);
  if (!parsed.ok) throw new RangeError(`${what} must be a plain decimal ≥ 0, got ${JSON.stringify(value)}`);
  return parsed.value;
};

const cents = (value: MoneyDecimal) => value.toFixed(2, ROUND_HALF_UP);

/** The usage fee is charged to the cent, half up: $0.005 of fee is a cent. */
const usageFeeOf = (billableVolume: MoneyDecimal, rate: MoneyDecimal) =>
  billableVolume.mul(rate).toDecimalPlaces(2, ROUND_HALF_UP);

/**
 * Prices one 30-day cycle (docs/product.md §9, docs/decisions/billing-rules.md): the tier's price after the discount code, plus the usage
 * fee on volume above $500k, less any over-payment credit (never below $0.00). Staging bills $1.00 and a free account $0.00, but the breakdown stays visible so
 * the screens can show what the plan would cost. Pure: the server bills with it and the browser shows it.
 */
export const priceCycle = (input: PriceCycleInput): TCycleQuote => {
  const volume = readAmount(input.usageVolume, 'usageVolume');
  const rate = readAmount(input.usageFeeRate, 'usageFeeRate');
  const originalPrice = money(PLAN_PRICES.Standard[input.tier]);
  const basePrice = money(PLAN_PRICES[input.discountCode ?? 'Standard'][input.tier]);
  const beyondIncluded = volume.minus(INCLUDED_VOLUME_USD);
  const billableVolume = beyondIncluded.isNegative() ? ZERO : beyondIncluded;
  const usageFee = usageFeeOf(billableVolume, rate);
  const freeAccount = input.freeAccount ?? false;
  const staging = input.staging ?? false;
  const total = freeAccount ? ZERO : staging ? money(STAGING_TOTAL_USD) : basePrice.plus(usageFee);
  // Credit is whole cents taken off the total, never more than the total: what is left over waits for the next.
  const available = readAmount(input.credit ?? '0', 'credit').toDecimalPlaces(2, ROUND_DOWN);
  const credit = MoneyDecimal.min(available, total);
  return {
    tier: input.tier,
    discountCode: input.discountCode,
    originalPrice: cents(originalPrice),
    basePrice: cents(basePrice),
    discounted: basePrice.lt(originalPrice),
    usageVolume: formatExact(volume),
    billableVolume: formatExact(billableVolume),
    usageFeeRate: formatExact(rate),
    usageFee: cents(usageFee),
    credit: cents(credit),
    amountDue: cents(total.minus(credit)),
    staging,
    freeAccount,
  };
};

/** What is left to pay once `paid` has arrived on earlier charges; never below zero, in cents. */
export const remainingDue = (amountDue: string, paid: string): string => {
  const left = readAmount(amountDue, 'amountDue').minus(readAmount(paid, 'paid'));
  return cents(left.lt(CENT) ? ZERO : left.toDecimalPlaces(2, ROUND_HALF_UP));
};
