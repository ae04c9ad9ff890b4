import { type TAdminCharts, ZAdminCharts } from '@cdca/contracts';
import { manualClock } from '@cdca/engine/testing';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appForAllTests } from '../../testing/app-lifecycle.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { makeOwner, newTrader, type Trader } from '../../testing/traders.ts';
import { insertCoin } from '../coins/testing/coins.fixture.ts';
import { epics } from '../epics/epics.schema.ts';
import { insertAccount, insertEpic } from '../stats/testing/stats-fixtures.ts';
import { backdateAccount, insertCommission, insertPayment } from './testing/console.fixture.ts';

// The 30-day window is 2026-05-17 … 2026-06-15 (UTC days, today included); 90 days reach back to 2026-03-18.
const NOW = new Date('2026-06-15T12:00:00.000Z');

const t = appForAllTests(() => buildTestApp({ clock: manualClock(NOW) }));
let owner: Trader;
let trader: Trader;

beforeAll(async () => {
  owner = await newTrader(t, 'console-owner@example.test', 'active');
  await makeOwner(t, owner);
  trader = await newTrader(t, 'console-trader@example.test', 'active');
  // The two above signed up on the wall clock's day, outside the windows; these sign-ups are placed by hand.
  const a1 = await insertAccount(t.db, 'console-a1');
  const a2 = await insertAccount(t.db, 'console-a2');
  const a3 = await insertAccount(t.db, 'console-a3');
  const a4 = await insertAccount(t.db, 'console-a4');
  await backdateAccount(t.db, a1.id, '2026-06-10T08:00:00Z');
  await backdateAccount(t.db, a2.id, '2026-06-10T23:59:59Z');
  await backdateAccount(t.db, a3.id, '2026-05-20T00:00:00Z');
  await backdateAccount(t.db, a4.id, '2026-05-01T00:00:00Z');

  await insertPayment(t.db, {
    accountId: a1.id,
    cycle: 1,
    status: 'paid',
    amount: '64.98',
    paidAt: '2026-06-01T10:00:00Z',
  });
  await insertPayment(t.db, {
    accountId: a2.id,
    cycle: 1,
    status: 'paid',
    amount: '54.98',
    paidAt: '2026-06-10T10:00:00Z',
    // Paid another way and marked paid by an owner: its amount due is what was received.
    byHand: true,
  });
  await insertPayment(t.db, {
    accountId: a3.id,
    cycle: 1,
    status: 'paid',
    amount: '49.98',
    paidAt: '2026-05-10T10:00:00Z',
  });
  await insertPayment(t.db, { accountId: a4.id, cycle: 1, status: 'pending', amount: '64.98' });

  const eth = await insertCoin(t.db, 'ETHC-USD', '2000');
  const closed = await insertEpic(t.db, {
    accountId: a1.id,
    coin: eth,
    status: 'closed',
    createdAt: '2026-06-14T00:00:00Z',
    closedAt: '2026-06-15T00:00:00Z',
    fills: [
      { side: 'buy', at: '2026-06-14T00:00:00Z', price: '2000', size: '1', fee: '1' },
      { side: 'sell', at: '2026-06-15T00:00:00Z', price: '2100', size: '1', fee: '1' },
    ],
  });
  await t.db.update(epics).set({ profitsDollarAmount: '98.00' }).where(eq(epics.id, closed.id));
  await insertEpic(t.db, {
    accountId: a2.id,
    coin: eth,
    status: 'active',
    createdAt: '2026-06-12T00:00:00Z',
    fills: [
      { side: 'buy', at: '2026-06-12T09:00:00Z', price: '100', size: '2', fee: '0.1' },
      { side: 'buy', at: '2026-06-12T10:00:00Z', price: '50.5', size: '1', fee: '0.1' },
    ],
  });
  await insertEpic(t.db, {
    accountId: a2.id,
    coin: eth,
    status: 'cancelled',
    createdAt: '2026-04-01T00:00:00Z',
    closedAt: '2026-04-02T00:00:00Z',
    fills: [],
  });

  await insertCommission(t.db, {
    partnerAccountId: a1.id,
    kind: 'commission',
    amount: '10.996',
    at: '2026-06-13T12:00:00Z',
  });
  await insertCommission(t.db, {
    partnerAccountId: a1.id,
    kind: 'commission-reversal',
    amount: '-10.996',
    at: '2026-06-14T12:00:00Z',
  });
  await insertCommission(t.db, {
    partnerAccountId: a1.id,
    kind: 'commission',
    amount: '5.5',
    at: '2026-06-14T13:00:00Z',
  });
});

const charts = async (period: string): Promise<TAdminCharts> => {
  const response = await t.as(owner).get(`/api/v1/admin/charts?period=${period}`);
  expect(response.statusCode).toBe(200);
  return ZAdminCharts.parse(response.json());
};

/** The days that are not zero, as a plain object: the hand count to compare with. */
const nonZero = (series: readonly { day: string; value: number | string }[]) =>
  Object.fromEntries(series.filter((point) => Number(point.value) !== 0).map((p) => [p.day, p.value]));

