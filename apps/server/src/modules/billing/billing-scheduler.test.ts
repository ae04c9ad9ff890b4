import type { TPayment } from '@cdca/contracts';
import { manualClock } from '@cdca/engine/testing';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/client.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import {
  billingTestAppForAllTests,
  buildBillingTestApp,
  pressSandboxButton,
  recordClosedEpic,
} from './testing/billing.fixture.ts';

const DAY = 86_400_000;

const t = billingTestAppForAllTests();

const payFirstUnpaid = async (payments: TPayment[]) => {
  const unpaid = payments.find((payment) => payment.status === 'pending' || payment.status === 'past-due');
  if (!unpaid?.chargeHostedUrl) throw new Error('nothing to pay');
  await pressSandboxButton(t, unpaid.chargeHostedUrl, 'pay');
  return unpaid;
};

describe('the billing scheduler over simulated months', () => {
  it('requests one payment every 30 days, each paid on time, never twice however often it runs', async () => {
    const trader = await t.trader('monthly@example.test');
    const start = t.clock.now().getTime();
    await recordClosedEpic(t, trader.account.id, '100');
    for (let day = 0; day <= 185; day += 1) {
      await t.tick();
      if (day % 7 === 3) await t.tick();
      const payments = await t.payments(trader);
      if (payments.some((payment) => payment.status === 'pending')) await payFirstUnpaid(payments);
      t.clock.advanceDays(1);
    }
    const payments = (await t.payments(trader)).sort((a, b) => a.cycle - b.cycle);
    expect(payments.map((payment) => payment.cycle)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(payments.every((payment) => payment.status === 'paid')).toBe(true);
    payments.forEach((payment, index) => {
      expect(Date.parse(payment.cycleStart)).toBe(start + index * 30 * DAY);
      expect(Date.parse(payment.dueAt)).toBe(start + index * 30 * DAY + 5 * DAY);
    });
    expect(await t.accountStatus(trader)).toBe('active');
  });

  it('deactivates a trader who stops paying, requests nothing more while deactivated, and reactivates on payment', async () => {
    const trader = await t.trader('lapsed@example.test');
    await recordClosedEpic(t, trader.account.id, '100');
    await t.tick();
    await payFirstUnpaid(await t.payments(trader));
    t.clock.advanceDays(30);
    await t.tick();
    expect((await t.payments(trader)).filter((payment) => payment.status === 'pending')).toHaveLength(1);
    t.clock.advanceDays(5);
    await t.tick();
    expect(await t.accountStatus(trader)).toBe('deactivated');
    t.clock.advanceDays(60);
    await t.tick();
    await t.tick();
    const lapsed = await t.payments(trader);
    expect(lapsed.map((payment) => payment.status).sort()).toEqual(['paid', 'past-due']);

    const pastDue = lapsed.find((payment) => payment.status === 'past-due');
    const renewed = (await t.get(trader, `/api/v1/payments/generate-new-charge/${pastDue?.id}`)).json();
    await pressSandboxButton(t, renewed.chargeHostedUrl, 'pay');
    expect(await t.accountStatus(trader)).toBe('active');
    const paidAt = t.clock.now().getTime();
    t.clock.advanceDays(29);
    await t.tick();
    expect(await t.payments(trader)).toHaveLength(2);
    t.clock.advanceDays(1);
    await t.tick();
    const next = (await t.payments(trader)).find((payment) => payment.cycle === 3);
    expect(Date.parse(next?.cycleStart ?? '')).toBe(paidAt + 30 * DAY);
  });

  it('charges the usage fee on the previous cycle’s volume beyond $500k', async () => {
    const trader = await t.trader('whale@example.test');
    const start = t.clock.now();
    await recordClosedEpic(t, trader.account.id, '100', [
      { at: new Date(start.getTime() - DAY), value: '900000' },
      { at: new Date(start.getTime() + 2 * DAY), value: '400000' },
      { at: new Date(start.getTime() + 10 * DAY), value: '350000.10' },
      { at: new Date(start.getTime() + 31 * DAY), value: '1000000' },
    ]);
    await t.tick();
    const [first] = await t.payments(trader);
    expect(first).toMatchObject({ usageVolume: '0', usageFee: '0.00', amountDue: '64.98' });
    await payFirstUnpaid(await t.payments(trader));
    t.clock.advanceDays(30);
    await t.tick();
    const second = (await t.payments(trader)).find((payment) => payment.cycle === 2);
    // 750,000.10 traded in cycle 1: 250,000.10 beyond $500k at 0.0005 = $125.00005 → $125.00.
    expect(second).toMatchObject({ usageVolume: '750000.1', usageFee: '125.00', amountDue: '189.98' });
    expect((await t.summary(trader)).currentCycle?.volume).toBe('0');
  });
});

describe('what a tick reports', () => {
  it('counts each payment that went past due once, whichever step found it, and each charge that expired', async () => {
    const own = await buildBillingTestApp();
    try {
      const swept = await own.trader('swept@example.test');
      await recordClosedEpic(own, swept.account.id, '100');
      expect(await own.tick()).toMatchObject({ billingStarted: 1, paymentsRequested: 1, pastDue: 0 });
      // One jump past both the charge's expiry and the due date: the charge sweep finds the payment past due.
      own.clock.advanceDays(5);
      own.clock.advanceMinutes(1);
      expect(await own.tick()).toMatchObject({ paymentsRequested: 0, pastDue: 1, chargesExpired: 1 });
      expect(await own.accountStatus(swept)).toBe('deactivated');
      expect(await own.tick()).toMatchObject({ pastDue: 0, chargesExpired: 0 });

      // The charge expired days before: the due-date check finds it past due.
      const checked = await own.trader('checked@example.test');
      await recordClosedEpic(own, checked.account.id, '100');
      expect(await own.tick()).toMatchObject({ billingStarted: 1, paymentsRequested: 1 });
      own.clock.advanceDays(1);
      expect(await own.tick()).toMatchObject({ pastDue: 0, chargesExpired: 1 });
      own.clock.advanceDays(4);
      expect(await own.tick()).toMatchObject({ pastDue: 1, chargesExpired: 0 });
      expect(await own.accountStatus(checked)).toBe('deactivated');
    } finally {
      await own.close();
    }
  });
});

describe('cancellation', () => {
  it('keeps access until the paid cycle ends, voids what is unpaid, then deactivates; resuming bills again', async () => {
    const trader = await t.trader('leaver@example.test');
    await recordClosedEpic(t, trader.account.id, '100');
    await t.tick();
    const first = await payFirstUnpaid(await t.payments(trader));
    t.clock.advanceDays(10);
    const cancelled = await t.post(trader, '/api/v1/billing/cancellation', {
      accountId: trader.account.id,
      reason: 'lack-of-usage',
      comment: 'Taking a break',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      state: 'cancelled',
      nextPaymentAt: null,
      cancellation: { reason: 'lack-of-usage', comment: 'Taking a break', accessUntil: first.cycleEnd },
    });
    const twice = await t.post(trader, '/api/v1/billing/cancellation', {
      accountId: trader.account.id,
      reason: 'too-expensive',
    });
    expect(twice.json().code).toBe('plan-already-cancelled');
    t.clock.advanceDays(19);
    await t.tick();
    expect(await t.accountStatus(trader)).toBe('active');
    t.clock.advanceDays(2);
    expect((await t.tick()).accessEnded).toBe(1);
    expect(await t.accountStatus(trader)).toBe('deactivated');
    expect(await t.payments(trader)).toHaveLength(1);

    const back = await t.post(trader, '/api/v1/payments', { accountId: trader.account.id });
    expect(back.statusCode).toBe(201);
    expect(back.json()).toMatchObject({ status: 'pending', cycle: 2, amountDue: '64.98' });
    const same = await t.post(trader, '/api/v1/payments', { accountId: trader.account.id });
    expect(same.statusCode).toBe(200);
    expect(same.json().id).toBe(back.json().id);
    expect(await t.accountStatus(trader)).toBe('deactivated');
    await pressSandboxButton(t, back.json().chargeHostedUrl, 'pay');
    expect(await t.accountStatus(trader)).toBe('active');
    expect((await t.summary(trader)).state).toBe('billing');
  });

  it('refuses a reason outside docs/product.md §3 and asking for a payment when nothing is due', async () => {
    const trader = await t.trader('reasons@example.test');
    const bad = await t.post(trader, '/api/v1/billing/cancellation', {
      accountId: trader.account.id,
      reason: 'bored',
    });
    expect(bad.statusCode).toBe(400);
    const nothing = await t.post(trader, '/api/v1/payments', { accountId: trader.account.id });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().code).toBe('nothing-due');
  });
});

