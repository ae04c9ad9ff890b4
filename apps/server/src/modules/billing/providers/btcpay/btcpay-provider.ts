import { money, ROUND_HALF_UP, ZERO } from '@cdca/engine';
import { z } from 'zod';
import type { ChargeProvider, ChargeStatus, ProviderCharge } from '../charge-provider.ts';
import { ChargeProviderError } from '../charge-provider.ts';
import { verifySha256 } from '../hmac-signature.ts';

export type BtcpaySettings = { url: string; storeId: string; apiKey: string; webhookSecret: string };

/** Greenfield `InvoiceData` (research §3.3): only what we read. Timestamps are UNIX seconds. */
const ZInvoice = z.object({
  id: z.string().min(1),
  storeId: z.string().optional(),
  amount: z.string(),
  /** Newer servers only; older ones say nothing about partial payments. */
  paidAmount: z.string().optional(),
  currency: z.string(),
  checkoutLink: z.string(),
  expirationTime: z.number(),
  /** When BTCPay stops watching the invoice for payments and confirmations. */
  monitoringExpiration: z.number().optional(),
  status: z.enum(['New', 'Processing', 'Expired', 'Invalid', 'Settled']),
  additionalStatus: z.string(),
  metadata: z.looseObject({ paymentId: z.string().optional() }).nullable().optional(),
});
type Invoice = z.infer<typeof ZInvoice>;

/**
 * `GET …/invoices/{id}/payment-methods`: each payment's own state, which is what tells confirmed money from money
 * only seen (paidAmount counts both). `value` is in the method's currency; `rate` converts it to the invoice's.
 */
const ZPaymentMethods = z.array(
  z.looseObject({
    rate: z.string(),
    payments: z
      .array(z.looseObject({ value: z.string(), status: z.enum(['Invalid', 'Processing', 'Settled']) }))
      .nullable()
      .optional(),
  }),
);
type PaymentMethods = z.infer<typeof ZPaymentMethods>;

/** What we ask of every invoice (docs/decisions/book-only-confirmed-money.md). */
export const INVOICE_SPEED_POLICY = 'MediumSpeed';
export const INVOICE_MONITORING_MINUTES = 1440;

/** `WebhookInvoiceEvent`: a redelivery keeps `originalDeliveryId`, which is what makes a replay recognisable. */
const ZWebhookEvent = z.object({
  deliveryId: z.string().min(1),
  originalDeliveryId: z.string().min(1).nullable().optional(),
  type: z.string().min(1),
  storeId: z.string().optional(),
  invoiceId: z.string().min(1).optional(),
});

const STATUS: Record<Invoice['status'], ChargeStatus> = {
  New: 'new',
  Processing: 'processing',
  Settled: 'settled',
  Expired: 'expired',
  Invalid: 'invalid',
};

const exceptionOf = (additionalStatus: string): ProviderCharge['exception'] => {
  if (additionalStatus === 'PaidOver') return 'overpaid';
  if (additionalStatus === 'PaidLate') return 'paid-late';
  if (additionalStatus === 'PaidPartial') return 'paid-partial';
  return null;
};

/** USD cents: a payment of the invoice's amount converts back to it exactly, whatever the satoshi rounding. */
const cents = (value: ReturnType<typeof money>) => value.toDecimalPlaces(2, ROUND_HALF_UP);

const paymentsWorth = (methods: PaymentMethods, status: 'Processing' | 'Settled') =>
  cents(
    methods.reduce(
      (sum, method) =>
        (method.payments ?? [])
          .filter((payment) => payment.status === status)
          .reduce((each, payment) => each.plus(money(payment.value).times(method.rate)), sum),
      ZERO,
    ),
  );

const DEFAULT_MONITORING_SECONDS = INVOICE_MONITORING_MINUTES * 60;