describe('GET /api/v1/admin/charts', () => {
  it('answers every UTC day of the window, today included', async () => {
    const answer = await charts('30d');
    expect(answer).toMatchObject({ period: '30d', from: '2026-05-17', to: '2026-06-15' });
    for (const series of [answer.signups, answer.revenue, answer.volume, answer.partnerCommissions]) {
      expect(series).toHaveLength(30);
      expect(series[0]?.day).toBe('2026-05-17');
      expect(series.at(-1)?.day).toBe('2026-06-15');
    }
  });

  it('counts sign-ups per day and in total', async () => {
    const answer = await charts('30d');
    expect(nonZero(answer.signups)).toEqual({ '2026-05-20': 1, '2026-06-10': 2 });
    expect(answer.totals.signups).toBe(3);
    expect((await charts('90d')).totals.signups).toBe(4);
  });

  it('counts active traders per day, and distinct traders over the window', async () => {
    const answer = await charts('30d');
    expect(nonZero(answer.activeTraders)).toEqual({ '2026-06-12': 1, '2026-06-14': 1, '2026-06-15': 1 });
    expect(answer.totals.activeTraders).toBe(2);
  });

  it('sums revenue received per day and its 30-day run rate', async () => {
    const answer = await charts('30d');
    expect(nonZero(answer.revenue)).toEqual({ '2026-06-01': '64.98', '2026-06-10': '54.98' });
    expect(answer.totals.revenue).toBe('119.96');
    const mrr = Object.fromEntries(answer.monthlyRecurringRevenue.map((point) => [point.day, point.value]));
    // 49.98 paid 2026-05-10 counts through 2026-06-08; 64.98 from 2026-06-01; 54.98 from 2026-06-10.
    expect(mrr['2026-05-17']).toBe('49.98');
    expect(mrr['2026-05-31']).toBe('49.98');
    expect(mrr['2026-06-01']).toBe('114.96');
    expect(mrr['2026-06-08']).toBe('114.96');
    expect(mrr['2026-06-09']).toBe('64.98');
    expect(mrr['2026-06-15']).toBe('119.96');
  });

  it('sums traded volume, realised profit of closed epics and partner commissions per day', async () => {
    const answer = await charts('30d');
    expect(nonZero(answer.volume)).toEqual({
      '2026-06-12': '250.5',
      '2026-06-14': '2000',
      '2026-06-15': '2100',
    });
    expect(answer.totals.volume).toBe('4350.5');
    expect(nonZero(answer.realisedProfit)).toEqual({ '2026-06-15': '98' });
    expect(answer.totals.realisedProfit).toBe('98');
    expect(nonZero(answer.partnerCommissions)).toEqual({ '2026-06-13': '10.996', '2026-06-14': '-5.496' });
    expect(answer.totals.partnerCommissions).toBe('5.5');
  });

  it('counts epics created in the window by their status now', async () => {
    const counts = (answer: TAdminCharts) =>
      Object.fromEntries(answer.epicsByStatus.filter((row) => row.count > 0).map((r) => [r.status, r.count]));
    expect(counts(await charts('30d'))).toEqual({ active: 1, closed: 1 });
    expect(counts(await charts('90d'))).toEqual({ active: 1, closed: 1, cancelled: 1 });
  });

  it('counts every account by status, as an independent count in SQL does', async () => {
    const answer = await charts('365d');
    const result = await t.db.execute(
      sql`select status::text as status, count(*)::int as n from accounts group by 1`,
    );
    const rows = z
      .object({ rows: z.array(z.object({ status: z.string(), n: z.number() })) })
      .parse(result).rows;
    const expected = Object.fromEntries(rows.map((row) => [row.status, row.n]));
    expect(
      Object.fromEntries(answer.accountsByStatus.filter((r) => r.count > 0).map((r) => [r.status, r.count])),
    ).toEqual(expected);
    expect(answer.accountsByStatus.map((row) => row.status)).toContain('deleted');
  });

  it('checks each daily series against an independent count per day in SQL', async () => {
    const answer = await charts('90d');
    const perDay = async (query: ReturnType<typeof sql>) => {
      const result = await t.db.execute(query);
      const rows = z
        .object({ rows: z.array(z.object({ day: z.string(), v: z.string() })) })
        .parse(result).rows;
      return Object.fromEntries(rows.map((row) => [row.day, row.v]));
    };
    const within = sql`between '2026-03-18' and '2026-06-15'`;
    const fills = await perDay(sql`select to_char(filled_at at time zone 'UTC', 'YYYY-MM-DD') as day,
      (sum(price * size))::float8::text as v from epic_fills group by 1 having (min(filled_at) at time zone 'UTC')::date ${within}`);
    const signups = await perDay(sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
      count(*)::text as v from accounts group by 1 having (min(created_at) at time zone 'UTC')::date ${within}`);
    const paid = await perDay(sql`select to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD') as day,
      (sum(greatest(amount_paid, amount_due)))::float8::text as v from payments where status = 'paid' group by 1
      having (min(paid_at) at time zone 'UTC')::date ${within}`);
    const asNumbers = (series: readonly { day: string; value: number | string }[]) =>
      Object.fromEntries(Object.entries(nonZero(series)).map(([day, value]) => [day, Number(value)]));
    const numbers = (counts: Record<string, string>) =>
      Object.fromEntries(Object.entries(counts).map(([day, value]) => [day, Number(value)]));
    expect(asNumbers(answer.volume)).toEqual(numbers(fills));
    expect(asNumbers(answer.signups)).toEqual(numbers(signups));
    expect(asNumbers(answer.revenue)).toEqual(numbers(paid));
  });

  it('is for owners only', async () => {
    const refused = await t.as(trader).get('/api/v1/admin/charts');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
  });

  it('refuses a period it does not offer', async () => {
    const refused = await t.as(owner).get('/api/v1/admin/charts?period=7d');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('validation-failed');
  });
});
