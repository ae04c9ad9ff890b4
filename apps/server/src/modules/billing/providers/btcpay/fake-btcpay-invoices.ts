import { randomBytes } from 'node:crypto';
import { money } from '@cdca/engine';

export type InvoiceStatus = 'New' | 'Processing' | 'Expired' | 'Invalid' | 'Settled';
type AdditionalStatus = 'None' | 'PaidLate' | 'PaidPartial' | 'Marked' | 'Invalid' | 'PaidOver';
export type SpeedPolicy = 'HighSpeed' | 'MediumSpeed' | 'LowMediumSpeed' | 'LowSpeed';
type PaymentStatus = 'Processing' | 'Settled' | 'Invalid';

/** Confirmations a payment needs before BTCPay counts it settled, by the invoice's speed policy. */
const CONFIRMATIONS_NEEDED: Record<SpeedPolicy, number> = {
  HighSpeed: 0,
  MediumSpeed: 1,
  LowMediumSpeed: 2,
  LowSpeed: 6,
};

/** BTC per USD the fake's wallet pays at: payments are reported in BTC, as BTCPay reports on-chain payments. */
export const FAKE_BTC_RATE = '40000';

export type FakePayment = {
  id: string;
  /** USD the payment is worth (the fake's own books; the API shows BTC and the rate). */
  usd: string;
  confirmations: number;
  /** Replaced (RBF) or double-spent: no longer counted, and BTCPay says nothing about it. */
  replaced: boolean;
  receivedAt: number;
  afterExpiration: boolean;
};

export type FakeInvoice = {
  id: string;
  storeId: string;
  amount: string;
  paidAmount: string;
  currency: string;
  type: 'Standard';
  checkoutLink: string;
  createdTime: number;
  expirationTime: number;
  monitoringExpiration: number;
  status: InvoiceStatus;
  additionalStatus: AdditionalStatus;
  availableStatusesForManualMarking: InvoiceStatus[];
  archived: boolean;
  metadata: Record<string, unknown>;
  checkout: Record<string, unknown> & { speedPolicy: SpeedPolicy };
  receipt: { enabled: boolean; showQR: boolean; showPayments: boolean };
};

/** One webhook BTCPay would send: its type and the per-type fields of its body. */
export type FakeEvent = { type: string; extra: Record<string, unknown> };

/** Base58 like BTCPay's ids (no 0, O, I, l). */
export const base58Id = (length = 22) => {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
};

export const paymentStatusOf = (invoice: FakeInvoice, payment: FakePayment): PaymentStatus => {
  if (payment.replaced) return 'Invalid';
  const needed = CONFIRMATIONS_NEEDED[invoice.checkout.speedPolicy] ?? 1;
  return payment.confirmations >= needed ? 'Settled' : 'Processing';
};

const sum = (invoice: FakeInvoice, payments: FakePayment[], statuses: PaymentStatus[]) =>
  payments
    .filter((payment) => statuses.includes(paymentStatusOf(invoice, payment)))
    .reduce((total, payment) => total.plus(payment.usd), money(0));

/**
 * BTCPay's invoice watcher (research "Corrections": InvoiceWatcher, InvoiceEntity.UpdateTotals): paidAmount counts
 * Settled and Processing payments; a full payment moves New → Processing → Settled as its payments confirm; one
 * after expiry leaves the invoice Expired with PaidLate; Processing that has not confirmed by the monitoring
 * expiry becomes Invalid; a replaced payment drops out of paidAmount silently. Manual marks are final. Runs until
 * nothing changes and answers the webhooks the changes send.
 */
export const updateInvoice = (invoice: FakeInvoice, payments: FakePayment[], now: number): FakeEvent[] => {
  const events: FakeEvent[] = [];
  invoice.paidAmount = sum(invoice, payments, ['Settled', 'Processing']).toFixed();
  if (invoice.additionalStatus === 'Marked') return events;
  const paid = money(invoice.paidAmount);
  const settled = sum(invoice, payments, ['Settled']);
  const full = paid.gte(invoice.amount);
  const overPaid = paid.gt(invoice.amount);
  for (let step = 0; step < 5; step++) {
    const before = `${invoice.status}/${invoice.additionalStatus}`;
    if (invoice.status === 'New' && now >= invoice.expirationTime) {
      invoice.status = 'Expired';
      const partiallyPaid = paid.gt(0);
      if (partiallyPaid) invoice.additionalStatus = 'PaidPartial';
      events.push({ type: 'InvoiceExpired', extra: { partiallyPaid, manuallyMarked: false } });
      if (partiallyPaid) events.push({ type: 'InvoiceExpiredPaidPartial', extra: {} });
    } else if (invoice.status === 'New' && full) {
      invoice.status = 'Processing';
      invoice.additionalStatus = overPaid ? 'PaidOver' : 'None';
      events.push({ type: 'InvoiceProcessing', extra: { overPaid } });
    } else if (invoice.status === 'New') {
      invoice.additionalStatus = paid.gt(0) ? 'PaidPartial' : 'None';
    } else if (invoice.status === 'Expired') {
      if (full && invoice.additionalStatus !== 'PaidLate') {
        invoice.additionalStatus = 'PaidLate';
        events.push({ type: 'InvoicePaidAfterExpiration', extra: {} });
      } else if (!full) invoice.additionalStatus = paid.gt(0) ? 'PaidPartial' : 'None';
    } else if (invoice.status === 'Processing') {
      if (!full) {
        // The payment that made it whole was replaced: back to waiting for money.
        invoice.status = 'New';
        invoice.additionalStatus = paid.gt(0) ? 'PaidPartial' : 'None';
      } else if (settled.gte(invoice.amount)) {
        invoice.status = 'Settled';
        events.push({ type: 'InvoiceSettled', extra: { manuallyMarked: false, overPaid } });
      } else if (now >= invoice.monitoringExpiration) {
        invoice.status = 'Invalid';
        events.push({ type: 'InvoiceInvalid', extra: { manuallyMarked: false } });
      }
    }
    if (before === `${invoice.status}/${invoice.additionalStatus}`) break;
  }
  return events;
};

/** Greenfield's `GET …/invoices/{id}/payment-methods`: each payment in BTC with its own status. */
export const paymentMethodsOf = (invoice: FakeInvoice, payments: FakePayment[]) => {
  const btc = (usd: string) => money(usd).div(FAKE_BTC_RATE).toFixed(8);
  const counted = sum(invoice, payments, ['Settled', 'Processing']);
  const due = money(invoice.amount).minus(counted);
  return [
    {
      paymentMethodId: 'BTC-CHAIN',
      currency: 'BTC',
      rate: FAKE_BTC_RATE,
      amount: btc(invoice.amount),
      paymentMethodPaid: btc(counted.toFixed()),
      totalPaid: btc(counted.toFixed()),
      due: btc((due.gt(0) ? due : money(0)).toFixed()),
      activated: true,
      payments: payments.map((payment) => ({
        id: payment.id,
        receivedDate: payment.receivedAt,
        value: btc(payment.usd),
        fee: '0',
        status: paymentStatusOf(invoice, payment),
        destination: 'bcrt1qfakeaddress',
      })),
    },
  ];
};
