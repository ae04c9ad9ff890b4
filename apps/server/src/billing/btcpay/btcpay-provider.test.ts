import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BillingTestApp,
  createBillingTestApp,
  manualClock,
  recordClosedEpic,
} from '../../modules/payments/testing/billing-test-app.ts';
import { signSha256 } from '../hmac-signature.ts';
import { createBtcpayProvider } from './btcpay-provider.ts';
import { type FakeBtcpay, startFakeBtcpay } from './fake-btcpay-server.ts';

const WEBHOOK_SECRET = 'whsec-0123456789abcdef';
const clock = manualClock();
let btcpay: FakeBtcpay;
let t: BillingTestApp;

beforeAll(async () => {
  btcpay = await startFakeBtcpay({ clock: clock.now });
  t = await createBillingTestApp(
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
});
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
      checkout: { expirationMinutes: 30, redirectURL: `http://localhost:3000/?pid=${payment.id}` },
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

  it('posts an unconfirmed payment, keeps it off past-due, and pays it on confirmation', async () => {
    const { trader, payment, invoiceId } = await billed('btc-processing@example.test');
    await btcpay.pay(invoiceId, '64.98', { confirmed: false });
    expect((await t.payment(trader, payment.id)).status).toBe('posted');
    clock.advanceDays(6);
    await t.tick();
    expect((await t.payment(trader, payment.id)).status).toBe('posted');
    expect(await t.accountStatus(trader)).toBe('active');
    await btcpay.confirm(invoiceId);
    expect((await t.payment(trader, payment.id)).status).toBe('paid');
  });

  it('puts a payment whose transaction never confirms back to past-due and deactivates the account', async () => {
    const { trader, payment, invoiceId } = await billed('btc-invalid@example.test');
    await btcpay.pay(invoiceId, '64.98', { confirmed: false });
    clock.advanceDays(6);
    await t.tick();
    await btcpay.invalidate(invoiceId);
    expect((await t.payment(trader, payment.id)).status).toBe('past-due');
    expect(await t.accountStatus(trader)).toBe('deactivated');
  });

  it('keeps a partial payment, asks only for the rest on a new invoice, and pays late invoices', async () => {
    const { trader, payment, invoiceId } = await billed('btc-partial@example.test');
    await btcpay.pay(invoiceId, '20');
    expect((await t.payment(trader, payment.id)).status).toBe('pending');
    clock.advanceMinutes(31);
    await t.tick();
    expect(await t.payment(trader, payment.id)).toMatchObject({ status: 'pending', amountPaid: '20' });
    const renewed = (await t.get(trader, `/api/v1/payments/generate-new-charge/${payment.id}`)).json();
    const second = renewed.chargeHostedUrl.split('/i/')[1];
    expect(btcpay.invoices.get(second)?.amount).toBe('44.98');
    clock.advanceMinutes(31);
    await btcpay.expireDue();
    // Paid after that invoice expired too: BTCPay still takes it (PaidLate), and so do we.
    await btcpay.pay(second, '44.98');
    expect(btcpay.invoices.get(second)).toMatchObject({ status: 'Settled', additionalStatus: 'PaidLate' });
    expect(await t.payment(trader, payment.id)).toMatchObject({ status: 'paid', amountPaid: '64.98' });
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
    const down = await createBillingTestApp(
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
