import { ZAccount, ZNotificationList, ZRankProgress, ZStatsReport } from '@cdca/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForAllTests } from '../../testing/app-lifecycle.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { testConfig } from '../../testing/test-config.ts';
import { makeOwner, newTrader, type Trader } from '../../testing/traders.ts';
import { insertCoin } from '../coins/testing/coins.fixture.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { epicSummaries } from '../stats/stats.schema.ts';
import { createStatsService } from '../stats/stats.service.ts';
import { insertEpic } from '../stats/testing/stats-fixtures.ts';
import { type AccountRank, createAccountRank } from './account-rank.ts';
import { createAccountsService } from './accounts.service.ts';

const t = appForAllTests(() => buildTestApp());
let coin: { id: string; symbol: string };
/** What the worker holds (services.ts): the same factories on the same database and bus. */
let rank: AccountRank;
let seq = 0;

beforeAll(async () => {
  coin = await insertCoin(t.db, 'RANKT-USD', '2000');
  const accounts = createAccountsService({ db: t.db, bus: t.bus, config: testConfig() });
  const stats = createStatsService({ db: t.db, accounts });
  const notifications = createNotificationsService({ db: t.db, bus: t.bus });
  rank = createAccountRank({
    db: t.db,
    lifetimeProfit: stats.lifetimeRealisedProfit,
    publishUpdated: accounts.publishUpdated,
    notifyRankReached: notifications.notifyRankReached,
  });
});

/** An ended epic that bought 1 at 2000 and sold 1 at `sell`, each with a $1 fee: realised = sell − 2002. */
const endedEpic = async (trader: Trader, sell: string, status: 'closed' | 'liquidated' = 'closed') => {
  seq += 1;
  const day = `2026-01-${String(seq).padStart(2, '0')}`;
  await insertEpic(t.db, {
    accountId: trader.account.id,
    coin,
    status,
    createdAt: `${day}T00:00:00Z`,
    closedAt: `${day}T12:00:00Z`,
    fills: [
      { side: 'buy', at: `${day}T00:00:00Z`, price: '2000', size: '1', fee: '1' },
      { side: 'sell', at: `${day}T12:00:00Z`, price: sell, size: '1', fee: '1' },
    ],
  });
};

const rankOf = async (trader: Trader) => {
  const answer = await t.as(trader).get('/api/v1/rank');
  expect(answer.statusCode, answer.body).toBe(200);
  return ZRankProgress.parse(answer.json());
};
const accountOf = async (trader: Trader) =>
  ZAccount.parse((await t.as(trader).get(`/api/v1/accounts/${trader.sub}`)).json());
const rankNotices = async (trader: Trader) =>
  ZNotificationList.parse((await t.as(trader).get('/api/v1/notifications')).json()).notifications.filter(
    (notice) => notice.type === 'rank_reached',
  );
const accountEvents = (trader: Trader) =>
  t.published.filter((e) => e.accountId === trader.account.id && e.message.routingKey === 'account.updated');

