import type { AddressInfo } from 'node:net';
import { manualClock } from '@cdca/engine/testing';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAuditEntries } from '../../payments.schema.ts';
import { type BillingTestApp, buildBillingTestApp, recordClosedEpic } from '../../testing/billing.fixture.ts';
import { signSha256 } from '../hmac-signature.ts';
import { createBtcpayProvider } from './btcpay-provider.ts';
import { type FakeBtcpay, startFakeBtcpay } from './fake-btcpay-server.ts';

const WEBHOOK_SECRET = 'whsec-0123456789abcdef';
const clock = manualClock();
let btcpay: FakeBtcpay;
let t: BillingTestApp;

beforeAll(async () => {
  btcpay = await startFakeBtcpay({ clock: clock.now });
  t = await buildBillingTestApp(
    {
      BILLING_PROVIDER: 'btcpay',
      BTCPAY_URL: btcpay.url,
      BTCPAY_STORE_ID: btcpay.storeId,
      BTCPAY_API_KEY: btcpay.apiKey,
      BTCPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      CHARGE_MINUTES: '30',
    },
    { clock },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  // Registered through Greenfield, as an admin (or a setup script) would.
  const hook = await fetch(`${btcpay.url}/api/v1/stores/${btcpay.storeId}/webhooks`, {
    method: 'POST',
    headers: { authorization: `token ${btcpay.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      url: `http://127.0.0.1:${port}/api/v1/payments/webhooks/btcpay`,
      secret: WEBHOOK_SECRET,
      enabled: true,
      authorizedEvents: { everything: true },
    }),
  });
  expect(hook.status).toBe(200);
  // A fresh database per file: migrations can take minutes on a loaded machine.
}, 300_000);
afterAll(async () => {
  await t.close();
  await btcpay.close();
});

const billed = async (email: string) => {
  const trader = await t.trader(email);
  await recordClosedEpic(t, trader.account.id, '100');
  await t.tick();
  const [payment] = await t.payments(trader);
  const invoiceId = payment?.chargeHostedUrl?.split('/i/')[1];
  if (!payment || !invoiceId) throw new Error('expected a BTCPay invoice');
  await btcpay.idle();
  return { trader, payment, invoiceId };
};

