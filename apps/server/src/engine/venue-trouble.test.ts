import { describe, expect, it } from 'vitest';
import {
  baseBalance,
  drive,
  epicRow,
  jumpingClock,
  PAST_BACKOFF_MS,
  threeLevelsBelow,
  venueOrders,
} from './testing/engine-assertions.ts';
import { engineFor, epicOnSolAt100, epicsTestAppPerTest } from './testing/engine-test-kit.ts';

const t = epicsTestAppPerTest();

/** An epic with level 1 bought, level 2 and 3 resting and a take-profit open. */
const runningEpic = async (usd = '10000') => {
  return epicOnSolAt100(t, threeLevelsBelow(), usd);
};

describe('engine: the venue changes under a running epic', () => {
  it('a delisted product ends the epic delisted, open orders cancelled, coins kept', async () => {
    const { store, trader, id } = await runningEpic();
    const engine = engineFor(t, store.keys);
    await drive(engine, t.paper, 'SOL-USD', ['98.00']);
    const held = await baseBalance(t.paper, trader.key, 'SOL');
    expect(held.gt(0)).toBe(true);

    await t.paper.setProductStatus('SOL-USD', 'delisted');
    await engine.runOnce();
    const row = await epicRow(t, id);
    expect(row?.status).toBe('delisted');
    expect(row?.statusReason).toMatch(/delisted/);
    expect((await venueOrders(t.paper, trader.key)).filter((o) => o.status === 'open')).toEqual([]);
    expect((await baseBalance(t.paper, trader.key, 'SOL')).eq(held)).toBe(true);
    await engine.stop();
  });

  it('a trading halt is a warning with the orders left in place, and trading resuming makes it active', async () => {
    const { store, trader, id } = await runningEpic();
    const { clock, jump } = jumpingClock();
    const engine = engineFor(t, store.keys, { clock });
    await drive(engine, t.paper, 'SOL-USD', ['98.00']);
    const open = (await venueOrders(t.paper, trader.key)).filter((o) => o.status === 'open').length;
    await t.paper.setProductStatus('SOL-USD', 'trading-disabled');
    await engine.runOnce();
    expect((await epicRow(t, id))?.status).toBe('warning');
    expect((await venueOrders(t.paper, trader.key)).filter((o) => o.status === 'open').length).toBe(open);
    await t.paper.setProductStatus('SOL-USD', 'online');
    jump(PAST_BACKOFF_MS);
    await engine.runOnce();
    expect((await epicRow(t, id))?.status).toBe('active');
    await engine.stop();
  });

  it('a revoked key puts the epic in error with a reason the trader can act on', async () => {
    const { store, trader, id } = await runningEpic();
    const engine = engineFor(t, store.keys);
    await drive(engine, t.paper, 'SOL-USD', ['98.00']);
    await t.paper.revokeKey(trader.key.keyName);
    await drive(engine, t.paper, 'SOL-USD', ['94.00']);
    const row = await epicRow(t, id);
    expect(row?.status).toBe('error');
    expect(row?.statusReason).toMatch(/Connect a new key/);
    await engine.stop();
  });
});
