import { ZStatsReport } from '@cdca/contracts';
import { manualClock } from '@cdca/engine/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForAllTests } from '../../testing/app-lifecycle.ts';
import { signUp } from '../../testing/sign-in.ts';
import { bearer, buildTestApp } from '../../testing/test-app.ts';
import { newTrader, type Trader } from '../../testing/traders.ts';
import { insertCoin } from '../coins/testing/coins.fixture.ts';
import { insertEpic } from './testing/stats-fixtures.ts';

const NOW = new Date('2026-06-15T12:00:00.000Z');

const t = appForAllTests(() => buildTestApp({ clock: manualClock(NOW) }));
let alice: Trader;
let bob: Trader;
let withoutAccount: { authorization: string };

beforeAll(async () => {
  alice = await newTrader(t, 'stats-alice@example.test');
  bob = await newTrader(t, 'stats-bob@example.test');
  withoutAccount = bearer((await signUp(t.app, { email: 'stats-nobody@example.test' })).accessToken);
  const eth = await insertCoin(t.db, 'ETHT-USD', '2000');
  for (const [trader, sell] of [
    [alice, '2100'],
    [bob, '3000'],
  ] as const) {
    await insertEpic(t.db, {
      accountId: trader.account.id,
      coin: eth,
      status: 'closed',
      createdAt: '2026-06-14T00:00:00Z',
      closedAt: '2026-06-15T00:00:00Z',
      fills: [
        { side: 'buy', at: '2026-06-14T00:00:00Z', price: '2000', size: '1', fee: '1' },
        { side: 'sell', at: '2026-06-15T00:00:00Z', price: sell, size: '1', fee: '1' },
      ],
    });
  }
});

const get = (headers: { authorization: string } | null, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/stats${query}`, headers: headers ?? {} });

describe('GET /api/v1/stats', () => {
  it("answers the caller's own figures only", async () => {
    const answer = await get(alice.headers, '?period=7d');
    expect(answer.statusCode).toBe(200);
    const report = ZStatsReport.parse(answer.json());
    expect(report.realisedPnl).toBe('98.00');
    expect(report.volume).toBe('4100');
    const bobs = ZStatsReport.parse((await get(bob.headers, '?period=7d')).json());
    expect(bobs.realisedPnl).toBe('998.00');
  });

  it('cuts days in the zone the account chose for its daily report, UTC until it chooses', async () => {
    // Alice's epic closed at 00:00 UTC on 15 June: 15 June in UTC, still 14 June in New York.
    const dayOf = async () => {
      const report = ZStatsReport.parse((await get(alice.headers, '?period=7d')).json());
      return { zone: report.period.timeZone, days: report.daily.filter((day) => day.realisedPnl !== '0.00') };
    };
    expect(await dayOf()).toEqual({ zone: 'UTC', days: [expect.objectContaining({ date: '2026-06-15' })] });
    const chosen = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/settings/${alice.account.id}/daily-report`,
      headers: alice.headers,
      payload: { timeZone: 'America/New_York' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await dayOf()).toEqual({
      zone: 'America/New_York',
      days: [expect.objectContaining({ date: '2026-06-14', realisedPnl: '98.00' })],
    });
    // Bob chose nothing: his days stay UTC.
    expect(ZStatsReport.parse((await get(bob.headers, '?period=7d')).json()).period.timeZone).toBe('UTC');
  });

  it('defaults to the last 30 days', async () => {
    const report = ZStatsReport.parse((await get(alice.headers, '')).json());
    expect(report.period).toMatchObject({ kind: '30d', from: '2026-05-16T12:00:00.000Z' });
  });

  it.each([
    ['an unknown period', '?period=1y', 'period'],
    ['a period with a custom window', '?period=7d&from=2026-06-01T00:00:00Z', 'period'],
    ['an end without a start', '?to=2026-06-01T00:00:00Z', 'from'],
    ['a start that is not a date', '?from=yesterday', 'from'],
    ['a start after the end', '?from=2026-06-10T00:00:00Z&to=2026-06-01T00:00:00Z', 'from'],
    ['a window over ten years', '?from=2000-01-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'to'],
    ['an unknown parameter', '?accountId=x', 'querystring'],
  ])('refuses %s with 400 and a clear message', async (_name, query, field) => {
    const response = await get(alice.headers, query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('validation-failed');
    expect(body.message).toContain(field);
  });

  it('needs a signed-in caller with an account', async () => {
    expect((await get(null, '?period=7d')).statusCode).toBe(401);
    const stranger = await get(withoutAccount, '?period=7d');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('account-not-found');
  });
});
