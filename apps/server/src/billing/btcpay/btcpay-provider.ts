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
  status: z.enum(['New', 'Processing', 'Expired', 'Invalid', 'Settled']),
  additionalStatus: z.string(),
  metadata: z.looseObject({ paymentId: z.string().optional() }).nullable().optional(),
});
type Invoice = z.infer<typeof ZInvoice>;

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

const toCharge = (invoice: Invoice): ProviderCharge => {
  const status = STATUS[invoice.status];
  // An older server without paidAmount: a settled invoice was paid in full, anything else counts as nothing.
  const received = invoice.paidAmount ?? (status === 'settled' ? invoice.amount : '0');
  return {
    id: invoice.id,
    hostedUrl: invoice.checkoutLink,
    expiresAt: new Date(invoice.expirationTime * 1000),
    amount: invoice.amount,
    amountReceived: received,
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

  const readInvoice = async (response: Response) => {
    const parsed = ZInvoice.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new ChargeProviderError('BTCPay answered an invoice we cannot read');
    return toCharge(parsed.data);
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
