import { ZStatsReport } from '@cdca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { insertCoin } from '../coins/testing/coins.fixture.ts';
import { createStatsService, type StatsService } from './stats.service.ts';
import { insertAccount, insertEpic } from './testing/stats-fixtures.ts';

/**
 * One trader's hand-computed book (docs/decisions/stats-figures.md has the formulas), read at a fixed "now".
 * A (SOL, closed): buys 1 @ 100 fee 0.60 and 2 @ 90 fee 1.08, sells 3 @ 110 fee 1.985
 *   realised = 330 − 1.985 − (280 + 1.68) = 46.335 → 46.33 (floored to the cent); capital used 281.68
 * B (BTC, cancelled, coins kept): buys 0.01 @ 50000 fee 0.30, sells 0.004 @ 52000 fee 0.1248
 *   capital used = 500.30 × 0.004 / 0.01 = 200.12; realised = 208 − 0.1248 − 200.12 = 7.7552 → 7.75
 * C (SOL, liquidated): buys 1 @ 120 fee 0.72 and 1 @ 100 fee 0.60, sells 2 @ 80 fee 0.96
 *   realised = 160 − 0.96 − 221.32 = −62.28
 * D (BTC, running): buys 0.02 @ 55000 fee 0.66; BTC is now 60000: 1200 − 1100.66 = 99.34 unrealised
 * E (SOL, closed in January): buys 10 @ 10 fee 0.06, sells 10 @ 12 fee 0.072: 120 − 0.072 − 100.06 → 19.86
 */
const NOW = new Date('2026-06-15T12:00:00.000Z');

let database: Database;
let stats: StatsService;
let traderId: string;
let quietId: string;
let ids: { a: string; b: string; c: string };

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  stats = createStatsService({
    db,
    accounts: { requireCaller: () => Promise.reject(new Error('not used here')) },
    now: () => NOW,
  });
  const trader = await insertAccount(db, 'stats-trader');
  const other = await insertAccount(db, 'stats-other');
  const quiet = await insertAccount(db, 'stats-quiet');
  traderId = trader.id;
  quietId = quiet.id;
  const sol = await insertCoin(db, 'SOLT-USD', '150');
  const btc = await insertCoin(db, 'BTCT-USD', '60000');
  const a = await insertEpic(db, {
    accountId: trader.id,
    coin: sol,
    status: 'closed',
    createdAt: '2026-06-10T00:00:00Z',
    closedAt: '2026-06-12T06:00:00Z',
    fills: [
      { side: 'buy', at: '2026-06-10T00:05:00Z', price: '100', size: '1', fee: '0.60' },
      { side: 'buy', at: '2026-06-11T03:00:00Z', price: '90', size: '2', fee: '1.08' },
      { side: 'sell', at: '2026-06-12T06:00:00Z', price: '110', size: '3', fee: '1.985' },
    ],
  });
  const b = await insertEpic(db, {
    accountId: trader.id,
    coin: btc,
    status: 'cancelled',
    createdAt: '2026-06-13T00:00:00Z',
    closedAt: '2026-06-14T00:00:00Z',
    fills: [
      { side: 'buy', at: '2026-06-13T01:00:00Z', price: '50000', size: '0.01', fee: '0.30' },
      { side: 'sell', at: '2026-06-13T20:00:00Z', price: '52000', size: '0.004', fee: '0.1248' },
    ],
  });
  const c = await insertEpic(db, {
    accountId: trader.id,
    coin: sol,
    status: 'liquidated',
    createdAt: '2026-06-12T10:00:00Z',
    closedAt: '2026-06-14T12:00:00Z',
    fills: [
      { side: 'buy', at: '2026-06-12T10:00:00Z', price: '120', size: '1', fee: '0.72' },
      { side: 'buy', at: '2026-06-13T10:00:00Z', price: '100', size: '1', fee: '0.60' },
      { side: 'sell', at: '2026-06-14T12:00:00Z', price: '80', size: '2', fee: '0.96' },
    ],
  });
  await insertEpic(db, {
    accountId: trader.id,
    coin: btc,
    status: 'active',
    createdAt: '2026-06-14T00:00:00Z',
    fills: [{ side: 'buy', at: '2026-06-14T02:00:00Z', price: '55000', size: '0.02', fee: '0.66' }],
  });
  await insertEpic(db, {
    accountId: trader.id,
    coin: sol,
    status: 'closed',
    createdAt: '2026-01-01T00:00:00Z',
    closedAt: '2026-01-05T00:00:00Z',
    fills: [
      { side: 'buy', at: '2026-01-01T00:00:00Z', price: '10', size: '10', fee: '0.06' },
      { side: 'sell', at: '2026-01-05T00:00:00Z', price: '12', size: '10', fee: '0.072' },
    ],
  });
  // Someone else's big win, in the same period and on the same coin: never in the trader's figures.
  await insertEpic(db, {
    accountId: other.id,
    coin: sol,
    status: 'closed',
    createdAt: '2026-06-11T00:00:00Z',
    closedAt: '2026-06-13T00:00:00Z',
    fills: [
      { side: 'buy', at: '2026-06-11T00:00:00Z', price: '100', size: '100', fee: '6' },
      { side: 'sell', at: '2026-06-13T00:00:00Z', price: '130', size: '100', fee: '7.8' },
    ],
  });
  ids = { a: a.id, b: b.id, c: c.id };
});
afterAll(() => database.close());

