import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { money } from '@cdca/engine';
import { signSha256 } from '../hmac-signature.ts';
import {
  base58Id,
  type FakeEvent,
  type FakeInvoice,
  type FakePayment,
  type InvoiceStatus,
  paymentMethodsOf,
  paymentStatusOf,
  type SpeedPolicy,
  updateInvoice,
} from './fake-btcpay-invoices.ts';

export type { FakeInvoice } from './fake-btcpay-invoices.ts';

export type FakeDelivery = { deliveryId: string; body: Record<string, unknown>; status: number | 'failed' };

type Options = {
  storeId?: string;
  apiKey?: string;
  /** UNIX seconds now; tests move it. */
  clock?: () => Date;
  /** The store's speed policy, used when an invoice does not set its own (BTCPay's default is MediumSpeed). */
  storeSpeedPolicy?: SpeedPolicy;
  /** Behave like a server before v2.1.2: InvoiceData has no paidAmount. */
  withoutPaidAmount?: boolean;
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
 * deliveries (`BTCPay-Sig: sha256=…`) with redelivery keeping `originalDeliveryId`. Invoices follow BTCPay's own
 * state machine (fake-btcpay-invoices.ts). Test levers pay, confirm and replace payments the way a wallet and
 * the chain would, and move time through the clock; an admin marks invoices through the Greenfield route.
 */
export const startFakeBtcpay = async (options: Options = {}) => {
  const storeId = options.storeId ?? base58Id(44);
  const apiKey = options.apiKey ?? randomBytes(20).toString('hex');
  const clock = options.clock ?? (() => new Date());
  const invoices = new Map<string, FakeInvoice>();
  const paymentsOf = new Map<string, FakePayment[]>();
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

  /** BTCPay's watcher looks at an invoice and tells the webhooks what changed, one event after another. */
  const watch = async (invoice: FakeInvoice, extraEvents: FakeEvent[] = []) => {
    const events = [...extraEvents, ...updateInvoice(invoice, paymentsOf.get(invoice.id) ?? [], seconds())];
    for (const event of events) await emit(invoice, event.type, event.extra);
  };

  /** InvoiceData as the server shows it: servers before v2.1.2 have no paidAmount. */
  const shown = (invoice: FakeInvoice) => {
    if (!options.withoutPaidAmount) return invoice;
    const { paidAmount: _hidden, ...older } = invoice;
    return older;
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
        speedPolicy: options.storeSpeedPolicy ?? 'MediumSpeed',
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
    const match =
      /^\/api\/v1\/stores\/([^/]+)\/(invoices|webhooks)(?:\/([^/]+))?(?:\/(payment-methods|status))?$/.exec(
        url.pathname,
      );
    if (!match) return send(response, 404, { code: 'not-found', message: 'Not found' });
    const [, store, resource, id, sub] = match;
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
      paymentsOf.set(result.id, []);
      // Real BTCPay delivers webhooks on its own schedule, never inside the request that caused them.
      track(emit(result, 'InvoiceCreated'));
      return send(response, 200, shown(result));
    }
    const invoice = id ? invoices.get(id) : undefined;
    if (id && !invoice) {
      return send(response, 404, { code: 'invoice-not-found', message: 'The invoice was not found' });
    }
    if (invoice && request.method === 'GET') {
      // The watcher would have run by now; its webhooks go out on their own schedule, not inside this request.
      const events = updateInvoice(invoice, paymentsOf.get(invoice.id) ?? [], seconds());
      for (const event of events) track(emit(invoice, event.type, event.extra));
      if (sub === 'payment-methods') {
        return send(response, 200, paymentMethodsOf(invoice, paymentsOf.get(invoice.id) ?? []));
      }
      if (!sub) return send(response, 200, shown(invoice));
    }
    if (invoice && request.method === 'POST' && sub === 'status') {
      const body = JSON.parse((await readBody(request)) || '{}') as { status?: InvoiceStatus };
      if (body.status !== 'Settled' && body.status !== 'Invalid') {
        return send(response, 400, [{ path: 'status', message: 'Settled or Invalid' }]);
      }
      // A manual mark (Greenfield MarkInvoiceStatus): final, whatever the chain does next.
      invoice.status = body.status;
      invoice.additionalStatus = 'Marked';
      invoice.availableStatusesForManualMarking = [body.status === 'Settled' ? 'Invalid' : 'Settled'];
      const type = body.status === 'Settled' ? 'InvoiceSettled' : 'InvoiceInvalid';
      track(emit(invoice, type, { manuallyMarked: true, overPaid: false }));
      return send(response, 200, shown(invoice));
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
    /**
     * A wallet pays `amount` USD into the invoice with this many confirmations so far (the invoice's speed policy
     * decides whether that is settled). Answers the payment's id, for confirm and replace.
     */
    pay: async (id: string, amount: string, { confirmations = 6 } = {}) => {
      const target = invoice(id);
      await watch(target);
      const payment: FakePayment = {
        id: base58Id(),
        usd: money(amount).toFixed(),
        confirmations,
        replaced: false,
        receivedAt: seconds(),
        afterExpiration: target.status === 'Expired',
      };
      paymentsOf.get(id)?.push(payment);
      const paymentEvent = (type: string) => ({
        type,
        extra: {
          afterExpiration: payment.afterExpiration,
          paymentMethodId: 'BTC-CHAIN',
          payment: { id: payment.id },
        },
      });
      const received = [paymentEvent('InvoiceReceivedPayment')];
      if (paymentStatusOf(target, payment) === 'Settled')
        received.push(paymentEvent('InvoicePaymentSettled'));
      await watch(target, received);
      return payment.id;
    },
    /** The chain confirms the invoice's payments (all of them, or one), to this many confirmations. */
    confirm: async (
      id: string,
      { paymentId, confirmations = 6 }: { paymentId?: string; confirmations?: number } = {},
    ) => {
      const target = invoice(id);
      const settledNow: FakeEvent[] = [];
      for (const payment of paymentsOf.get(id) ?? []) {
        if (payment.replaced || (paymentId && payment.id !== paymentId)) continue;
        const before = paymentStatusOf(target, payment);
        payment.confirmations = Math.max(payment.confirmations, confirmations);
        if (before !== 'Settled' && paymentStatusOf(target, payment) === 'Settled') {
          settledNow.push({
            type: 'InvoicePaymentSettled',
            extra: {
              afterExpiration: payment.afterExpiration,
              paymentMethodId: 'BTC-CHAIN',
              payment: { id: payment.id },
            },
          });
        }
      }
      await watch(target, settledNow);
    },
    /** A 0-conf payment is replaced (RBF) or double-spent: it drops out of paidAmount and no webhook says so. */
    replace: (id: string, paymentId: string) => {
      const payment = paymentsOf.get(id)?.find((candidate) => candidate.id === paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      payment.replaced = true;
      updateInvoice(invoice(id), paymentsOf.get(id) ?? [], seconds());
    },
    /** An admin marks the invoice by hand in BTCPay's UI (same as POST …/invoices/{id}/status). */
    mark: async (id: string, status: 'Settled' | 'Invalid') => {
      await fetch(`${baseUrl}/api/v1/stores/${storeId}/invoices/${id}/status`, {
        method: 'POST',
        headers: { authorization: `token ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      });
      await Promise.all([...inFlight]);
    },
    /** Runs BTCPay's watcher over every invoice now (expiry, monitoring expiry), as it does every minute. */
    watchAll: async () => {
      for (const each of invoices.values()) await watch(each);
    },
    /** Sends a delivery again as BTCPay's redelivery does: new deliveryId, same originalDeliveryId. */
    redeliver: async (deliveryId: string) => {
      const original = deliveries.find((delivery) => delivery.deliveryId === deliveryId);
      if (!original) throw new Error(`no delivery ${deliveryId}`);
      await deliver({ ...original.body, deliveryId: base58Id(), isRedelivery: true });
    },
    /** Stops (or resumes) every webhook, as a lost delivery, a down endpoint or a missing subscription would. */
    setWebhooksEnabled: (enabled: boolean) => {
      for (const hook of webhooks) hook.enabled = enabled;
    },
    /** Waits for deliveries sent in the background. */
    idle: async () => {
      await Promise.all([...inFlight]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type FakeBtcpay = Awaited<ReturnType<typeof startFakeBtcpay>>;
