import { setTimeout as sleep } from 'node:timers/promises';
import { money } from '@cdca/engine';
import { describe, expect, it } from 'vitest';
import { type CrashPoint, crashingAt } from './testing/crash-points.ts';
import {
  drive,
  duplicateClientIds,
  epicFillRows,
  epicOrderRows,
  epicRow,
  profitImpliedByFills,
  venueFillIds,
  venueOrders,
} from './testing/engine-assertions.ts';
import { engineFor, epicOnSolAt100, epicsTestAppPerTest } from './testing/engine-test-kit.ts';
import { withFaults } from './testing/faulty-exchange.ts';

const t = epicsTestAppPerTest();

class Killed extends Error {}

/**
 * Kills the engine every other time the crash point is reached (across restarts), so every kind of order — the
 * opening buys, the resting levels, each re-placed take-profit — is hit by a crash at some point of the path.
 */
const crashPlan = (point: CrashPoint) => {
  const plan = { reached: 0, killed: false };
  const crash = () => {
    plan.reached += 1;
    if (plan.reached % 2 === 1) {
      plan.killed = true;
      throw new Killed(`killed at ${point}`);
    }
  };
  return { plan, crash };
};

const LEASE_MS = 80;

describe.each(['after-intent', 'after-send'] as const)('engine killed at %s', (point) => {
  it('a new engine takes over after the lease, places each client order id once, and closes the epic', async () => {
    const { store, trader, id } = await epicOnSolAt100(t);
    const venue = withFaults(t.paper);

    const { plan, crash } = crashPlan(point);
    // The crash sits outside the fault switchboard: a kill before sending never reaches the venue's counters.
    const exchange = crashingAt(venue.exchange, point, crash);
    const start = () => engineFor(t, store.keys, { exchange, leaseMs: LEASE_MS });
    // The first engine dies at the crash point and is abandoned: no stop(), its lease simply runs out.
    let engine = start();
    await engine.runOnce();
    expect(plan.killed).toBe(true);
    expect((await epicRow(t, id))?.status).toBe('pending');

    let restarts = 0;
    for (const price of ['100.00', '98.00', '94.00', '90.00', '89.00', '95.00', '105.00', '105.00']) {
      await t.paper.setPrice('SOL-USD', price);
      for (let pass = 0; pass < 3; pass++) {
        if (plan.killed) {
          // The dead process's lease must run out before anyone else may touch its epics.
          await sleep(LEASE_MS + 20);
          engine = start();
          plan.killed = false;
          restarts += 1;
        }
        await engine.runOnce();
      }
    }
    await drive(engine, t.paper, 'SOL-USD', ['105.00'], 2);
    expect(restarts).toBeGreaterThanOrEqual(3);

    const row = await epicRow(t, id);
    expect(row?.status).toBe('closed');
    expect(row?.activeDcaLevel).toBe(3);
    const orders = await venueOrders(t.paper, trader.key);
    expect(duplicateClientIds(orders)).toEqual([]);
    for (const [clientOrderId, ids] of venue.accepted) expect(ids.size, clientOrderId).toBe(1);
    // After a crash past sending, the order is looked up and adopted, never sent again.
    if (point === 'after-send')
      for (const [clientOrderId, calls] of venue.placeCalls) expect(calls, clientOrderId).toBe(1);

    const rows = await epicOrderRows(t, id);
    const ours = new Set(rows.map((r) => r.clientOrderId));
    const booked = (await epicFillRows(t, id)).map((f) => f.tradeId).sort();
    expect(booked).toEqual(await venueFillIds(t.paper, trader.key, ours));
    expect(money(row?.profitsDollarAmount ?? 'NaN').toFixed(2)).toBe(await profitImpliedByFills(t, id));
  }, 30_000);
});
