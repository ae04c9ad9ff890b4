import { randomUUID } from 'node:crypto';
import type { Fill } from '@cdca/engine';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { epicFills, epics } from '../modules/epics/epics.schema.ts';
import { countingDb } from '../testing/counting-db.ts';
import { BatchNotPlain, type PlainBooking } from './store/batch-fill-writes.ts';
import { createEpicStore } from './store/epic-store.ts';
import {
  epicFillRows,
  epicOrderRows,
  epicRow,
  threeLevelsBelow,
  venueOrders,
} from './testing/engine-assertions.ts';
import {
  createEpic,
  createTestKeys,
  engineFor,
  epicsTestAppPerTest,
  keyedTrader,
} from './testing/engine-test-kit.ts';
import { plainBooking } from './venue-sync/apply-fills.ts';

const t = epicsTestAppPerTest();

/** Three pending epics of one trader on SOL-USD, created at a market of 100.00. */
const threeEpics = async () => {
  const store = createTestKeys();
  const trader = await keyedTrader(t, store);
  await t.paper.setPrice('SOL-USD', '100.00');
  const ids: string[] = [];
  for (let i = 0; i < 3; i++)
    ids.push((await createEpic(t, trader.headers, 'SOL-USD', threeLevelsBelow())).id);
  return { store, trader, ids };
};

/** Three epics of one trader opened by the engine (level 1 bought, take-profit open), as the store loads them. */
const threeOpenEpics = async () => {
  const { store, ids } = await threeEpics();
  const engine = engineFor(t, store.keys);
  await engine.runOnce();
  const epicStore = createEpicStore(t.database.db);
  const { working } = await epicStore.loadWorking(ids);
  return { ids, working, epicStore };
};

/** The batch for each epic's level-2 buy filling whole, as the venue would report it, decided from the working copy. */
const levelTwoBookings = (working: Awaited<ReturnType<typeof threeOpenEpics>>['working'], now: Date) =>
  [...working.values()].map((work) => {
    const order = [...work.orders.values()].find((o) => o.purpose === 'buy' && o.level === 2);
    if (!order?.baseSize || !order.limitPrice) throw new Error('no level 2');
    const fill: Fill = {
      tradeId: randomUUID(),
      orderId: `venue-${order.clientOrderId}`,
      clientOrderId: order.clientOrderId,
      productId: 'SOL-USD',
      side: 'buy',
      price: order.limitPrice,
      size: order.baseSize,
      fee: '0.10',
      liquidity: 'maker',
      time: now,
    };
    const booking = plainBooking(work, [fill], now);
    if (!booking) throw new Error('expected a plain booking');
    return booking;
  });

const state = async (ids: readonly string[], bookings: readonly PlainBooking[]) => ({
  versions: (
    await t.database.db
      .select({ id: epics.id, version: epics.version })
      .from(epics)
      .where(inArray(epics.id, [...ids]))
  )
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((r) => r.version),
  fills: (
    await t.database.db
      .select({ tradeId: epicFills.tradeId })
      .from(epicFills)
      .where(
        inArray(
          epicFills.tradeId,
          bookings.map((b) => b.fill.tradeId),
        ),
      )
  ).length,
});

describe('engine: fills of many epics booked in one transaction', () => {
  it("writes the venue's answers of a whole chunk in one statement, each order row as the venue has it", async () => {
    const { store, trader, ids } = await threeEpics();
    const counting = countingDb(t.database);
    const engine = engineFor(t, store.keys, { db: counting.db });
    try {
      await engine.runOnce();
      // Level 2 (95.00) fills on every epic: the step books it, cancels the take-profit and places the re-sized one.
      await t.paper.setPrice('SOL-USD', '94.00');
      counting.sent.texts.length = 0;
      await engine.runOnce();
      const orderUpdates = counting.sent.texts.filter((text) => text.startsWith('update "epic_orders"'));
      // One for the fills' batch (the filled level-2 orders), one for the venue's answers: three take-profits
      // cancelled, three placed (one per epic, four in all, before the chunk wrote them together).
      expect(orderUpdates).toHaveLength(2);
      const onVenue = new Map((await venueOrders(t.paper, trader.key)).map((o) => [o.id, o.status]));
      for (const id of ids) {
        const takeProfits = (await epicOrderRows(t, id)).filter((o) => o.purpose === 'take-profit');
        expect(takeProfits.map((o) => o.status).sort()).toEqual(['cancelled', 'open']);
        for (const row of takeProfits) expect(onVenue.get(row.exchangeOrderId ?? '')).toBe(row.status);
      }
    } finally {
      await engine.stop();
      await counting.close();
    }
  });

  it('books every fill once, each epic one version on, the take-profit re-sized as an intent', async () => {
    const { ids, working, epicStore } = await threeOpenEpics();
    const now = new Date();
    const bookings = levelTwoBookings(working, now);
    const before = await state(ids, bookings);
    const booked = await epicStore.bookFills(bookings, now);
    expect(booked.size).toBe(3);
    expect(await state(ids, bookings)).toEqual({ versions: before.versions.map((v) => v + 1), fills: 3 });
    for (const { row, fill } of bookings) {
      const saved = await epicRow(t, row.id);
      expect(saved?.activeDcaLevel).toBe(2);
      expect(JSON.stringify(saved?.position)).toContain(fill.tradeId);
      expect((await epicFillRows(t, row.id)).filter((f) => f.tradeId === fill.tradeId)).toHaveLength(1);
      const orders = await epicOrderRows(t, row.id);
      expect(orders.find((o) => o.clientOrderId === fill.clientOrderId)).toMatchObject({ status: 'filled' });
      // Written before anything can send it: the re-sized take-profit's row is there with the position.
      expect(orders.filter((o) => o.purpose === 'take-profit' && o.status === 'intent')).toHaveLength(1);
      expect(booked.get(row.id)?.inserted).toHaveLength(1);
    }
  });

  it('writes nothing when one epic changed since it was read (the API moved it): the whole batch rolls back', async () => {
    const { ids, working, epicStore } = await threeOpenEpics();
    const now = new Date();
    const bookings = levelTwoBookings(working, now);
    await t.database.db
      .update(epics)
      .set({ version: sql`${epics.version} + 1` })
      .where(eq(epics.id, ids[1] ?? ''));
    const before = await state(ids, bookings);
    await expect(epicStore.bookFills(bookings, now)).rejects.toBeInstanceOf(BatchNotPlain);
    expect(await state(ids, bookings)).toEqual(before);
    expect(before.fills).toBe(0);
  });

  it('writes nothing when one trade id is already booked: no fill is ever booked twice', async () => {
    const { ids, working, epicStore } = await threeOpenEpics();
    const now = new Date();
    const bookings = levelTwoBookings(working, now);
    const [first] = bookings;
    if (!first) throw new Error('no booking');
    // Booked alone first (the position now knows it); the batch still carries it as decided from the old copy.
    await epicStore.bookFills([first], now);
    const before = await state(ids, bookings);
    await expect(epicStore.bookFills(bookings, now)).rejects.toBeInstanceOf(BatchNotPlain);
    expect(await state(ids, bookings)).toEqual(before);
    expect(before.fills).toBe(1);
  });
});
