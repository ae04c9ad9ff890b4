import { money, readStoredPosition } from '@cdca/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../db/client.ts';
import {
  duplicateClientIds,
  epicFillRows,
  epicOrderRows,
  epicRow,
  profitImpliedByFills,
  threeLevelsBelow,
  venueFillIds,
  venueOrders,
} from './testing/engine-assertions.ts';
import {
  createEpic,
  createTestKeys,
  engineFor,
  epicsTestAppPerTest,
  keyedTrader,
} from './testing/engine-test-kit.ts';
import { withFaults } from './testing/faulty-exchange.ts';

/** The second process's own connection pool to the same database. */
let second: Database;

describe.skipIf(!process.env.DATABASE_URL)('two engine processes on one PostgreSQL database', () => {
  // Hooks run in stack order: the app opens before the second pool and closes after it.
  const t = epicsTestAppPerTest();
  beforeEach(async () => {
    if (!t.database.url) throw new Error('expected PostgreSQL');
    second = await openPostgres(t.database.url);
  });
  afterEach(async () => {
    await second.close();
  });
  it('advance every epic to closed, never place a client order id twice, never book a fill twice', async () => {
    const store = createTestKeys();
    // One recording venue per worker over the same paper market: who placed which order is known, not sampled.
    const venueA = withFaults(t.paper);
    const venueB = withFaults(t.paper);
    await t.paper.setPrice('SOL-USD', '100.00');
    const epics: { id: string; key: Awaited<ReturnType<typeof keyedTrader>>['key'] }[] = [];
    for (let i = 0; i < 3; i++) {
      const trader = await keyedTrader(t, store);
      for (let j = 0; j < 2; j++) {
        const { id } = await createEpic(t, trader.headers, 'SOL-USD', threeLevelsBelow());
        epics.push({ id, key: trader.key });
      }
    }
    // Small batches so both workers hold epics at once and contend for the rest every pass.
    const options = { batchSize: 2, leaseMs: 5_000 };
    const a = engineFor(t, store.keys, { ...options, exchange: venueA.exchange, workerId: 'worker-a' });
    const b = engineFor(t, store.keys, {
      ...options,
      exchange: venueB.exchange,
      db: second.db,
      workerId: 'worker-b',
    });
    // B's first pass goes first, so B surely holds a batch while A contends for the rest: which worker wins each
    // later race is the machine's business, that two hold epics at once is the test's.
    await b.runOnce();
    const heldByB = await Promise.all(epics.map(async ({ id }) => (await epicRow(t, id))?.leaseOwner));
    expect(heldByB.filter((owner) => owner === 'worker-b')).toHaveLength(2);

    for (const price of [
      '100.00',
      '98.00',
      '94.00',
      '90.00',
      '89.00',
      '95.00',
      '105.00',
      '105.00',
      '105.00',
    ]) {
      await t.paper.setPrice('SOL-USD', price);
      for (let pass = 0; pass < 4; pass++) {
        await Promise.all([a.runOnce(), b.runOnce()]);
      }
    }

    expect(venueA.placeCalls.size + venueB.placeCalls.size).toBeGreaterThan(0);
    const placements = new Map<string, number>();
    for (const calls of [venueA.placeCalls, venueB.placeCalls])
      for (const [clientOrderId, count] of calls)
        placements.set(clientOrderId, (placements.get(clientOrderId) ?? 0) + count);
    for (const [clientOrderId, count] of placements) expect(count, clientOrderId).toBe(1);
    for (const { id, key } of epics) {
      const row = await epicRow(t, id);
      expect(row?.status, id).toBe('closed');
      const fills = await epicFillRows(t, id);
      const ours = new Set((await epicOrderRows(t, id)).map((o) => o.clientOrderId));
      expect(fills.map((f) => f.tradeId).sort()).toEqual(await venueFillIds(t.paper, key, ours));
      const position = row && readStoredPosition(row.position);
      expect(position?.appliedTradeIds.length).toBe(fills.length);
      expect(money(row?.profitsDollarAmount ?? 'NaN').toFixed(2)).toBe(await profitImpliedByFills(t, id));
      expect(duplicateClientIds(await venueOrders(t.paper, key))).toEqual([]);
    }
    await Promise.all([a.stop(), b.stop()]);
  }, 40_000);
});