describe('several server processes', () => {
  it('pick up after a restart without requesting a cycle twice', async () => {
    const database = await createTestDatabase();
    const clock = manualClock();
    try {
      const before = await buildBillingTestApp({}, { database, clock });
      const trader = await before.trader('restarted@example.test');
      await recordClosedEpic(before, trader.account.id, '100');
      await before.tick();
      await before.close();
      const after = await buildBillingTestApp(
        {},
        { database, clock, ownerEmail: 'after-owner@example.test' },
      );
      await after.tick();
      clock.advanceDays(5);
      await after.tick();
      const payments = await after.payments(trader);
      expect(payments.map((payment) => [payment.cycle, payment.status])).toEqual([[1, 'past-due']]);
      await after.close();
    } finally {
      await database.close();
    }
  });

  it('request each cycle once and deactivate once when they tick at the same moments', async () => {
    const database = await createTestDatabase();
    const clock = manualClock();
    const first = await buildBillingTestApp({}, { database, clock });
    // A second process: its own connection pool (PostgreSQL) on the same database, its own app and scheduler.
    const secondDatabase = database.url ? await openPostgres(database.url) : database;
    const second = await buildBillingTestApp(
      {},
      { database: secondDatabase, clock, ownerEmail: 'second-owner@example.test' },
    );
    try {
      const trader = await first.trader('shared@example.test');
      await recordClosedEpic(first, trader.account.id, '100');
      for (let day = 0; day < 40; day += 1) {
        await Promise.all([first.tick(), second.tick(), first.tick(), second.tick()]);
        clock.advanceDays(1);
      }
      const payments = await first.payments(trader);
      expect(payments.map((payment) => payment.cycle).sort()).toEqual([1]);
      expect(payments[0]?.status).toBe('past-due');
      const deactivations = first.published.filter(
        (envelope) =>
          envelope.accountId === trader.account.id &&
          envelope.message.routingKey === 'account.updated' &&
          envelope.message.event.status === 'deactivated',
      );
      const secondDeactivations = second.published.filter(
        (envelope) =>
          envelope.accountId === trader.account.id && envelope.message.routingKey === 'account.updated',
      );
      expect(deactivations.length + secondDeactivations.length).toBe(1);
    } finally {
      await second.close();
      await first.close();
      if (secondDatabase !== database) await secondDatabase.close();
      await database.close();
    }
  });
});