const toCharge = (invoice: Invoice, methods: PaymentMethods): ProviderCharge => {
  const status = STATUS[invoice.status];
  const settled = paymentsWorth(methods, 'Settled');
  const processing = paymentsWorth(methods, 'Processing');
  // paidAmount (v2.1.2+) counts Settled and Processing payments; older servers lack it, so sum the payments.
  const received = invoice.paidAmount === undefined ? settled.plus(processing) : money(invoice.paidAmount);
  const unconfirmed = received.minus(processing);
  const confirmed = unconfirmed.gt(0) ? unconfirmed : ZERO;
  const marked = invoice.additionalStatus === 'Marked';
  return {
    id: invoice.id,
    hostedUrl: invoice.checkoutLink,
    expiresAt: new Date(invoice.expirationTime * 1000),
    amount: invoice.amount,
    amountReceived: received.toFixed(),
    amountConfirmed: confirmed.toFixed(),
    mark: marked && status === 'settled' ? 'settled' : marked && status === 'invalid' ? 'invalid' : null,
    monitoringUntil: new Date(
      (invoice.monitoringExpiration ?? invoice.expirationTime + DEFAULT_MONITORING_SECONDS) * 1000,
    ),
    status,
    exception: exceptionOf(invoice.additionalStatus),
    paymentId: invoice.metadata?.paymentId ?? null,
  };
};

type Options = { settings: BtcpaySettings; fetch?: typeof fetch; timeoutMs?: number };

/**
 * BTCPay Server Greenfield invoices as charges: `Authorization: token <key>`, store-scoped routes, and webhooks
 * signed `BTCPay-Sig: sha256=<hex HMAC of the raw body>`. The webhook body only says which invoice to re-read.
 */
export const createBtcpayProvider = ({ settings, fetch: send = fetch, timeoutMs = 10_000 }: Options) => {
  const invoicesUrl = `${settings.url}/api/v1/stores/${encodeURIComponent(settings.storeId)}/invoices`;

  const call = async (url: string, init: RequestInit = {}) => {
    let response: Response;
    try {
      response = await send(url, {
        ...init,
        headers: {
          authorization: `token ${settings.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ChargeProviderError(
        `BTCPay is unreachable: ${error instanceof Error ? error.message : error}`,
      );
    }
    return response;
  };

  /** The invoice and its payments, read together: the invoice alone cannot tell confirmed money apart. */
  const readInvoice = async (response: Response) => {
    const parsed = ZInvoice.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new ChargeProviderError('BTCPay answered an invoice we cannot read');
    const methodsResponse = await call(
      `${invoicesUrl}/${encodeURIComponent(parsed.data.id)}/payment-methods`,
    );
    if (!methodsResponse.ok) {
      throw new ChargeProviderError(
        `BTCPay refused to show the invoice's payments (${methodsResponse.status})`,
      );
    }
    const methods = ZPaymentMethods.safeParse(await methodsResponse.json().catch(() => undefined));
    if (!methods.success) throw new ChargeProviderError('BTCPay answered payments we cannot read');
    return toCharge(parsed.data, methods.data);
  };

  const provider: ChargeProvider = {
    kind: 'btcpay',

    createCharge: async (input) => {
      const response = await call(invoicesUrl, {
        method: 'POST',
        body: JSON.stringify({
          amount: input.amount,
          currency: 'USD',
          metadata: {
            orderId: input.paymentId,
            paymentId: input.paymentId,
            accountId: input.accountId,
            itemDesc: input.description,
          },
          checkout: {
            // Per invoice, so the store's own setting cannot make Settled mean 0 confirmations.
            speedPolicy: INVOICE_SPEED_POLICY,
            monitoringMinutes: INVOICE_MONITORING_MINUTES,
            expirationMinutes: input.expiresInMinutes,
            paymentTolerance: 0,
            redirectURL: input.redirectUrl,
            redirectAutomatically: true,
          },
          additionalSearchTerms: [input.accountId],
        }),
      });
      if (!response.ok) throw new ChargeProviderError(`BTCPay refused the invoice (${response.status})`);
      return readInvoice(response);
    },

    getCharge: async (chargeId) => {
      const response = await call(`${invoicesUrl}/${encodeURIComponent(chargeId)}`);
      if (response.status === 404) return undefined;
      if (!response.ok)
        throw new ChargeProviderError(`BTCPay refused to show the invoice (${response.status})`);
      return readInvoice(response);
    },

    verifyWebhook: async (rawBody, headers) => {
      if (!verifySha256(settings.webhookSecret, rawBody, headers['btcpay-sig'])) return undefined;
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return undefined;
      }
      const event = ZWebhookEvent.safeParse(body);
      // A correctly signed event for another store is not ours to act on.
      if (!event.success || (event.data.storeId && event.data.storeId !== settings.storeId)) return undefined;
      return {
        eventId: event.data.originalDeliveryId ?? event.data.deliveryId,
        type: event.data.type,
        chargeId: event.data.invoiceId ?? null,
      };
    },
  };
  return provider;
};