describe('BTCPay Server Greenfield', () => {
  it('creates an invoice per charge: amount, checkout link, expiry, metadata naming the payment', async () => {
    const { payment, invoiceId } = await billed('btc-create@example.test');
    const invoice = btcpay.invoices.get(invoiceId);
    expect(invoice).toMatchObject({
      amount: '64.98',
      currency: 'USD',
      status: 'New',
      metadata: { orderId: payment.id, paymentId: payment.id },
      checkout: {
        speedPolicy: 'MediumSpeed',
        monitoringMinutes: 1440,
        expirationMinutes: 30,
        redirectURL: `http://localhost:3000/?pid=${payment.id}`,
      },
    });
    expect(payment.chargeHostedUrl).toBe(`${btcpay.url}/i/${invoiceId}`);
    expect(Date.parse(payment.chargeExpDate ?? '')).toBe((invoice?.expirationTime ?? 0) * 1000);
  });

  it('settles on a signed InvoiceSettled webhook (re-reading the invoice), and ignores its redelivery', async () => {
    const { trader, payment, invoiceId } = await billed('btc-paid@example.test');
    await btcpay.pay(invoiceId, '64.98');
    expect(await t.payment(trader, payment.id)).toMatchObject({ status: 'paid', amountPaid: '64.98' });
    const settled = btcpay.deliveries.findLast((delivery) => delivery.body.type === 'InvoiceSettled');
    expect(settled?.status).toBe(200);
    const before = t.published.length;
    await btcpay.redeliver(settled?.deliveryId ?? '');
    expect(btcpay.deliveries.at(-1)?.status).toBe(200);
    expect(t.published.length).toBe(before);
  });

  it('shows an unconfirmed payment as confirming, keeps it off past-due, and pays it on confirmation', async () => {
    const { trader, payment } = await billed('btc-processing@example.test');
    // Paid on a fresh invoice an hour before the due date, still unconfirmed when the due date passes.
    clock.advanceMinutes(5 * 24 * 60 - 60);
    const renewed = (await t.get(trader, `/api/v1/payments/generate-new-charge/${payment.id}`)).json();
    const invoiceId = renewed.chargeHostedUrl.split('/i/')[1];
    await btcpay.pay(invoiceId, '64.98', { confirmations: 0 });
    expect(await t.payment(trader, payment.id)).toMatchObject({
      status: 'posted',
      amountPaid: '0',
      amountConfirming: '64.98',
    });
    clock.advanceMinutes(120);
    await t.tick();
    expect((await t.payment(trader, payment.id)).status).toBe('posted');
    expect(await t.accountStatus(trader)).toBe('active');
    await btcpay.confirm(invoiceId);
    expect(await t.payment(trader, payment.id)).toMatchObject({
      status: 'paid',
      amountPaid: '64.98',
      amountConfirming: '0',
    });
  });

  it('puts a payment that never confirms back to past-due when BTCPay invalidates it at monitoring expiry', async () => {
    const { trader, payment, invoiceId } = await billed('btc-invalid@example.test');
    await btcpay.pay(invoiceId, '64.98', { confirmations: 0 });
    clock.advanceDays(6);
    await t.tick();
    // BTCPay's own watcher: Processing past monitoringExpiration becomes Invalid (and says so).
    await btcpay.watchAll();
    expect(btcpay.invoices.get(invoiceId)?.status).toBe('Invalid');
    expect(btcpay.deliveries.some((delivery) => delivery.body.type === 'InvoiceInvalid')).toBe(true);
    expect(await t.payment(trader, payment.id)).toMatchObject({ status: 'past-due', amountConfirming: '0' });
    expect(await t.accountStatus(trader)).toBe('deactivated');
  });

  it('keeps a partial payment, asks only for the rest on a new invoice, and books late invoices', async () => {
    const { trader, payment, invoiceId } = await billed('btc-partial@example.test');
    await btcpay.pay(invoiceId, '20');
    expect((await t.payment(trader, payment.id)).status).toBe('pending');
    clock.advanceMinutes(31);
    await t.tick();
    await btcpay.idle();
    expect(await t.payment(trader, payment.id)).toMatchObject({ status: 'pending', amountPaid: '20' });
    expect(btcpay.deliveries.some((delivery) => delivery.body.type === 'InvoiceExpiredPaidPartial')).toBe(
      true,
    );
    const renewed = (await t.get(trader, `/api/v1/payments/generate-new-charge/${payment.id}`)).json();
    const second = renewed.chargeHostedUrl.split('/i/')[1];
    expect(btcpay.invoices.get(second)?.amount).toBe('44.98');
    clock.advanceMinutes(31);
    await btcpay.watchAll();
    // Paid after that invoice expired too: BTCPay leaves it Expired (PaidLate) and never sends InvoiceSettled.
    await btcpay.pay(second, '44.98');
    expect(btcpay.invoices.get(second)).toMatchObject({ status: 'Expired', additionalStatus: 'PaidLate' });
    const types = btcpay.deliveries
      .filter((delivery) => delivery.body.invoiceId === second)
      .map((d) => d.body.type);
    expect(types).toContain('InvoicePaidAfterExpiration');
    expect(types).toContain('InvoicePaymentSettled');
    expect(types).not.toContain('InvoiceSettled');
    expect(await t.payment(trader, payment.id)).toMatchObject({ status: 'paid', amountPaid: '64.98' });
  });

  it('walks a late payment: expired unpaid, paid late at 0 confirmations (confirming), confirmed (credited)', async () => {
    const { trader, payment, invoiceId } = await billed('btc-late@example.test');
    clock.advanceDays(6);
    await t.tick();
    await btcpay.idle();
    expect(btcpay.invoices.get(invoiceId)?.status).toBe('Expired');
    expect((await t.payment(trader, payment.id)).status).toBe('past-due');
    expect(await t.accountStatus(trader)).toBe('deactivated');

    await btcpay.pay(invoiceId, '64.98', { confirmations: 0 });
    expect(btcpay.invoices.get(invoiceId)).toMatchObject({ status: 'Expired', additionalStatus: 'PaidLate' });
    expect(await t.payment(trader, payment.id)).toMatchObject({
      status: 'posted',
      amountPaid: '0',
      amountConfirming: '64.98',
    });
    expect(await t.accountStatus(trader)).toBe('deactivated');

    await btcpay.confirm(invoiceId);
    expect(await t.payment(trader, payment.id)).toMatchObject({
      status: 'paid',
      amountPaid: '64.98',
      amountConfirming: '0',
    });
    expect(await t.accountStatus(trader)).toBe('active');
    const statuses = btcpay.deliveries.map((delivery) => delivery.status);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it('finds a late payment with no webhook at all, by re-reading expired invoices until monitoring ends', async () => {
    const { trader, payment, invoiceId } = await billed('btc-late-quiet@example.test');
    clock.advanceMinutes(31);
    await t.tick();
    await btcpay.idle();
    btcpay.setWebhooksEnabled(false);
    try {
      await btcpay.pay(invoiceId, '64.98');
      clock.advanceMinutes(10);
      await t.tick();
      expect(await t.payment(trader, payment.id)).toMatchObject({ status: 'paid', amountPaid: '64.98' });
    } finally {
      btcpay.setWebhooksEnabled(true);
    }
  });

  it('leaves no credit when a 0-conf payment is replaced, even with no webhook saying so', async () => {
    const { trader, payment, invoiceId } = await billed('btc-replaced@example.test');
    clock.advanceMinutes(31);
    await t.tick();
    await btcpay.idle();
    const paymentId = await btcpay.pay(invoiceId, '64.98', { confirmations: 0 });
    expect((await t.payment(trader, payment.id)).amountConfirming).toBe('64.98');
    btcpay.replace(invoiceId, paymentId);
    expect(btcpay.invoices.get(invoiceId)?.paidAmount).toBe('0');
    clock.advanceMinutes(10);
    await t.tick();
    expect(await t.payment(trader, payment.id)).toMatchObject({
      status: 'pending',
      amountPaid: '0',
      amountConfirming: '0',
    });
    // A later real payment still counts in full, with nothing left over from the replaced one.
    await btcpay.pay(invoiceId, '64.98');
    expect(await t.payment(trader, payment.id)).toMatchObject({ status: 'paid', amountPaid: '64.98' });
  });

  it('books manual marks both ways, with an audit entry each time', async () => {
    const { trader, payment, invoiceId } = await billed('btc-marked@example.test');
    await btcpay.mark(invoiceId, 'Settled');
    expect(btcpay.invoices.get(invoiceId)).toMatchObject({ status: 'Settled', additionalStatus: 'Marked' });
    expect(await t.payment(trader, payment.id)).toMatchObject({ status: 'paid', amountPaid: '64.98' });
    clock.advanceDays(6);
    await btcpay.mark(invoiceId, 'Invalid');
    expect(await t.payment(trader, payment.id)).toMatchObject({ status: 'past-due', amountPaid: '0' });
    expect(await t.accountStatus(trader)).toBe('deactivated');
    const audit = await t.database.db
      .select()
      .from(paymentAuditEntries)
      .where(eq(paymentAuditEntries.paymentId, payment.id))
      .orderBy(asc(paymentAuditEntries.createdAt));
    expect(audit.map((entry) => entry.kind)).toEqual([
      'charge-marked-settled',
      'charge-marked-invalid',
      'payment-unpaid',
    ]);
  });

  it('refuses deliveries signed with another secret', async () => {
    const { trader, payment, invoiceId } = await billed('btc-forged@example.test');
    const body = JSON.stringify({
      deliveryId: 'x',
      type: 'InvoiceSettled',
      storeId: btcpay.storeId,
      invoiceId,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/btcpay',
      headers: { 'content-type': 'application/json', 'btcpay-sig': signSha256('wrong-secret-000000', body) },
      payload: body,
    });
    expect(response.statusCode).toBe(401);
    expect((await t.payment(trader, payment.id)).status).toBe('pending');
  });

  it('keeps billing running while BTCPay is down, and answers 503 to a charge request', async () => {
    const down = await buildBillingTestApp(
      {
        BILLING_PROVIDER: 'btcpay',
        BTCPAY_URL: 'http://127.0.0.1:9',
        BTCPAY_STORE_ID: 'store',
        BTCPAY_API_KEY: 'key',
        BTCPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      { clock: manualClock() },
    );
    try {
      const trader = await down.trader('btc-down@example.test');
      await recordClosedEpic(down, trader.account.id, '100');
      expect((await down.tick()).paymentsRequested).toBe(1);
      const [payment] = await down.payments(trader);
      expect(payment).toMatchObject({ status: 'pending', chargeHostedUrl: null, chargeExpDate: null });
      const renewed = await down.get(trader, `/api/v1/payments/generate-new-charge/${payment?.id}`);
      expect(renewed.statusCode).toBe(503);
      expect(renewed.json().code).toBe('billing-provider-unavailable');
    } finally {
      await down.close();
    }
  });
});

describe('verifyWebhook', () => {
  const provider = createBtcpayProvider({
    settings: { url: 'http://btcpay.test', storeId: 'store-a', apiKey: 'k', webhookSecret: WEBHOOK_SECRET },
  });
  const verify = (body: object) => {
    const raw = Buffer.from(JSON.stringify(body));
    return provider.verifyWebhook(raw, { 'btcpay-sig': signSha256(WEBHOOK_SECRET, raw) });
  };

  it('keys a redelivery by its original delivery id', async () => {
    expect(
      await verify({
        deliveryId: 'd2',
        originalDeliveryId: 'd1',
        type: 'InvoiceSettled',
        storeId: 'store-a',
        invoiceId: 'i',
      }),
    ).toEqual({ eventId: 'd1', type: 'InvoiceSettled', chargeId: 'i' });
  });

  it("ignores another store's events and bodies that are not events", async () => {
    expect(
      await verify({ deliveryId: 'd', type: 'InvoiceSettled', storeId: 'store-b', invoiceId: 'i' }),
    ).toBeUndefined();
    expect(await verify({ hello: 'world' })).toBeUndefined();
  });
});

describe('reading invoices from the servers and stores we support', () => {
  const charge = {
    paymentId: 'p-1',
    accountId: 'a-1',
    amount: '64.98',
    description: 'CDCA',
    expiresInMinutes: 30,
    redirectUrl: 'http://localhost:3000/?pid=p-1',
  };
  const providerFor = (server: FakeBtcpay) =>
    createBtcpayProvider({
      settings: {
        url: server.url,
        storeId: server.storeId,
        apiKey: server.apiKey,
        webhookSecret: WEBHOOK_SECRET,
      },
    });

  it('counts partial and late money on a server before v2.1.2 (no paidAmount), confirmed or not', async () => {
    const own = manualClock();
    const older = await startFakeBtcpay({ clock: own.now, withoutPaidAmount: true });
    try {
      const provider = providerFor(older);
      const created = await provider.createCharge(charge);
      await older.pay(created.id, '20');
      expect(await provider.getCharge(created.id)).toMatchObject({
        amountReceived: '20',
        amountConfirmed: '20',
      });
      own.advanceMinutes(31);
      await older.pay(created.id, '44.98', { confirmations: 0 });
      expect(await provider.getCharge(created.id)).toMatchObject({
        status: 'expired',
        exception: 'paid-late',
        amountReceived: '64.98',
        amountConfirmed: '20',
      });
    } finally {
      await older.close();
    }
  });

  it('asks every invoice for one confirmation, so a store set to HighSpeed cannot settle 0-conf money', async () => {
    const own = manualClock();
    const fast = await startFakeBtcpay({ clock: own.now, storeSpeedPolicy: 'HighSpeed' });
    try {
      const provider = providerFor(fast);
      const created = await provider.createCharge(charge);
      await fast.pay(created.id, '64.98', { confirmations: 0 });
      expect(await provider.getCharge(created.id)).toMatchObject({
        status: 'processing',
        amountReceived: '64.98',
        amountConfirmed: '0',
      });
      await fast.confirm(created.id, { confirmations: 1 });
      expect(await provider.getCharge(created.id)).toMatchObject({
        status: 'settled',
        amountConfirmed: '64.98',
      });
    } finally {
      await fast.close();
    }
  });
});