describe('rank after an ended epic', () => {
  it('rises bronze → iron when the lifetime profit crosses $100: one notice, one account.updated', async () => {
    const trader = await newTrader(t, 'rank-rise@example.test', 'active');
    await endedEpic(trader, '2060');
    expect(await rank.recompute(trader.account.id)).toBeUndefined();
    expect((await accountOf(trader)).accountRank).toBe('bronze');

    await endedEpic(trader, '2044'); // 58.00 + 42.00 = exactly 100.00
    expect(await rank.recompute(trader.account.id)).toBe('iron');
    expect(await rank.recompute(trader.account.id)).toBeUndefined();

    expect((await accountOf(trader)).accountRank).toBe('iron');
    const notices = await rankNotices(trader);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toBe('You reached Iron rank — $100.00 of realised profit.');
    const events = accountEvents(trader);
    expect(events).toHaveLength(1);
    expect(events[0]?.message.event).toMatchObject({ accountRank: 'iron' });
    expect(await rankOf(trader)).toEqual({
      tier: 'iron',
      lifetimeRealisedProfit: '100.00',
      next: { tier: 'silver', threshold: '250', remaining: '150.00', percent: '0.00' },
    });
  });

  it('keeps the tier after a later loss; the profit and the progress fall instead', async () => {
    const trader = await newTrader(t, 'rank-loss@example.test', 'active');
    await endedEpic(trader, '2202'); // +200.00
    expect(await rank.recompute(trader.account.id)).toBe('iron');
    await endedEpic(trader, '1852', 'liquidated'); // −150.00
    expect(await rank.recompute(trader.account.id)).toBeUndefined();
    expect((await accountOf(trader)).accountRank).toBe('iron');
    expect(await rankOf(trader)).toMatchObject({
      tier: 'iron',
      lifetimeRealisedProfit: '50.00',
      next: { tier: 'silver', remaining: '200.00', percent: '0.00' },
    });
    expect(await rankNotices(trader)).toHaveLength(1);
  });

  it("holds an owner's manual rank as the floor and rises from it only when the profit earns more", async () => {
    const owner = await newTrader(t, 'rank-owner@example.test', 'active');
    await makeOwner(t, owner);
    const trader = await newTrader(t, 'rank-manual@example.test', 'active');
    const set = await t.as(owner).patch(`/api/v1/accounts/admin/${trader.sub}`, { accountRank: 'gold' });
    expect(set.statusCode, set.body).toBe(200);
    await endedEpic(trader, '2302'); // +300.00 earns silver, below gold
    expect(await rank.recompute(trader.account.id)).toBeUndefined();
    expect((await accountOf(trader)).accountRank).toBe('gold');
    expect((await rankOf(trader)).tier).toBe('gold');
    await endedEpic(trader, '2702'); // +700.00 → 1000.00 earns platinum
    expect(await rank.recompute(trader.account.id)).toBe('platinum');
    expect((await rankNotices(trader)).map((n) => n.message)).toEqual([
      'You reached Platinum rank — $1,000.00 of realised profit.',
    ]);
  });

  it('raises once when two recomputes race, and never lowers a rank another process raised', async () => {
    const trader = await newTrader(t, 'rank-race@example.test', 'active');
    await endedEpic(trader, '2302'); // silver
    const results = await Promise.all([rank.recompute(trader.account.id), rank.recompute(trader.account.id)]);
    expect(results.filter(Boolean)).toEqual(['silver']);
    expect(await rankNotices(trader)).toHaveLength(1);
    expect(accountEvents(trader)).toHaveLength(1);
  });

  it('reads the lifetime profit the stats report shows over all time', async () => {
    const trader = await newTrader(t, 'rank-stats@example.test', 'active');
    await endedEpic(trader, '2123.456');
    await endedEpic(trader, '1990', 'liquidated');
    const report = ZStatsReport.parse((await t.as(trader).get('/api/v1/stats?period=all')).json());
    expect((await rankOf(trader)).lifetimeRealisedProfit).toBe(report.realisedPnl);
    expect(report.realisedPnl).toBe('109.45'); // 121.45 − 12.00
  });

  it('counts an ended epic without a summary from its fills, the same to the cent', async () => {
    const trader = await newTrader(t, 'rank-unsummarised@example.test', 'active');
    await endedEpic(trader, '2123.456');
    await endedEpic(trader, '1990', 'liquidated');
    const summarised = (await rankOf(trader)).lifetimeRealisedProfit;
    await t.db.delete(epicSummaries).where(eq(epicSummaries.accountId, trader.account.id));
    expect((await rankOf(trader)).lifetimeRealisedProfit).toBe(summarised);
    expect(summarised).toBe('109.45');
  });

  it('answers a new account bronze with the whole way to iron', async () => {
    const trader = await newTrader(t, 'rank-new@example.test', 'active');
    expect(await rankOf(trader)).toEqual({
      tier: 'bronze',
      lifetimeRealisedProfit: '0.00',
      next: { tier: 'iron', threshold: '100', remaining: '100.00', percent: '0.00' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/rank' })).statusCode).toBe(401);
  });
});
