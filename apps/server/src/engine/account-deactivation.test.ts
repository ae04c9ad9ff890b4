import { money } from '@cdca/engine';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../db/schema.ts';
import {
  drive,
  duplicateClientIds,
  epicOrderRows,
  epicRow,
  profitImpliedByFills,
  venueOrders,
} from './testing/engine-assertions.ts';
import { engineFor, epicOnSolAt100, epicsTestAppPerTest } from './testing/engine-test-kit.ts';
import { withFaults } from './testing/faulty-exchange.ts';

const t = epicsTestAppPerTest();

/** Billing deactivates an unpaid account and reactivates it once paid, by its status alone. */
const setStatus = (accountId: string, status: 'active' | 'deactivated') =>
  t.database.db.update(accounts).set({ status }).where(eq(accounts.id, accountId));

/** Level 1 bought at 100; level 2 (95) and level 3 (90.25) resting; the take-profit open above 100. */
const runningEpic = async () => {
  const { store, trader, id } = await epicOnSolAt100(t);
  const venue = withFaults(t.paper);
  const engine = engineFor(t, store.keys, { exchange: venue.exchange });
  await drive(engine, t.paper, 'SOL-USD', ['99.00']);
  expect((await epicRow(t, id))?.status).toBe('active');
  const open = async (side: 'buy' | 'sell') =>
    (await venueOrders(t.paper, trader.key)).filter((o) => o.status === 'open' && o.side === side);
  expect(await open('buy')).toHaveLength(2);
  expect(await open('sell')).toHaveLength(1);
  return { trader, id, engine, venue, open };
};

const placed = (venue: ReturnType<typeof withFaults>) =>
  [...venue.placeCalls.values()].reduce((sum, n) => sum + n, 0);

describe('engine: an account billing deactivated', () => {
  it('cancels the waiting buys, keeps the take-profit, places nothing; reactivated, it places the levels again and closes', async () => {
    const { trader, id, engine, venue, open } = await runningEpic();
    const takeProfit = (await open('sell'))[0];

    await setStatus(trader.account.id, 'deactivated');
    await engine.runOnce();
    let row = await epicRow(t, id);
    expect(row?.status).toBe('warning');
    expect(row?.statusReason).toMatch(/deactivated/);
    expect(row?.statusReason).toMatch(/take-profit stays/);
    expect(row?.statusReason).toMatch(/Pay the open CDCA payment/);
    expect(await open('buy')).toEqual([]);
    expect((await open('sell')).map((o) => o.id)).toEqual([takeProfit?.id]);

    // The market falls through both levels: nothing is bought, nothing new is sent, nothing is sold.
    const sentBefore = placed(venue);
    await drive(engine, t.paper, 'SOL-USD', ['94.00', '89.00', '89.00'], 2);
    row = await epicRow(t, id);
    expect(row?.status).toBe('warning');
    expect(row?.activeDcaLevel).toBe(1);
    expect(placed(venue)).toBe(sentBefore);
    expect((await open('sell')).map((o) => o.id)).toEqual([takeProfit?.id]);

    // Paid: the same pass sees the account active again and places both levels under new client order ids.
    await setStatus(trader.account.id, 'active');
    await drive(engine, t.paper, 'SOL-USD', ['89.00'], 2);
    row = await epicRow(t, id);
    expect(row?.status).toBe('active');
    expect(row?.statusReason).toBeNull();
    // The market is below both levels, so each is bought at once (post-only refused, then taken).
    expect(row?.activeDcaLevel).toBe(3);
    const levelRows = (await epicOrderRows(t, id)).filter((o) => o.purpose === 'buy' && o.level > 1);
    expect(
      levelRows
        .filter((o) => o.status === 'cancelled')
        .map((o) => o.level)
        .sort(),
    ).toEqual([2, 3]);
    expect(
      levelRows
        .filter((o) => o.status === 'filled')
        .map((o) => o.level)
        .sort(),
    ).toEqual([2, 3]);

    await drive(engine, t.paper, 'SOL-USD', ['105.00', '105.00']);
    row = await epicRow(t, id);
    expect(row?.status).toBe('closed');
    expect(money(row?.profitsDollarAmount ?? 'NaN').toFixed(2)).toBe(await profitImpliedByFills(t, id));
    expect(duplicateClientIds(await venueOrders(t.paper, trader.key))).toEqual([]);
    for (const [clientOrderId, calls] of venue.placeCalls) expect(calls, clientOrderId).toBe(1);
    await engine.stop();
  }, 30_000);

  it('lets the resting take-profit sell at a profit and closes the epic while the account stays deactivated', async () => {
    const { trader, id, engine, venue, open } = await runningEpic();
    await setStatus(trader.account.id, 'deactivated');
    await engine.runOnce();
    const sentBefore = placed(venue);

    await drive(engine, t.paper, 'SOL-USD', ['110.00', '110.00']);
    const row = await epicRow(t, id);
    expect(row?.status).toBe('closed');
    expect(money(row?.profitsDollarAmount ?? 'NaN').gt(0)).toBe(true);
    expect(money(row?.profitsDollarAmount ?? 'NaN').toFixed(2)).toBe(await profitImpliedByFills(t, id));
    expect(placed(venue)).toBe(sentBefore);
    expect(await open('buy')).toEqual([]);
    expect(await open('sell')).toEqual([]);
    await engine.stop();
  }, 30_000);

  it('an epic still pending opens nothing until the account is active, then opens as usual', async () => {
    const { store, trader, id } = await epicOnSolAt100(t);
    const venue = withFaults(t.paper);
    await setStatus(trader.account.id, 'deactivated');
    const engine = engineFor(t, store.keys, { exchange: venue.exchange });
    await drive(engine, t.paper, 'SOL-USD', ['100.00'], 2);
    expect((await epicRow(t, id))?.status).toBe('warning');
    expect(placed(venue)).toBe(0);
    expect(await epicOrderRows(t, id)).toEqual([]);

    await setStatus(trader.account.id, 'active');
    await engine.runOnce();
    expect((await epicRow(t, id))?.status).toBe('active');
    expect((await venueOrders(t.paper, trader.key)).filter((o) => o.status === 'open')).toHaveLength(3);
    await engine.stop();
  }, 30_000);
});
