import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { engineFillCursors } from '../modules/epics/epics.schema.ts';
import { epicFillRows, epicOrderRows, epicRow, threeLevelsBelow } from './testing/engine-assertions.ts';
import {
  createEpic,
  createTestKeys,
  engineFor,
  epicsTestAppPerTest,
  keyedTrader,
} from './testing/engine-test-kit.ts';
import { withFaults } from './testing/faulty-exchange.ts';

/**
 * One account's epics held by two workers. The account's fill cursor is one row shared by both
 * (docs/decisions/fill-cursor.md): a worker's reconcile must not move it past a fill the other worker's epic has not
 * booked, or that worker, whose stream dropped the fill, never finds it again.
 */
describe('the fill cursor shared by two workers', () => {
  const t = epicsTestAppPerTest();
  const cursorOf = async (accountId: string) => {
    const [row] = await t.database.db
      .select()
      .from(engineFillCursors)
      .where(eq(engineFillCursors.accountId, accountId));
    return row?.fillsSince.getTime();
  };

  it("does not move past a fill another worker's epic has not booked, so that worker's reconcile still books it", async () => {
    const store = createTestKeys();
    const trader = await keyedTrader(t, store);
    await t.paper.setPrice('SOL-USD', '100.00');
    await t.paper.setPrice('ETH-USD', '100.00');
    const epicIds = [
      (await createEpic(t, trader.headers, 'SOL-USD', threeLevelsBelow())).id,
      (await createEpic(t, trader.headers, 'ETH-USD', threeLevelsBelow())).id,
    ];
    // No overlap: the cursor alone decides what a reconcile re-reads, as it does after a gap longer than the overlap.
    const settings = { batchSize: 1, reconcileOverlapMs: 0 };
    const venueB = withFaults(t.paper);
    const a = engineFor(t, store.keys, { ...settings, workerId: 'worker-a' });
    const b = engineFor(t, store.keys, { ...settings, workerId: 'worker-b', exchange: venueB.exchange });
    for (let pass = 0; pass < 3; pass++) {
      await a.runOnce();
      await b.runOnce();
    }
    const rows = await Promise.all(epicIds.map((id) => epicRow(t, id)));
    expect(rows.map((row) => row?.status)).toEqual(['active', 'active']);
    expect(rows.map((row) => row?.activeDcaLevel)).toEqual([1, 1]);
    const ofB = rows.find((row) => row?.leaseOwner === 'worker-b');
    const ofA = rows.find((row) => row?.leaseOwner === 'worker-a');
    if (!ofA || !ofB) throw new Error('expected each worker to hold one epic');
    const productOf = (row: typeof ofA) => (row.id === epicIds[0] ? 'SOL-USD' : 'ETH-USD');

    // B's stream goes quiet; its epic's level 2 fills on the venue.
    venueB.stream.dropping = true;
    await t.paper.setPrice(productOf(ofB), '94.00');
    // A reconciles the account: it sees B's fill but leaves it to B.
    await a.runOnce();
    // Then A's own epic fills later (a later timestamp than B's fill), and A books it and saves the cursor.
    await sleep(5);
    await t.paper.setPrice(productOf(ofA), '94.00');
    await a.runOnce();
    expect((await epicRow(t, ofA.id))?.activeDcaLevel).toBe(2);
    const fillTimes = async (id: string) => (await epicFillRows(t, id)).map((f) => f.filledAt.getTime());
    const venueFills = await t.paper.account(trader.key).listFills({ since: new Date(0) });
    const ordersOfB = new Set((await epicOrderRows(t, ofB.id)).map((o) => o.clientOrderId));
    const fillsOfB = venueFills.filter((f) => ordersOfB.has(f.clientOrderId));
    expect(fillsOfB).toHaveLength(2);
    // The premise: B's unbooked fill is older than the fill A booked last, so a cursor at A's fill passes it.
    expect(Math.max(...fillsOfB.map((f) => f.time.getTime()))).toBeLessThan(
      Math.max(...(await fillTimes(ofA.id))),
    );
    expect(await epicFillRows(t, ofB.id)).toHaveLength(1);

    // B's next passes reconcile from the shared cursor: its level-2 fill must still be there to find.
    await b.runOnce();
    await b.runOnce();
    const bRow = await epicRow(t, ofB.id);
    expect(bRow?.activeDcaLevel).toBe(2);
    expect(await epicFillRows(t, ofB.id)).toHaveLength(2);
    // Once B has booked it, A's next reconcile moves the cursor on to the latest fill.
    await a.runOnce();
    expect(await cursorOf(trader.account.id)).toBe(Math.max(...venueFills.map((f) => f.time.getTime())));
  });

  it('moves past a fill no worker will book: a trade the trader made by hand', async () => {
    const store = createTestKeys();
    const trader = await keyedTrader(t, store);
    await t.paper.setPrice('SOL-USD', '100.00');
    await t.paper.setPrice('ETH-USD', '100.00');
    const { id } = await createEpic(t, trader.headers, 'SOL-USD', threeLevelsBelow());
    const engine = engineFor(t, store.keys, { reconcileOverlapMs: 0 });
    await engine.runOnce();
    await sleep(5);
    await t.paper.account(trader.key).placeOrder({
      type: 'market',
      clientOrderId: 'bought-by-hand',
      productId: 'ETH-USD',
      side: 'buy',
      quoteSize: '50.00',
    });
    // The epic's level 2 fills after the trade by hand.
    await sleep(5);
    await t.paper.setPrice('SOL-USD', '94.00');
    await engine.runOnce();
    await engine.runOnce();
    const fills = await epicFillRows(t, id);
    expect(fills).toHaveLength(2);
    expect(await cursorOf(trader.account.id)).toBe(Math.max(...fills.map((f) => f.filledAt.getTime())));
  });
});
