import { ZNotificationList } from '@cdca/contracts';
import { money } from '@cdca/engine';
import { describe, expect, it } from 'vitest';
import { createNotificationsService } from '../modules/notifications/notifications.service.ts';
import {
  baseBalance,
  drive,
  epicFillRows,
  epicRow,
  profitImpliedByFills,
  threeLevelsBelow,
  venueOrders,
} from './testing/engine-assertions.ts';
import { engineFor, epicOnSolAt100, epicsTestAppPerTest } from './testing/engine-test-kit.ts';

const t = epicsTestAppPerTest();

const act = async (headers: Record<string, string>, id: string, action: 'cancel' | 'liquidate') => {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/epics/${id}`,
    headers,
    payload: { action },
  });
  expect(response.statusCode, response.body).toBe(200);
};

const start = async (stopSpread: string | null = null) => {
  const { store, trader, id } = await epicOnSolAt100(t, threeLevelsBelow({ stopSpread }));
  // The engine as the app builds it tells the trader how each epic ended.
  const engine = engineFor(t, store.keys, {
    notifications: createNotificationsService({ db: t.database.db, bus: t.bus }),
  });
  // Level 1 and 2 bought; level 3 and the take-profit rest on the venue.
  await drive(engine, t.paper, 'SOL-USD', ['100.00', '94.00']);
  expect((await epicRow(t, id))?.activeDcaLevel).toBe(2);
  return { trader, id, engine };
};

/** The trader's ended-epic notices, newest first. */
const endedNotices = async (headers: Record<string, string>) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers });
  expect(response.statusCode, response.body).toBe(200);
  return ZNotificationList.parse(response.json()).notifications.filter((n) => n.type === 'epic_closed');
};

const openOrders = async (key: Parameters<typeof venueOrders>[1]) =>
  (await venueOrders(t.paper, key)).filter((o) => o.status === 'open');

describe('engine: the trader ends an epic', () => {
  it('cancel: every open order cancelled on the exchange, coins kept → cancelled', async () => {
    const { trader, id, engine } = await start();
    expect((await openOrders(trader.key)).length).toBeGreaterThan(0);
    const held = await baseBalance(t.paper, trader.key, 'SOL');
    await act(trader.headers, id, 'cancel');
    expect((await epicRow(t, id))?.status).toBe('cancelling');
    await drive(engine, t.paper, 'SOL-USD', ['94.00']);
    expect((await epicRow(t, id))?.status).toBe('cancelled');
    expect(await openOrders(trader.key)).toEqual([]);
    expect((await baseBalance(t.paper, trader.key, 'SOL')).eq(held)).toBe(true);
    const [notice, ...more] = await endedNotices(trader.headers);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ epicId: id, epicStatus: 'cancelled', epicEnding: 'cancelled' });
    expect(notice?.message).toMatch(
      /^Your epic SOL\[\w{4}\] was cancelled on 2\/3; the coins bought are kept$/,
    );
    await engine.stop();
  });

  it('liquidate: orders cancelled, everything held market-sold → liquidated with the profit the fills imply', async () => {
    const { trader, id, engine } = await start();
    await act(trader.headers, id, 'liquidate');
    await drive(engine, t.paper, 'SOL-USD', ['93.00', '93.00']);
    const row = await epicRow(t, id);
    expect(row?.status).toBe('liquidated');
    expect(await openOrders(trader.key)).toEqual([]);
    const product = await t.paper.market.getProduct('SOL-USD');
    expect((await baseBalance(t.paper, trader.key, 'SOL')).lt(product.baseIncrement)).toBe(true);
    const sells = (await epicFillRows(t, id)).filter((f) => f.side === 'sell');
    expect(sells.length).toBeGreaterThan(0);
    expect(money(row?.profitsDollarAmount ?? 'NaN').toFixed(2)).toBe(await profitImpliedByFills(t, id));
    const [notice, ...more] = await endedNotices(trader.headers);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ epicId: id, epicEnding: 'liquidated' });
    expect(notice?.message).toMatch(/ was liquidated on 2\/3 at a \$\d+\.\d{2} loss$/);
    await engine.stop();
  });

  it('stop: the bid falling to the stop price liquidates the epic', async () => {
    const { trader, id, engine } = await start('2');
    // Level 3 at 90.25, stop at 90.25 × 0.98 ≈ 88.44.
    await drive(engine, t.paper, 'SOL-USD', ['90.00', '89.00', '88.00', '88.00', '88.00']);
    const row = await epicRow(t, id);
    expect(row?.status).toBe('liquidated');
    expect(row?.statusReason).toMatch(/stop price/);
    expect(await openOrders(trader.key)).toEqual([]);
    const product = await t.paper.market.getProduct('SOL-USD');
    expect((await baseBalance(t.paper, trader.key, 'SOL')).lt(product.baseIncrement)).toBe(true);
    expect(money(row?.profitsDollarAmount ?? 'NaN').toFixed(2)).toBe(await profitImpliedByFills(t, id));
    const [notice, ...more] = await endedNotices(trader.headers);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ epicId: id, epicStatus: 'liquidated', epicEnding: 'stopped' });
    expect(notice?.message).toMatch(/ hit its stop on 3\/3 and was sold at a \$\d+\.\d{2} loss$/);
    await engine.stop();
  });
});
