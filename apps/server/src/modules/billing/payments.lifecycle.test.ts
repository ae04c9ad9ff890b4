import { describe, expect, it } from 'vitest';
import {
  BILLING_OWNER_EMAIL,
  billedTrader,
  billingTestAppForAllTests,
  buildBillingTestApp,
  pressSandboxButton,
  recordClosedEpic,
} from './testing/billing.fixture.ts';

const DAY = 86_400_000;

const t = billingTestAppForAllTests();

/** A trader whose free allowance is used up, with the first payment requested (and its charge issued). */
const billed = (email: string) => billedTrader(t, email, '150');
/** The charge's page as its link opens it: the path and the link's token. */
const hostedPath = (hostedUrl: string) => {
  const { pathname, search } = new URL(hostedUrl);
  return `${pathname}${search}`;
};

describe('a new account', () => {
  it('owes $0.00 today, keeps the discount its referral code earned, and onboarding moves on', async () => {
    const trader = await t.traderWithCode('launch-deal@example.test', 'launch');
    expect(await t.summary(trader)).toMatchObject({
      state: 'allowance',
      discountCode: 'LaunchSpecial',
      dueToday: '0.00',
      quote: { originalPrice: '64.98', basePrice: '49.98', discounted: true, amountDue: '49.98' },
      allowance: { limit: '100.00', realisedProfit: '0', remaining: '100.00', reached: false },
      nextPaymentAt: null,
    });
    const newcomer = await t.trader('onboarding@example.test', 'pending-payment');
    const step = await t.post(newcomer, '/api/v1/onboarding/payment', {});
    expect(step.statusCode).toBe(200);
    expect(step.json().status).toBe('pending-breakdown');
    expect(await t.payments(newcomer)).toEqual([]);
  });

  it('earns nothing from an unknown referral code', async () => {
    const trader = await t.traderWithCode('friend-code@example.test', 'FRIEND42');
    expect((await t.summary(trader)).discountCode).toBeNull();
  });
});

describe('the free allowance', () => {
  it('keeps billing off until realised profit reaches $100, then requests the first payment', async () => {
    const trader = await t.trader('allowance@example.test');
    await recordClosedEpic(t, trader.account.id, '60');
    expect((await t.tick()).paymentsRequested).toBe(0);
    expect(await t.payments(trader)).toEqual([]);
    expect((await t.summary(trader)).allowance).toMatchObject({ remaining: '40.00', reached: false });

    await recordClosedEpic(t, trader.account.id, '40');
    await t.tick();
    const [payment] = await t.payments(trader);
    const now = t.clock.now().getTime();
    expect(payment).toMatchObject({
      status: 'pending',
      cycle: 1,
      originalPrice: '64.98',
      basePrice: '64.98',
      usageFee: '0.00',
      amountDue: '64.98',
      amountPaid: '0',
      paidAt: null,
    });
    expect(Date.parse(payment?.dueAt ?? '')).toBe(now + 5 * 86_400_000);
    // The charge's page, with the signed link token that lets its owner in (docs/decisions/sandbox-charge-links.md).
    expect(payment?.chargeHostedUrl).toMatch(
      /^http:\/\/localhost:3000\/sandbox-pay\/[\w-]+\?t=\d+\.[\w-]{43}$/,
    );
    expect(Date.parse(payment?.chargeExpDate ?? '')).toBe(now + 60 * 60_000);
    expect(t.published).toContainEqual({
      accountId: trader.account.id,
      message: { routingKey: 'payment.updated', event: expect.objectContaining({ id: payment?.id }) },
    });
    expect(await t.summary(trader)).toMatchObject({ state: 'billing', dueToday: '64.98' });
  });

  it('never bills a free account', async () => {
    const trader = await t.trader('free@example.test');
    await t.database.db.execute(`update accounts set free_account = true where id = '${trader.account.id}'`);
    await recordClosedEpic(t, trader.account.id, '5000');
    await t.tick();
    expect(await t.payments(trader)).toEqual([]);
    expect((await t.summary(trader)).state).toBe('free');
  });
});

