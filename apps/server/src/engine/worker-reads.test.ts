import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { epics } from '../modules/epics/epics.schema.ts';
import { createEpicStore } from './store/epic-store.ts';
import { drive, epicFillRows, epicRow, threeLevelsBelow } from './testing/engine-assertions.ts';
import { engineFor, epicOnSolAt100, epicsTestAppPerTest } from './testing/engine-test-kit.ts';

const t = epicsTestAppPerTest();

/** docs/decisions/worker-reads-terms.md */
describe('engine: what the worker reads of an epic', () => {
  it("holds the plan's stop and slippage cap, checked, and never the plan's levels or the inputs", async () => {
    const { id } = await epicOnSolAt100(t, threeLevelsBelow({ stopSpread: '2' }));
    const stored = await epicRow(t, id);
    expect(stored?.plan.stopPrice).toMatch(/^\d+\.\d+$/);
    expect(stored?.plan.slippageCap).toMatch(/^\d+(\.\d+)?$/);

    const { working, unreadable } = await createEpicStore(t.database.db).loadWorking([id]);
    expect(unreadable.size).toBe(0);
    const row = working.get(id)?.row;
    expect(row?.terms).toEqual({ stopPrice: stored?.plan.stopPrice, slippageCap: stored?.plan.slippageCap });
    expect(row?.position?.epicId).toBe(id);
    expect(row).not.toHaveProperty('plan');
    expect(row).not.toHaveProperty('inputs');
  });

  it('reads an epic without a stop as a null stop, and one whose stop is not a decimal as unreadable', async () => {
    const { id } = await epicOnSolAt100(t, threeLevelsBelow({ stopSpread: null }));
    const store = createEpicStore(t.database.db);
    expect((await store.loadWorking([id])).working.get(id)?.row.terms.stopPrice).toBeNull();

    await t.database.db
      .update(epics)
      .set({ plan: sql`jsonb_set(${epics.plan}, '{stopPrice}', '"soon"')` })
      .where(eq(epics.id, id));
    const { working, unreadable } = await store.loadWorking([id]);
    expect(working.has(id)).toBe(false);
    expect(String(unreadable.get(id))).toMatch(new RegExp(`epic ${id} holds a plan or position`));
  });

  it('opens an epic saved before the API stored its first position from its whole plan', async () => {
    const { store, id } = await epicOnSolAt100(t, threeLevelsBelow());
    await t.database.db.update(epics).set({ position: null }).where(eq(epics.id, id));
    const engine = engineFor(t, store.keys);
    await drive(engine, t.paper, 'SOL-USD', ['100.00']);
    const row = await epicRow(t, id);
    expect(row?.status).toBe('active');
    expect(row?.activeDcaLevel).toBe(1);
    expect(row?.position).not.toBeNull();
    expect(await epicFillRows(t, id)).toHaveLength(1);
    await engine.stop();
  });
});