describe('stats report', () => {
  it('computes every figure of a 7-day window to the cent from the fills', async () => {
    const report = ZStatsReport.parse(await stats.reportForAccount(traderId, { period: '7d' }));
    expect(report.period).toEqual({
      kind: '7d',
      from: '2026-06-08T12:00:00.000Z',
      to: '2026-06-15T12:00:00.000Z',
      timeZone: 'UTC',
    });
    expect(report).toMatchObject({
      realisedPnl: '-8.20',
      capitalUsed: '703.12',
      returnOnCapitalPct: '-1.17',
      bought: '2100',
      sold: '698',
      volume: '2798',
      fees: '7.0298',
      epics: { closed: 1, cancelled: 1, liquidated: 1, delisted: 0 },
      wins: 2,
      losses: 1,
      winRatePct: '66.67',
      timeToClose: { averageSeconds: 54 * 3600, medianSeconds: 54 * 3600 },
      averageProfitPerClose: '46.33',
      running: { epics: 1, capitalDeployed: '1100.66', marketValue: '1200', unrealisedPnl: '99.34' },
    });
    expect(report.best).toEqual({
      epicId: ids.a,
      coinId: expect.any(String),
      coinSymbol: 'SOLT-USD',
      status: 'closed',
      realisedPnl: '46.33',
      realisedPnlPct: '16.45',
      closedAt: '2026-06-12T06:00:00.000Z',
    });
    expect(report.worst).toMatchObject({
      epicId: ids.c,
      status: 'liquidated',
      realisedPnl: '-62.28',
      realisedPnlPct: '-28.14',
    });
    expect(report.coins).toEqual([
      {
        coinId: expect.any(String),
        coinSymbol: 'BTCT-USD',
        epics: 2,
        realisedPnl: '7.75',
        volume: '1808',
        fees: '1.0848',
      },
      {
        coinId: expect.any(String),
        coinSymbol: 'SOLT-USD',
        epics: 2,
        realisedPnl: '-15.95',
        volume: '990',
        fees: '5.945',
      },
    ]);
    expect(report.daily).toEqual([
      { date: '2026-06-08', realisedPnl: '0.00', capitalDeployed: '0' },
      { date: '2026-06-09', realisedPnl: '0.00', capitalDeployed: '0' },
      { date: '2026-06-10', realisedPnl: '0.00', capitalDeployed: '100.6' },
      { date: '2026-06-11', realisedPnl: '0.00', capitalDeployed: '281.68' },
      { date: '2026-06-12', realisedPnl: '46.33', capitalDeployed: '120.72' },
      { date: '2026-06-13', realisedPnl: '0.00', capitalDeployed: '721.62' },
      { date: '2026-06-14', realisedPnl: '-54.53', capitalDeployed: '1100.66' },
      { date: '2026-06-15', realisedPnl: '0.00', capitalDeployed: '1100.66' },
    ]);
  });

  it('counts an epic that ends exactly at the start of the window, and a fill there, in the window', async () => {
    const report = await stats.reportForAccount(traderId, { period: '24h' });
    expect(report).toMatchObject({
      realisedPnl: '-62.28',
      epics: { closed: 0, cancelled: 0, liquidated: 1, delisted: 0 },
      bought: '0',
      sold: '160',
      fees: '0.96',
      winRatePct: '0.00',
      averageProfitPerClose: null,
      timeToClose: { averageSeconds: null, medianSeconds: null },
    });
    expect(report.best?.epicId).toBe(ids.c);
    // C's and D's buys were at work when the window opened; C's leave with it on the 14th.
    expect(report.daily).toEqual([
      { date: '2026-06-14', realisedPnl: '-62.28', capitalDeployed: '1100.66' },
      { date: '2026-06-15', realisedPnl: '0.00', capitalDeployed: '1100.66' },
    ]);
  });

  it('takes a custom window as [from, to): the end instant is out', async () => {
    const report = await stats.reportForAccount(traderId, {
      from: '2026-06-12T06:00:00Z',
      to: '2026-06-14T12:00:00Z',
    });
    expect(report.period.kind).toBe('custom');
    expect(report).toMatchObject({
      realisedPnl: '54.08',
      epics: { closed: 1, cancelled: 1, liquidated: 0, delisted: 0 },
      // A's sell at 06:00 is in; C's sell at 12:00 on the 14th is not.
      sold: '538',
      bought: '1820',
    });
    expect(report.daily.map((day) => day.date)).toEqual(['2026-06-12', '2026-06-13', '2026-06-14']);
  });

  it('covers the whole history with period=all, from the first epic', async () => {
    const report = await stats.reportForAccount(traderId, { period: 'all' });
    expect(report.period.from).toBe('2026-01-01T00:00:00.000Z');
    expect(report).toMatchObject({
      realisedPnl: '11.66',
      epics: { closed: 2, cancelled: 1, liquidated: 1, delisted: 0 },
      wins: 3,
      losses: 1,
      averageProfitPerClose: '33.09',
    });
    expect(report.daily[0]).toEqual({ date: '2026-01-01', realisedPnl: '0.00', capitalDeployed: '100.06' });
    expect(report.daily).toHaveLength(166);
    expect(report.daily.reduce((sum, day) => sum + Math.round(Number(day.realisedPnl) * 100), 0)).toBe(1166);
  });

  it('answers zeros, not errors, for an account with nothing yet', async () => {
    const report = await stats.reportForAccount(quietId, { period: '30d' });
    expect(report).toMatchObject({
      realisedPnl: '0.00',
      capitalUsed: '0',
      returnOnCapitalPct: null,
      volume: '0',
      fees: '0',
      winRatePct: null,
      best: null,
      worst: null,
      coins: [],
      running: { epics: 0, capitalDeployed: '0', marketValue: '0', unrealisedPnl: '0.00' },
    });
    expect(report.daily).toHaveLength(31);
    expect((await stats.reportForAccount(quietId, { period: 'all' })).daily.length).toBeLessThanOrEqual(1);
  });
});
