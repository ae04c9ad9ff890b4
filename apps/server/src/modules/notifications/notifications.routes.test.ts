import { ZEpic, ZNotification, ZNotificationList } from '@cdca/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trader } from '../../testing/traders.ts';
import { type EpicRow, loadEpicWithCoin } from '../epics/epic-events.ts';
import { epics } from '../epics/epics.schema.ts';
import {
  buildEpicsTestApp,
  callAs,
  EPIC_TEST_INPUTS,
  type EpicsTestApp,
  traderWithKey,
} from '../epics/testing/epics.fixture.ts';
import { createNotificationsService, type NotificationsService } from './notifications.service.ts';

let t: EpicsTestApp;
let service: NotificationsService;
beforeAll(async () => {
  t = await buildEpicsTestApp();
  // What the engine holds: the same service on the same database and bus.
  service = createNotificationsService({ db: t.database.db, bus: t.bus });
});
afterAll(() => t.close());

const inputs = EPIC_TEST_INPUTS;
const call = (trader: Trader, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  callAs(t, trader, method, url, payload);

/** An epic as the engine leaves it when the take-profit sold: closed on 2 of 3 levels with this profit. */
const closedEpic = async (trader: Trader, profits: string): Promise<EpicRow> => {
  const created = await call(trader, 'POST', '/epics', { coinId: t.coinId('SOL-USD'), inputs });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = ZEpic.parse(created.json());
  const [row] = await t.database.db
    .update(epics)
    .set({ status: 'closed', activeDcaLevel: 2, profitsDollarAmount: profits, closedAt: new Date() })
    .where(eq(epics.id, id))
    .returning();
  if (!row) throw new Error('no epic');
  return row;
};

const list = async (trader: Trader, query = '') => {
  const response = await call(trader, 'GET', `/notifications${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ZNotificationList.parse(response.json());
};

describe('notifyEpicEnded / notifyEpicHit', () => {
  it('stores the docs/product.md §4 closed notice, publishes it to the owner and lists it', async () => {
    const trader = await traderWithKey(t, 'notice-closed@example.test');
    const epic = await closedEpic(trader, '12.345');
    const notice = await service.notifyEpicEnded({ epic });
    if (!notice) throw new Error('expected a notice');
    const suffix = (epic.id.split('-')[4] ?? '').slice(8);
    expect(ZNotification.parse(notice)).toMatchObject({
      type: 'epic_closed',
      read: false,
      epicId: epic.id,
      epicCoin: 'SOL-USD',
      coin: { id: t.coinId('SOL-USD'), symbol: 'SOL-USD' },
      dcaLevels: '2/3',
      epicProfits: '12.345',
      epicStatus: 'closed',
      message: `Your epic SOL[${suffix}] was closed on 2/3 at a $12.35 profit`,
    });
    expect(t.published.at(-1)).toEqual({
      accountId: trader.account.id,
      message: { routingKey: 'notification.created', event: notice },
    });
    expect(await list(trader)).toEqual({ notifications: [notice], unread: 1 });
  });

  it('words a loss as a loss', async () => {
    const trader = await traderWithKey(t, 'notice-loss@example.test');
    const notice = await service.notifyEpicEnded({ epic: await closedEpic(trader, '-3.1') });
    expect(notice?.message).toMatch(/ at a \$3\.10 loss$/);
    expect(notice?.epicProfits).toBe('-3.1');
  });

  it('stores an epic-hit notice naming the level', async () => {
    const trader = await traderWithKey(t, 'notice-hit@example.test');
    const epic = await closedEpic(trader, '0');
    const found = await loadEpicWithCoin(t.database.db, epic.id);
    const notice = await service.notifyEpicHit({ epic, level: 2, ...(found ? { coin: found.coin } : {}) });
    expect(notice).toMatchObject({ type: 'epic_hit', level: 2, dcaLevels: '2/3', epicProfits: null });
    expect(notice?.message).toMatch(/filled level 2\/3$/);
  });

  it('creates nothing when the matching setting is off, and each setting gates only its own notice', async () => {
    const trader = await traderWithKey(t, 'notice-off@example.test');
    const epic = await closedEpic(trader, '1');
    const off = await call(trader, 'PATCH', `/settings/${trader.account.id}`, { epicClosedAlerts: false });
    expect(off.statusCode).toBe(200);
    const before = t.published.length;
    expect(await service.notifyEpicEnded({ epic })).toBeUndefined();
    expect(t.published.length).toBe(before);
    expect((await service.notifyEpicHit({ epic, level: 1 }))?.type).toBe('epic_hit');
    await call(trader, 'PATCH', `/settings/${trader.account.id}`, {
      epicHitAlerts: false,
      epicClosedAlerts: true,
    });
    expect(await service.notifyEpicHit({ epic, level: 2 })).toBeUndefined();
    expect((await service.notifyEpicEnded({ epic }))?.type).toBe('epic_closed');
    expect((await list(trader)).notifications.map((n) => n.type)).toEqual(['epic_closed', 'epic_hit']);
  });
});

describe('GET /notifications and POST /notifications/read', () => {
  it('filters unread, pages newest first, and marks the given ids or all as read', async () => {
    const trader = await traderWithKey(t, 'notice-read@example.test');
    const epic = await closedEpic(trader, '5');
    const ids: string[] = [];
    for (let level = 1; level <= 3; level += 1) {
      const notice = await service.notifyEpicHit({ epic, level });
      if (notice) ids.push(notice.id);
    }
    expect((await list(trader, '?limit=2')).notifications.map((n) => n.level)).toEqual([3, 2]);
    expect((await list(trader, '?limit=2&offset=2')).notifications.map((n) => n.level)).toEqual([1]);

    const marked = await call(trader, 'POST', '/notifications/read', { ids: [ids[0]] });
    expect(marked.json()).toEqual({ updated: 1 });
    const unread = await list(trader, '?unread=true');
    expect(unread.notifications.map((n) => n.level)).toEqual([3, 2]);
    expect(unread.unread).toBe(2);
    expect((await list(trader, '?unread=false')).notifications.map((n) => n.level)).toEqual([1]);

    expect((await call(trader, 'POST', '/notifications/read', {})).json()).toEqual({ updated: 2 });
    expect((await list(trader)).unread).toBe(0);
  });

  it('refuses bad input with 400', async () => {
    const trader = await traderWithKey(t, 'notice-bad@example.test');
    expect((await call(trader, 'GET', '/notifications?unread=yes')).statusCode).toBe(400);
    expect((await call(trader, 'POST', '/notifications/read', { ids: ['not-a-uuid'] })).statusCode).toBe(400);
    expect((await call(trader, 'POST', '/notifications/read', { all: true })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notifications' })).statusCode).toBe(401);
  });

  it("keeps user B away from user A's notices: not listed, not marked, not published to B", async () => {
    const alice = await traderWithKey(t, 'notice-alice@example.test');
    const bob = await traderWithKey(t, 'notice-bob@example.test');
    const notice = await service.notifyEpicEnded({ epic: await closedEpic(alice, '2') });
    if (!notice) throw new Error('expected a notice');
    expect((await list(bob)).notifications).toEqual([]);
    expect((await call(bob, 'POST', '/notifications/read', { ids: [notice.id] })).json()).toEqual({
      updated: 0,
    });
    expect((await call(bob, 'POST', '/notifications/read', {})).json()).toEqual({ updated: 0 });
    expect((await list(alice)).notifications).toEqual([notice]);
    expect(t.published.filter((e) => e.message.event.id === notice.id).map((e) => e.accountId)).toEqual([
      alice.account.id,
    ]);
  });
});
