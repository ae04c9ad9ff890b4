import { ZApiError, ZBacktestReport, ZCandleSeries } from '@cdca/contracts';
import { decodeCandleSeries } from '@cdca/engine';
import { manualClock } from '@cdca/engine/testing';
import { count, eq, sum } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForAllTests } from '../../testing/app-lifecycle.ts';
import { newTrader, type Trader } from '../../testing/traders.ts';
import { buildEpicsTestApp, callAs, EPIC_TEST_INPUTS } from '../epics/testing/epics.fixture.ts';
import { BACKTESTS_PER_MINUTE } from './account-limits.ts';
import { candleDays } from './candles.schema.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const rateLimitClock = manualClock();
const t = appForAllTests(() => buildEpicsTestApp({ rateLimitClock }));
let alice: Trader;
beforeAll(async () => {
  alice = await newTrader(t, 'candles-alice@example.test', 'active');
});

const series = async (path: string) => {
  const response = await callAs(t, alice, 'GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return { response, series: ZCandleSeries.parse(response.json()) };
};

describe('GET /candles/{coin}', () => {
  it('gives a paper coin a year of minutes out of the box, joined to what the venue holds now', async () => {
    const { series: year } = await series(`/candles/${t.coinId('BTC-USD')}?window=365d&granularity=1m`);
    const candles = decodeCandleSeries(year);
    expect(year.complete).toBe(true);
    expect(year.priceFormat).toBe('int32');
    // The generated past covers the whole window up to the venue's own day; the venue's minutes come after it.
    expect(year.count).toBeGreaterThanOrEqual(364 * 1440);
    expect(year.count).toBeLessThanOrEqual(365 * 1440);
    expect(candles.time[0]).toBe(year.from);
    for (let i = 1; i < year.count; i++) {
      const [o, h, l, c] = [
        candles.open[i] ?? 0,
        candles.high[i] ?? 0,
        candles.low[i] ?? 0,
        candles.close[i] ?? 0,
      ];
      if (!(l <= Math.min(o, c) && h >= Math.max(o, c))) throw new Error(`candle ${i} is malformed`);
      if (!((candles.time[i] ?? 0) > (candles.time[i - 1] ?? 0)))
        throw new Error(`candle ${i} is out of order`);
    }
    // The newest minutes are the venue's own, decimal for decimal. The market walks in real time, so a minute may
    // close between the server's read and this one: the series' last minute is the venue's, and at most one behind
    // the venue's newest before the series' end.
    const venue = await t.paper.market.getCandles('BTC-USD', {
      start: new Date(year.to - DAY_MS),
      end: new Date(year.to - 60_000),
      granularity: 'ONE_MINUTE',
    });
    const last = candles.time.at(-1) ?? 0;
    const same = venue.find((candle) => candle.start.getTime() === last);
    expect(same, 'the series’ last minute is one of the venue’s').toBeDefined();
    expect(same && Number(same.close)).toBe(candles.close.at(-1));
    expect((venue.at(-1)?.start.getTime() ?? 0) - last).toBeLessThanOrEqual(60_000);
  });

  it('rolls minutes up into hours and days, by coin id or product id alike', async () => {
    const { series: minutes } = await series('/candles/ETH-USD?window=30d&granularity=1m');
    const { series: hours } = await series(`/candles/${t.coinId('ETH-USD')}?window=30d&granularity=1h`);
    const { series: days } = await series('/candles/ETH-USD?window=30d&granularity=1d');
    expect(hours.stepMs).toBe(3_600_000);
    expect(hours.count).toBe(30 * 24);
    expect(days.count).toBe(30);
    const m = decodeCandleSeries(minutes);
    const h = decodeCandleSeries(hours);
    // The hour starting at the minutes' first bucket on an hour boundary.
    const hourStart = h.time[1] as number;
    const first = m.time.indexOf(hourStart);
    const hour = { high: -Infinity, low: Infinity };
    for (let i = first; i < first + 60; i++) {
      hour.high = Math.max(hour.high, m.high[i] as number);
      hour.low = Math.min(hour.low, m.low[i] as number);
    }
    expect([h.open[1], h.high[1], h.low[1], h.close[1]]).toEqual([
      m.open[first],
      hour.high,
      hour.low,
      m.close[first + 59],
    ]);
  });

  it('answers 304 to the ETag it gave, and caches privately for a minute', async () => {
    const path = '/candles/SOL-USD?window=30d&granularity=1d';
    const { response } = await series(path);
    expect(response.headers['cache-control']).toBe('private, max-age=60');
    const etag = String(response.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v1${path}`,
      headers: { ...alice.headers, 'if-none-match': etag },
    });
    // The window may have moved a minute between the calls; then it is a fresh 200.
    expect([200, 304]).toContain(again.statusCode);
    if (again.statusCode === 304) expect(again.body).toBe('');
  });

  it('refuses a bad window or granularity (400), an unknown coin (404) and a signed-out caller (401)', async () => {
    const bad = await callAs(t, alice, 'GET', '/candles/BTC-USD?window=7d');
    expect(bad.statusCode).toBe(400);
    expect(ZApiError.parse(bad.json()).code).toBe('validation-failed');
    expect((await callAs(t, alice, 'GET', '/candles/BTC-USD?granularity=5m')).statusCode).toBe(400);
    expect((await callAs(t, alice, 'GET', '/candles/not a product')).statusCode).toBe(400);
    const unknown = await callAs(t, alice, 'GET', '/candles/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(ZApiError.parse(unknown.json()).code).toBe('coin-not-found');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/candles/BTC-USD' })).statusCode).toBe(401);
  });

  it('stores a year of a product as one row per day', async () => {
    await series('/candles/ADA-USD?window=365d&granularity=1d');
    const [row] = await t.db
      .select({ days: count(), minutes: sum(candleDays.minutes).mapWith(Number) })
      .from(candleDays)
      .where(eq(candleDays.productId, 'ADA-USD'));
    expect(row?.days).toBeGreaterThanOrEqual(366);
    expect(row?.minutes).toBeGreaterThanOrEqual(365 * 1440);
  });
});

describe('POST /backtests', () => {
  const body = () => ({
    coinId: t.coinId('BTC-USD'),
    inputs: EPIC_TEST_INPUTS,
    window: '30d',
    startEvery: '1d',
  });

  it('replays the form plan from every daily start of the window and gives the outcomes and the summary', async () => {
    const response = await callAs(t, alice, 'POST', '/backtests', body());
    expect(response.statusCode, response.body).toBe(200);
    const report = ZBacktestReport.parse(response.json());
    expect(report.productId).toBe('BTC-USD');
    expect(report.complete).toBe(true);
    expect(report.starts).toHaveLength(30);
    expect(report.to - report.from).toBeLessThanOrEqual(30 * DAY_MS);
    expect(report.to - report.from).toBeGreaterThan(29 * DAY_MS);
    // It ends on the last whole hour: every call within the hour replays the same decoded minutes.
    expect(report.to % HOUR_MS).toBe(0);
    const { summary } = report;
    expect(summary.starts).toBe(30);
    expect(summary.closed + summary.stopped + summary.open + summary.refused).toBe(30);
    for (const start of report.starts) {
      expect(start.levelsUsed).toBeGreaterThanOrEqual(start.outcome === 'refused' ? 0 : 1);
      if (start.outcome === 'closed') expect(Number(start.profit)).toBeGreaterThan(0);
    }
    // The same inputs within the minute are the same report (from the cache or not).
    const again = ZBacktestReport.parse((await callAs(t, alice, 'POST', '/backtests', body())).json());
    expect(again.summary).toEqual(summary);
  });

  it('refuses bad inputs with a code and a message (400)', async () => {
    const tooMany = await callAs(t, alice, 'POST', '/backtests', {
      ...body(),
      window: '365d',
      startEvery: '1h',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(ZApiError.parse(tooMany.json()).code).toBe('validation-failed');
    const unknownField = await callAs(t, alice, 'POST', '/backtests', { ...body(), extra: 1 });
    expect(unknownField.statusCode).toBe(400);
    const badInputs = await callAs(t, alice, 'POST', '/backtests', {
      ...body(),
      inputs: { ...EPIC_TEST_INPUTS, budget: '-1' },
    });
    expect(badInputs.statusCode).toBe(400);
  });

  it('is limited per account: over the minute allowance it is a 429 with Retry-After, and another account is not', async () => {
    const bob = await newTrader(t, 'candles-bob@example.test', 'active');
    const carol = await newTrader(t, 'candles-carol@example.test', 'active');
    for (let i = 0; i < BACKTESTS_PER_MINUTE; i++) {
      expect((await callAs(t, bob, 'POST', '/backtests', body())).statusCode).toBe(200);
    }
    const refused = await callAs(t, bob, 'POST', '/backtests', body());
    expect(refused.statusCode).toBe(429);
    expect(ZApiError.parse(refused.json()).code).toBe('rate-limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await callAs(t, carol, 'POST', '/backtests', body())).statusCode).toBe(200);
    rateLimitClock.advanceMinutes(2);
    expect((await callAs(t, bob, 'POST', '/backtests', body())).statusCode).toBe(200);
  });
});
