import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signSha256 } from './providers/hmac-signature.ts';
import { sandboxCharges, sandboxSecrets } from './providers/sandbox/sandbox.schema.ts';
import { billedTrader, billingTestAppForAllTests, recordClosedEpic } from './testing/billing.fixture.ts';

const t = billingTestAppForAllTests();

const billed = (email: string) => billedTrader(t, email, '100');

/** Money arrives in the sandbox's books with no webhook: what a delivery should then tell us about. */
const settleQuietly = (chargeId: string) =>
  t.database.db
    .update(sandboxCharges)
    .set({ paidAmount: '64.98', status: 'settled' })
    .where(eq(sandboxCharges.id, chargeId));

const secret = async () => {
  const [row] = await t.database.db.select().from(sandboxSecrets).where(eq(sandboxSecrets.name, 'webhook'));
  if (!row) throw new Error('no sandbox secret yet');
  return row.value;
};

const event = (chargeId: string, eventId = randomBytes(8).toString('hex')) =>
  JSON.stringify({
    deliveryId: eventId,
    originalDeliveryId: eventId,
    type: 'InvoiceSettled',
    invoiceId: chargeId,
  });

const deliver = (rawBody: string, signature: string | undefined) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhooks/sandbox',
    headers: { 'content-type': 'application/json', ...(signature ? { 'sandbox-sig': signature } : {}) },
    payload: rawBody,
  });

describe('webhooks', () => {
  it('refuse a missing or forged signature with 401 and change nothing', async () => {
    const { trader, payment, chargeId } = await billed('forged@example.test');
    await settleQuietly(chargeId);
    const body = event(chargeId);
    for (const signature of [
      undefined,
      signSha256('not-the-secret', body),
      `sha256=${'0'.repeat(64)}`,
      'garbage',
    ]) {
      const response = await deliver(body, signature);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('webhook-signature-invalid');
    }
    // A body changed after signing no longer matches its signature.
    const signed = signSha256(await secret(), body);
    expect((await deliver(body.replace('InvoiceSettled', 'InvoiceExpired'), signed)).statusCode).toBe(401);
    expect((await t.payment(trader, payment.id)).status).toBe('pending');
  });

  it('apply a signed event once; a replay is acknowledged as a duplicate and changes nothing', async () => {
    const { trader, payment, chargeId } = await billed('replayed@example.test');
    await settleQuietly(chargeId);
    const body = event(chargeId, 'evt-replayed');
    const signature = signSha256(await secret(), body);
    const first = await deliver(body, signature);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const paid = await t.payment(trader, payment.id);
    expect(paid.status).toBe('paid');
    const eventsBefore = t.published.length;
    const replay = await deliver(body, signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await t.payment(trader, payment.id)).toEqual(paid);
    expect(t.published.length).toBe(eventsBefore);
  });

  it('trust only the provider: a signed "settled" event for an unpaid charge pays nothing', async () => {
    const { trader, payment, chargeId } = await billed('liar@example.test');
    const body = event(chargeId);
    expect((await deliver(body, signSha256(await secret(), body))).statusCode).toBe(200);
    expect((await t.payment(trader, payment.id)).status).toBe('pending');
  });

  it('two deliveries at once apply one effect', async () => {
    const { trader, payment, chargeId } = await billed('concurrent@example.test');
    await settleQuietly(chargeId);
    const key = await secret();
    const bodies = [event(chargeId), event(chargeId), event(chargeId, 'same'), event(chargeId, 'same')];
    const answers = await Promise.all(bodies.map((body) => deliver(body, signSha256(key, body))));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const updates = t.published.filter(
      (envelope) =>
        envelope.message.routingKey === 'payment.updated' &&
        envelope.message.event.id === payment.id &&
        envelope.message.event.status === 'paid',
    );
    expect(updates).toHaveLength(1);
    expect(await t.payment(trader, payment.id)).toMatchObject({ status: 'paid', amountPaid: '64.98' });
  });

  it('for another provider answer 404', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/btcpay',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("another account's payment", () => {
  it('is out of reach: 404 by id, 403 in lists and billing, and nothing changes', async () => {
    const { trader: bob, payment } = await billed('bob-billing@example.test');
    const mallory = await t.trader('mallory-billing@example.test');
    for (const [method, url] of [
      ['GET', `/api/v1/payments/${payment.id}`],
      ['POST', `/api/v1/payments/check-payment-status/${payment.id}`],
      ['GET', `/api/v1/payments/generate-new-charge/${payment.id}`],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: mallory.headers });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('payment-not-found');
    }
    for (const [method, url, payload] of [
      ['GET', `/api/v1/payments?accountId=${bob.account.id}`, undefined],
      ['GET', `/api/v1/billing?accountId=${bob.account.id}`, undefined],
      ['POST', '/api/v1/payments', { accountId: bob.account.id }],
      ['POST', '/api/v1/billing/cancellation', { accountId: bob.account.id, reason: 'too-expensive' }],
      ['PATCH', `/api/v1/payments/${payment.id}`, { status: 'paid', note: 'mine now' }],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: mallory.headers,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, url).toBe(403);
    }
    expect(await t.payment(bob, payment.id)).toEqual(payment);
    expect((await t.summary(bob)).cancellation).toBeNull();
  });

  it('needs a signed-in caller', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/payments?accountId=00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('owners', () => {
  it('record a payment made another way, which reactivates a past-due account, and void one', async () => {
    const { trader, payment } = await billed('manual@example.test');
    t.clock.advanceDays(6);
    await t.tick();
    expect(await t.accountStatus(trader)).toBe('deactivated');
    const marked = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/payments/${payment.id}`,
      headers: t.owner.headers,
      payload: { status: 'paid', note: 'Paid by bank transfer' },
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'paid' });
    expect(await t.accountStatus(trader)).toBe('active');
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/payments/${payment.id}`,
      headers: t.owner.headers,
      payload: { status: 'expired', note: 'too late' },
    });
    expect(again.statusCode).toBe(409);

    const { trader: other, payment: owed } = await billed('voided@example.test');
    const voided = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/payments/${owed.id}`,
      headers: t.owner.headers,
      payload: { status: 'expired', note: 'goodwill' },
    });
    expect(voided.json().status).toBe('expired');
    expect((await t.summary(other)).dueToday).toBe('0.00');
  });

  it('grant discounts the next payments are priced with; traders cannot', async () => {
    const trader = await t.trader('beta@example.test');
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/billing/discount-code',
      headers: trader.headers,
      payload: { accountId: trader.account.id, discountCode: 'PrimordiumSpecial' },
    });
    expect(refused.statusCode).toBe(403);
    const granted = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/billing/discount-code',
      headers: t.owner.headers,
      payload: { accountId: trader.account.id, discountCode: 'BetaTesterSpecial' },
    });
    expect(granted.json()).toMatchObject({
      discountCode: 'BetaTesterSpecial',
      quote: { basePrice: '39.98' },
    });
    await recordClosedEpic(t, trader.account.id, '100');
    await t.tick();
    expect((await t.payments(trader))[0]).toMatchObject({
      discountCode: 'BetaTesterSpecial',
      amountDue: '39.98',
    });
  });
});
