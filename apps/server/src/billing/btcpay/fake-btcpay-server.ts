import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { money } from '@cdca/engine/money/money-decimal.ts';
import { signSha256 } from '../hmac-signature.ts';

type InvoiceStatus = 'New' | 'Processing' | 'Expired' | 'Invalid' | 'Settled';
type AdditionalStatus = 'None' | 'PaidLate' | 'PaidPartial' | 'Marked' | 'Invalid' | 'PaidOver';

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
  checkout: Record<string, unknown>;
  receipt: { enabled: boolean; showQR: boolean; showPayments: boolean };
};

export type FakeDelivery = { deliveryId: string; body: Record<string, unknown>; status: number | 'failed' };

type Options = {
  storeId?: string;
  apiKey?: string;
  /** UNIX seconds now; tests move it. */
  clock?: () => Date;
};

/** Base58 like BTCPay's ids (no 0, O, I, l). */
const base58Id = (length = 22) => {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const send = (response: ServerResponse, status: number, body?: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(body === undefined ? '' : JSON.stringify(body));
};

/**
 * A BTCPay Server Greenfield stand-in that speaks the real protocol (research §3.3): store-scoped invoice routes
 * behind `Authorization: token`, InvoiceData with UNIX-second timestamps, webhook registration, and signed
 * deliveries (`BTCPay-Sig: sha256=…`) with redelivery keeping `originalDeliveryId`. Test levers pay, confirm,
 * expire and invalidate invoices the way a wallet and the chain would.
 */
export const startFakeBtcpay = async (options: Options = {}) => {
  const storeId = options.storeId ?? base58Id(44);
  const apiKey = options.apiKey ?? randomBytes(20).toString('hex');
  const clock = options.clock ?? (() => new Date());
  const invoices = new Map<string, FakeInvoice>();
  const webhooks: { id: string; url: string; secret: string; enabled: boolean }[] = [];
  const deliveries: FakeDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  const track = (delivery: Promise<void>) => {
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  };
  let baseUrl = '';
  const seconds = () => Math.floor(clock().getTime() / 1000);

  const deliver = async (body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    for (const hook of webhooks.filter((candidate) => candidate.enabled)) {
      const record: FakeDelivery = { deliveryId: String(body.deliveryId), body, status: 'failed' };
      deliveries.push(record);
      try {
        const response = await fetch(hook.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'btcpay-sig': signSha256(hook.secret, raw) },
          body: raw,
        });
        record.status = response.status;
      } catch {
        record.status = 'failed';
      }
    }
  };

  const emit = (invoice: FakeInvoice, type: string, extra: Record<string, unknown> = {}) => {
    const deliveryId = base58Id();
    return deliver({
      deliveryId,
      webhookId: webhooks[0]?.id ?? '',
      originalDeliveryId: deliveryId,
      isRedelivery: false,
      type,
      timestamp: seconds(),
      storeId: invoice.storeId,
      invoiceId: invoice.id,
      metadata: invoice.metadata,
      ...extra,
    });
  };

  /** BTCPay flips an unpaid invoice to Expired when its time is up (and tells the webhooks). */
  const expireIfDue = async (invoice: FakeInvoice) => {
    if (invoice.status !== 'New' || seconds() < invoice.expirationTime) return;
    invoice.status = 'Expired';
    const partiallyPaid = money(invoice.paidAmount).gt(0);
    if (partiallyPaid) invoice.additionalStatus = 'PaidPartial';
    await emit(invoice, 'InvoiceExpired', { partiallyPaid, manuallyMarked: false });
  };

  const createInvoice = (
    body: Record<string, unknown>,
  ): FakeInvoice | { path: string; message: string }[] => {
    const amount = typeof body.amount === 'string' ? body.amount : undefined;
    if (!amount || !/^\d+(\.\d+)?$/.test(amount) || money(amount).lte(0)) {
      return [{ path: 'amount', message: 'Amount should be greater than 0' }];
    }
    const checkout = (body.checkout ?? {}) as Record<string, unknown>;
    const expirationMinutes =
      typeof checkout.expirationMinutes === 'number' ? checkout.expirationMinutes : 15;
    const monitoringMinutes =
      typeof checkout.monitoringMinutes === 'number' ? checkout.monitoringMinutes : 1440;
    const id = base58Id();
    const now = seconds();
    const expirationTime = now + Math.round(expirationMinutes * 60);
    return {
      id,
      storeId,
      amount,
      paidAmount: '0',
      currency: typeof body.currency === 'string' ? body.currency : 'USD',
      type: 'Standard',
      checkoutLink: `${baseUrl}/i/${id}`,
      createdTime: now,
      expirationTime,
      monitoringExpiration: expirationTime + monitoringMinutes * 60,
      status: 'New',
      additionalStatus: 'None',
      availableStatusesForManualMarking: ['Settled', 'Invalid'],
      archived: false,
      metadata: (body.metadata ?? {}) as Record<string, unknown>,
      checkout: {
        speedPolicy: 'MediumSpeed',
        paymentTolerance: 0,
        ...checkout,
        expirationMinutes,
        monitoringMinutes,
      },
      receipt: { enabled: true, showQR: true, showPayments: true },
    };
  };

  const route = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.headers.authorization !== `token ${apiKey}`) {
      return send(response, 401, { code: 'unauthenticated', message: 'Authentication is required' });
    }
    const match = /^\/api\/v1\/stores\/([^/]+)\/(invoices|webhooks)(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return send(response, 404, { code: 'not-found', message: 'Not found' });
    const [, store, resource, id] = match;
    if (store !== storeId)
      return send(response, 404, { code: 'store-not-found', message: 'Store not found' });
    if (resource === 'webhooks' && request.method === 'POST' && !id) {
      const body = JSON.parse((await readBody(request)) || '{}') as Record<string, unknown>;
      const hook = {
        id: base58Id(),
        url: String(body.url),
        secret: typeof body.secret === 'string' ? body.secret : base58Id(30),
        enabled: body.enabled !== false,
      };
      webhooks.push(hook);
      return send(response, 200, {
        ...hook,
        automaticRedelivery: true,
        authorizedEvents: body.authorizedEvents,
      });
    }
    if (resource !== 'invoices') return send(response, 405, { code: 'method-not-allowed', message: '' });
    if (request.method === 'POST' && !id) {
      const result = createInvoice(JSON.parse((await readBody(request)) || '{}'));
      if (Array.isArray(result)) return send(response, 400, result);
      invoices.set(result.id, result);
      // Real BTCPay delivers webhooks on its own schedule, never inside the request that caused them.
      track(emit(result, 'InvoiceCreated'));
      return send(response, 200, result);
    }
    if (request.method === 'GET' && id) {
      const invoice = invoices.get(id);
      if (!invoice)
        return send(response, 404, { code: 'invoice-not-found', message: 'The invoice was not found' });
      await expireIfDue(invoice);
      return send(response, 200, invoice);
    }
    return send(response, 405, { code: 'method-not-allowed', message: '' });
  };

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) =>
      send(response, 500, { code: 'error', message: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const invoice = (id: string) => {
    const found = invoices.get(id);
    if (!found) throw new Error(`no invoice ${id}`);
    return found;
  };

  return {
    url: baseUrl,
    storeId,
    apiKey,
    invoices,
    deliveries,
    /** A wallet pays `amount` USD into the invoice; `confirmed: false` stops at Processing (0 confirmations). */
    pay: async (id: string, amount: string, { confirmed = true } = {}) => {
      const target = invoice(id);
      await expireIfDue(target);
      const late = target.status === 'Expired';
      target.paidAmount = money(target.paidAmount).plus(amount).toFixed();
      await emit(target, 'InvoiceReceivedPayment', { afterExpiration: late, paymentMethodId: 'BTC-CHAIN' });
      const paid = money(target.paidAmount);
      if (paid.lt(target.amount)) {
        target.additionalStatus = 'PaidPartial';
        return;
      }
      target.additionalStatus = late ? 'PaidLate' : paid.gt(target.amount) ? 'PaidOver' : 'None';
      if (late) await emit(target, 'InvoicePaidAfterExpiration');
      if (!confirmed) {
        target.status = 'Processing';
        await emit(target, 'InvoiceProcessing', { overPaid: paid.gt(target.amount) });
        return;
      }
      target.status = 'Settled';
      await emit(target, 'InvoiceSettled', { manuallyMarked: false, overPaid: paid.gt(target.amount) });
    },
    /** The chain confirms a Processing invoice. */
    confirm: async (id: string) => {
      const target = invoice(id);
      target.status = 'Settled';
      await emit(target, 'InvoiceSettled', {
        manuallyMarked: false,
        overPaid: target.additionalStatus === 'PaidOver',
      });
    },
    /** A double-spend: the payment never confirms. */
    invalidate: async (id: string) => {
      const target = invoice(id);
      target.status = 'Invalid';
      target.additionalStatus = 'Invalid';
      target.paidAmount = '0';
      await emit(target, 'InvoiceInvalid', { manuallyMarked: false });
    },
    /** Runs BTCPay's expiry check for every invoice (it also runs on every GET). */
    expireDue: async () => {
      for (const each of invoices.values()) await expireIfDue(each);
    },
    /** Sends a delivery again as BTCPay's redelivery does: new deliveryId, same originalDeliveryId. */
    redeliver: async (deliveryId: string) => {
      const original = deliveries.find((delivery) => delivery.deliveryId === deliveryId);
      if (!original) throw new Error(`no delivery ${deliveryId}`);
      await deliver({ ...original.body, deliveryId: base58Id(), isRedelivery: true });
    },
    /** Waits for deliveries sent in the background. */
    idle: async () => {
      await Promise.all([...inFlight]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type FakeBtcpay = Awaited<ReturnType<typeof startFakeBtcpay>>;