describe('paying a charge', () => {
  it('on the sandbox page marks the payment paid, and the account stays active', async () => {
    const { trader, payment, hostedUrl } = await billed('payer@example.test');
    const page = await t.app.inject({ method: 'GET', url: hostedPath(hostedUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$64.98');
    expect(page.body).toContain('<svg');
    expect(await pressSandboxButton(t, hostedUrl, 'pay')).toBe('200');
    const paid = await t.payment(trader, payment.id);
    expect(paid).toMatchObject({ status: 'paid', amountPaid: '64.98', paidAt: t.clock.now().toISOString() });
    expect(await t.accountStatus(trader)).toBe('active');
    // Pressing again sends nothing: the charge is settled.
    await pressSandboxButton(t, hostedUrl, 'pay');
    expect((await t.payment(trader, payment.id)).amountPaid).toBe('64.98');
  });

  it('under-paid stays unpaid; the next charge asks for the rest, and paying it pays the payment', async () => {
    const { trader, payment, hostedUrl } = await billed('underpayer@example.test');
    await pressSandboxButton(t, hostedUrl, 'underpay');
    expect((await t.payment(trader, payment.id)).status).toBe('pending');
    await pressSandboxButton(t, hostedUrl, 'expire');
    const afterExpiry = await t.payment(trader, payment.id);
    expect(afterExpiry).toMatchObject({ status: 'pending', amountPaid: '32.49' });

    const renewed = await t.get(trader, `/api/v1/payments/generate-new-charge/${payment.id}`);
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json();
    expect(fresh.chargeHostedUrl).not.toBe(hostedUrl);
    const freshPage = await t.app.inject({ method: 'GET', url: hostedPath(fresh.chargeHostedUrl) });
    expect(freshPage.body).toContain('$32.49');
    await pressSandboxButton(t, fresh.chargeHostedUrl, 'pay');
    expect(await t.payment(trader, payment.id)).toMatchObject({ status: 'paid', amountPaid: '64.98' });
  });

  it('over-paid counts as paid and records every cent received', async () => {
    const { trader, payment, hostedUrl } = await billed('overpayer@example.test');
    await pressSandboxButton(t, hostedUrl, 'overpay');
    expect(await t.payment(trader, payment.id)).toMatchObject({ status: 'paid', amountPaid: '69.98' });
  });

  it('paid after the charge expired still pays the payment (money received is never lost)', async () => {
    const { trader, payment, hostedUrl } = await billed('latepayer@example.test');
    t.clock.advanceMinutes(61);
    await t.tick();
    expect((await t.payment(trader, payment.id)).status).toBe('pending');
    await pressSandboxButton(t, hostedUrl, 'pay');
    expect(await t.payment(trader, payment.id)).toMatchObject({ status: 'paid', amountPaid: '64.98' });
  });

  it('an expired charge is replaced on request, and the old one still counts if paid late', async () => {
    const { trader, payment, hostedUrl } = await billed('renewer@example.test');
    const unchanged = (await t.get(trader, `/api/v1/payments/generate-new-charge/${payment.id}`)).json();
    expect(unchanged.chargeHostedUrl).toBe(hostedUrl);
    t.clock.advanceMinutes(90);
    const renewed = (await t.get(trader, `/api/v1/payments/generate-new-charge/${payment.id}`)).json();
    expect(renewed.chargeHostedUrl).not.toBe(hostedUrl);
    expect(Date.parse(renewed.chargeExpDate)).toBe(t.clock.now().getTime() + 60 * 60_000);
    await pressSandboxButton(t, hostedUrl, 'pay');
    expect((await t.payment(trader, payment.id)).status).toBe('paid');
    const again = await t.get(trader, `/api/v1/payments/generate-new-charge/${payment.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('payment-not-open');
  });

  it('check-payment-status finds money whose webhook never arrived', async () => {
    const { trader, payment, hostedUrl } = await billed('lostwebhook@example.test');
    // Pay straight into the sandbox's books, with no webhook, as a lost delivery would leave it.
    const chargeId = new URL(hostedUrl).pathname.split('/').at(-1) ?? '';
    await t.database.db.execute(
      `update sandbox_charges set paid_amount = amount, status = 'settled' where id = '${chargeId}'`,
    );
    expect((await t.payment(trader, payment.id)).status).toBe('pending');
    const checked = await t.post(trader, `/api/v1/payments/check-payment-status/${payment.id}`);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ status: 'paid', amountPaid: '64.98' });
  });
});

describe('past due', () => {
  it('deactivates the account after 5 unpaid days, and paying reactivates it for a full cycle', async () => {
    const { trader, payment, hostedUrl } = await billed('pastdue@example.test');
    t.clock.advanceDays(4);
    await t.tick();
    expect((await t.payment(trader, payment.id)).status).toBe('pending');
    expect(await t.accountStatus(trader)).toBe('active');

    t.clock.advanceDays(1);
    const tick = await t.tick();
    expect(tick.pastDue).toBeGreaterThanOrEqual(1);
    expect((await t.payment(trader, payment.id)).status).toBe('past-due');
    expect(await t.accountStatus(trader)).toBe('deactivated');
    expect(t.published).toContainEqual({
      accountId: trader.account.id,
      message: { routingKey: 'account.updated', event: expect.objectContaining({ status: 'deactivated' }) },
    });
    expect((await t.summary(trader)).nextPaymentAt).toBeNull();

    const renewed = (await t.get(trader, `/api/v1/payments/generate-new-charge/${payment.id}`)).json();
    expect(renewed.chargeHostedUrl).not.toBe(hostedUrl);
    t.clock.advanceDays(2);
    await pressSandboxButton(t, renewed.chargeHostedUrl, 'pay');
    const paid = await t.payment(trader, payment.id);
    expect(paid).toMatchObject({ status: 'paid', cycleStart: t.clock.now().toISOString() });
    expect(Date.parse(paid.cycleEnd)).toBe(t.clock.now().getTime() + 30 * 86_400_000);
    expect(await t.accountStatus(trader)).toBe('active');
    expect((await t.summary(trader)).nextPaymentAt).toBe(paid.cycleEnd);
  });

  it('marked paid by an owner restarts the 30 days from that moment, as paying a charge does', async () => {
    const { trader, payment } = await billed('owner-marked@example.test');
    t.clock.advanceDays(6);
    await t.tick();
    expect(await t.accountStatus(trader)).toBe('deactivated');
    t.clock.advanceDays(3);
    const marked = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/payments/${payment.id}`,
      headers: t.owner.headers,
      payload: { status: 'paid', note: 'Paid by bank transfer' },
    });
    expect(marked.statusCode).toBe(200);
    const paidAt = t.clock.now().getTime();
    expect(marked.json()).toMatchObject({
      status: 'paid',
      paidAt: t.clock.now().toISOString(),
      cycleStart: t.clock.now().toISOString(),
    });
    expect(Date.parse(marked.json().cycleEnd)).toBe(paidAt + 30 * DAY);
    expect(await t.accountStatus(trader)).toBe('active');
    expect((await t.summary(trader)).nextPaymentAt).toBe(marked.json().cycleEnd);

    t.clock.advanceDays(29);
    await t.tick();
    expect(await t.payments(trader)).toHaveLength(1);
    t.clock.advanceDays(1);
    await t.tick();
    const next = (await t.payments(trader)).find((candidate) => candidate.cycle === 2);
    expect(Date.parse(next?.cycleStart ?? '')).toBe(paidAt + 30 * DAY);
  });

  it('lists payments by status, the key repeated without indices', async () => {
    const { trader, payment } = await billed('lister@example.test');
    t.clock.advanceDays(6);
    await t.tick();
    const open = await t.get(
      trader,
      `/api/v1/payments?accountId=${trader.account.id}&status=pending&status=past-due&includeTotal=true`,
    );
    expect(open.json()).toMatchObject({ total: 1, payments: [{ id: payment.id, status: 'past-due' }] });
    expect(await t.payments(trader, '&status=paid')).toEqual([]);
    const bad = await t.get(trader, `/api/v1/payments?accountId=${trader.account.id}&status=owed`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('over-payment credit', () => {
  it('takes the surplus off the next payment and shows it on the summary until then', async () => {
    const { trader, payment, hostedUrl } = await billed('credited@example.test');
    await pressSandboxButton(t, hostedUrl, 'overpay');
    expect(await t.payment(trader, payment.id)).toMatchObject({ status: 'paid', amountPaid: '69.98' });
    expect(await t.summary(trader)).toMatchObject({
      credit: '5.00',
      quote: { basePrice: '64.98', credit: '5.00', amountDue: '59.98' },
    });

    t.clock.advanceDays(30);
    await t.tick();
    const second = (await t.payments(trader)).find((candidate) => candidate.cycle === 2);
    expect(second).toMatchObject({
      status: 'pending',
      basePrice: '64.98',
      creditApplied: '5.00',
      amountDue: '59.98',
    });
    expect(await t.summary(trader)).toMatchObject({ credit: '0.00', dueToday: '59.98' });
    const page = await t.app.inject({ method: 'GET', url: hostedPath(second?.chargeHostedUrl ?? '') });
    expect(page.body).toContain('$59.98');
    await pressSandboxButton(t, second?.chargeHostedUrl ?? '', 'pay');
    expect((await t.payment(trader, second?.id ?? '')).status).toBe('paid');

    // Used once: the cycle after is priced in full again.
    t.clock.advanceDays(30);
    await t.tick();
    const third = (await t.payments(trader)).find((candidate) => candidate.cycle === 3);
    expect(third).toMatchObject({ creditApplied: '0.00', amountDue: '64.98' });
  });

  it('never takes a payment below $0.00: a payment the credit covers is paid at once, the rest carries on', async () => {
    const trader = await t.trader('primordial@example.test');
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/billing/discount-code',
      headers: t.owner.headers,
      payload: { accountId: trader.account.id, discountCode: 'PrimordiumSpecial' },
    });
    await recordClosedEpic(t, trader.account.id, '150');
    await t.tick();
    const [first] = await t.payments(trader);
    expect(first).toMatchObject({ amountDue: '1.00' });
    // The sandbox's over-payment sends $5 more than asked: $5.00 of credit against $1.00 cycles.
    await pressSandboxButton(t, first?.chargeHostedUrl ?? '', 'overpay');
    for (let cycle = 2; cycle <= 6; cycle += 1) {
      t.clock.advanceDays(30);
      await t.tick();
      const covered = (await t.payments(trader)).find((candidate) => candidate.cycle === cycle);
      expect(covered).toMatchObject({ status: 'paid', creditApplied: '1.00', amountDue: '0.00' });
      expect(covered?.chargeHostedUrl).toBeNull();
      expect(await t.accountStatus(trader)).toBe('active');
    }
    expect((await t.summary(trader)).credit).toBe('0.00');
    t.clock.advanceDays(30);
    await t.tick();
    const owed = (await t.payments(trader)).find((candidate) => candidate.cycle === 7);
    expect(owed).toMatchObject({ status: 'pending', creditApplied: '0.00', amountDue: '1.00' });
  });
});

describe('server time', () => {
  it('is on every billing answer the browser judges dates with, moved by the billing controls', async () => {
    const trader = await t.trader('clock-reader@example.test');
    expect((await t.summary(trader)).now).toBe(t.clock.now().toISOString());
    const list = await t.get(trader, `/api/v1/payments?accountId=${trader.account.id}`);
    expect(list.json().now).toBe(t.clock.now().toISOString());
    const shifted = await buildBillingTestApp();
    try {
      const moved = await shifted.post(shifted.owner, '/api/v1/billing-controls/advance', { hours: 30 });
      expect(moved.statusCode).toBe(200);
      const ahead = new Date(shifted.clock.now().getTime() + 30 * 3_600_000).toISOString();
      const reader = await shifted.trader('clock-ahead@example.test');
      expect((await shifted.summary(reader)).now).toBe(ahead);
      const aheadList = await shifted.get(reader, `/api/v1/payments?accountId=${reader.account.id}`);
      expect(aheadList.json().now).toBe(ahead);
    } finally {
      await shifted.close();
    }
  });
});

describe('payments no longer owed', () => {
  it('are voided when an owner makes the account free, which lifts a past-due deactivation', async () => {
    const { trader, payment } = await billed('made-free@example.test');
    t.clock.advanceDays(6);
    await t.tick();
    expect(await t.accountStatus(trader)).toBe('deactivated');
    const freed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/admin/${trader.sub}`,
      headers: t.owner.headers,
      payload: { freeAccount: true },
    });
    expect(freed.statusCode).toBe(200);
    await t.tick();
    expect((await t.payment(trader, payment.id)).status).toBe('expired');
    expect(await t.accountStatus(trader)).toBe('active');
  });

  it('still turn paid when money arrives for them', async () => {
    const { trader, payment, hostedUrl } = await billed('cancel-then-pay@example.test');
    await t.post(trader, '/api/v1/billing/cancellation', {
      accountId: trader.account.id,
      reason: 'payment-issues',
    });
    expect((await t.payment(trader, payment.id)).status).toBe('expired');
    await pressSandboxButton(t, hostedUrl, 'pay');
    expect(await t.payment(trader, payment.id)).toMatchObject({ status: 'paid', amountPaid: '64.98' });
  });
});

describe('production', () => {
  it('has no billing clock controls and no sandbox pay buttons', async () => {
    const production = await buildBillingTestApp({ APP_ENV: 'production' });
    try {
      const controls = await production.post(production.owner, '/api/v1/billing-controls/advance', {
        hours: 1,
      });
      expect(controls.statusCode).toBe(404);
      expect(controls.json().code).toBe('billing-controls-disabled');
      const button = await production.app.inject({ method: 'POST', url: '/sandbox-pay/anything/pay' });
      expect(button.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('staging', () => {
  it('bills every total at $1.00', async () => {
    const staging = await buildBillingTestApp({
      APP_ENV: 'staging',
      STAGING_ALLOWED_EMAILS: `stager@example.test,${BILLING_OWNER_EMAIL}`,
    });
    try {
      const trader = await staging.trader('stager@example.test');
      await recordClosedEpic(staging, trader.account.id, '100');
      await staging.tick();
      const [payment] = await staging.payments(trader);
      expect(payment).toMatchObject({ amountDue: '1.00', basePrice: '64.98' });
    } finally {
      await staging.close();
    }
  });
});
