import { describe, expect, it } from 'vitest';
import type { EpicRow } from './store/epic-rows.ts';
import { engineFor, epicOnSolAt100, epicsTestAppPerTest } from './testing/engine-test-kit.ts';

const t = epicsTestAppPerTest();

describe('engine: the ended-epic hook (rank recompute)', () => {
  it('runs once, after the take-profit closed the epic, and not for the moves before', async () => {
    const { store, id } = await epicOnSolAt100(t);
    const ended: EpicRow[] = [];
    const engine = engineFor(t, store.keys, { onEpicEnded: async (epic) => ended.push(epic) });
    await engine.runOnce();
    for (const price of ['98.00', '94.00', '90.00', '89.00', '95.00', '105.00']) {
      await t.paper.setPrice('SOL-USD', price);
      await engine.runOnce();
      await engine.runOnce();
    }
    await engine.runOnce();
    await engine.runOnce();
    expect(ended.map((epic) => [epic.id, epic.status])).toEqual([[id, 'closed']]);
    expect(ended[0]?.closedAt).toBeInstanceOf(Date);
    await engine.stop();
  });

  it('runs once for a cancelled epic, and a failing hook does not stop the epic from ending', async () => {
    const { store, trader, id } = await epicOnSolAt100(t);
    let calls = 0;
    const engine = engineFor(t, store.keys, {
      onEpicEnded: async () => {
        calls += 1;
        throw new Error('rank store down');
      },
    });
    await engine.runOnce();
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/epics/${id}`,
      headers: trader.headers,
      payload: { action: 'cancel' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await engine.runOnce();
    await engine.runOnce();
    const epic = await t.app.inject({ method: 'GET', url: `/api/v1/epics/${id}`, headers: trader.headers });
    expect(epic.json()).toMatchObject({ status: 'cancelled' });
    expect(calls).toBe(1);
    await engine.stop();
  });
});
