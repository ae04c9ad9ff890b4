import { ZLeaderboard, ZLeaderboardPreferences } from '@cdca/contracts';
import { manualClock } from '@cdca/engine/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForAllTests } from '../../testing/app-lifecycle.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { newTrader, type Trader } from '../../testing/traders.ts';
import { insertCoin } from '../coins/testing/coins.fixture.ts';
import { insertEpic } from '../stats/testing/stats-fixtures.ts';

const NOW = '2026-06-30T12:00:00.000Z';
const t = appForAllTests(() => buildTestApp({ clock: manualClock(NOW) }));
let coin: { id: string; symbol: string };

/** A closed epic that bought $1000 (fees included) and realised `profit` (fees included) on `closedAt`. */
const closedWith = (who: Trader, profit: string, closedAt = '2026-06-29T12:00:00Z') =>
  insertEpic(t.db, {
    accountId: who.account.id,
    coin,
    status: 'closed',
    createdAt: '2026-06-01T00:00:00Z',
    closedAt,
    fills: [
      { side: 'buy', at: '2026-06-01T00:00:00Z', price: '999', size: '1', fee: '1' },
      { side: 'sell', at: closedAt, price: String(1001 + Number(profit)), size: '1', fee: '1' },
    ],
  });

const board = async (who: Trader) => {
  const response = await t.as(who).get('/api/v1/rank/leaderboard');
  expect(response.statusCode).toBe(200);
  return { parsed: ZLeaderboard.parse(response.json()), raw: response.body };
};

const choose = async (who: Trader, body: object) => {
  const response = await t.as(who).patch('/api/v1/rank/leaderboard/preferences', body);
  expect(response.statusCode).toBe(200);
  return ZLeaderboardPreferences.parse(response.json());
};

let ann: Trader;
let ben: Trader;
let cat: Trader;
let dan: Trader;
let hidden: Trader;

beforeAll(async () => {
  coin = await insertCoin(t.db, 'LBT-USD', '1000');
  const named = (name: string) => newTrader(t, `lb-${name}@example.test`, 'active');
  [ann, ben, cat, dan, hidden] = [
    await named('ann'),
    await named('ben'),
    await named('cat'),
    await named('dan'),
    await named('hidden'),
  ];
  await closedWith(ann, '50'); // 5.00 %
  await closedWith(ben, '120'); // 12.00 %
  await closedWith(cat, '50'); // 5.00 %, tied with ann
  await closedWith(dan, '-30'); // -3.00 %
  await closedWith(dan, '900', '2026-05-01T00:00:00Z'); // outside the 30 days
  await closedWith(hidden, '500'); // the best return, never opted in
  await choose(ann, { optedIn: true, displayName: 'Ann the Patient' });
  await choose(ben, { optedIn: true, showDollars: true });
  await choose(cat, { optedIn: true });
  await choose(dan, { optedIn: true, showDollars: true });
});

describe('GET /api/v1/rank/leaderboard', () => {
  it('ranks opted-in traders by return over the last 30 days, ties sharing a position', async () => {
    const { parsed } = await board(ann);
    expect(parsed.window.days).toBe(30);
    expect(parsed.ranked).toBe(4);
    expect(parsed.entries.map((entry) => [entry.position, entry.returnPct])).toEqual([
      [1, '12.00'],
      [2, '5.00'],
      [2, '5.00'],
      [4, '-3.00'],
    ]);
    expect(parsed.entries.find((entry) => entry.name === 'Ann the Patient')).toMatchObject({
      position: 2,
      anonymous: false,
      you: true,
      epics: 1,
    });
    expect(parsed.you).toMatchObject({ name: 'Ann the Patient', position: 2 });
  });

  it('never lists a trader who did not opt in, nor any id or e-mail', async () => {
    const { parsed, raw } = await board(hidden);
    expect(parsed.entries.some((entry) => entry.you)).toBe(false);
    expect(parsed.you).toBeNull();
    expect(parsed.entries.map((entry) => entry.returnPct)).not.toContain('50.00');
    for (const who of [ann, ben, cat, dan, hidden]) {
      expect(raw).not.toContain(who.account.id);
      expect(raw).not.toContain(who.account.email);
    }
  });

  it('shows dollars only for traders who chose to, and an anonymous handle without a display name', async () => {
    const { parsed } = await board(cat);
    const [first, , , last] = parsed.entries;
    expect(first).toMatchObject({ realisedPnl: '120.00', anonymous: true });
    expect(first?.name).toMatch(/^trader-[0-9a-f]{6}$/);
    expect(last).toMatchObject({ realisedPnl: '-30.00' });
    const cats = parsed.entries.find((entry) => entry.you);
    expect(cats).toMatchObject({ realisedPnl: null, anonymous: true });
    expect(cats?.name).toBe((await choose(cat, { showDollars: false })).handle);
    expect(parsed.entries.find((entry) => entry.name === 'Ann the Patient')?.realisedPnl).toBeNull();
  });

  it('drops a trader who opts out again', async () => {
    const erin = await newTrader(t, 'lb-erin@example.test', 'active');
    await closedWith(erin, '10');
    await choose(erin, { optedIn: true });
    expect((await board(erin)).parsed.you).toMatchObject({ returnPct: '1.00' });
    expect(await choose(erin, { optedIn: false })).toMatchObject({ optedIn: false });
    const after = await board(erin);
    expect(after.parsed.you).toBeNull();
    expect(after.parsed.entries.map((entry) => entry.returnPct)).not.toContain('1.00');
  });
});

describe('leaderboard preferences', () => {
  it('start opted out, without dollars, with a stable handle', async () => {
    const fay = await newTrader(t, 'lb-fay@example.test', 'active');
    const first = ZLeaderboardPreferences.parse(
      (await t.as(fay).get('/api/v1/rank/leaderboard/preferences')).json(),
    );
    expect(first).toMatchObject({ optedIn: false, showDollars: false, displayName: null });
    const again = ZLeaderboardPreferences.parse(
      (await t.as(fay).get('/api/v1/rank/leaderboard/preferences')).json(),
    );
    expect(again.handle).toBe(first.handle);
    expect(first.handle).not.toContain('fay');
  });

  it.each([{}, { displayName: 'x' }, { displayName: '<script>' }, { optedIn: 'yes' }, { other: true }])(
    'refuse %o with 400',
    async (body) => {
      const response = await t.as(ann).patch('/api/v1/rank/leaderboard/preferences', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('code');
    },
  );
});
