import { money } from '@cdca/engine';
import { describe, expect, it } from 'vitest';
import {
  baseBalance,
  drive,
  epicFillRows,
  epicOrderRows,
  epicRow,
  jumpingClock,
  PAST_BACKOFF_MS,
  profitImpliedByFills,
  venueOrders,
} from './testing/engine-assertions.ts';
import {
  createEpic,
  createTestKeys,
  engineFor,
  epicOnSolAt100,
  epicsTestAppPerTest,
  keyedTrader,
} from './testing/engine-test-kit.ts';

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

/**
 * $1M of GRT over 5 levels 10 % apart from 0.0962: everything bought (about 14.5M GRT) is more than the 10M GRT
 * one order may sell, so the take-profit and any liquidation go out in parts (docs/decisions/sells-fit-the-venue.md).
 */
const grtEpicFilledToTheBottom = async () => {
  const store = createTestKeys();
  const trader = await keyedTrader(t, store, '1100000');
  await t.paper.setPrice('GRT-USD', '0.0962');
  const { id } = await createEpic(t, trader.headers, 'GRT-USD', {
    budget: '1000000.00',
    dcaLevels: 5,
    scaling: 'quadratic',
    load: 'back',
    direction: 'below',
    buySpread: '10',
    sellSpread: '5',
    stopSpread: null,
  });
  const engine = engineFor(t, store.keys);
  // The paper market fills $250k of resting orders per tick: the deep levels take two ticks each.
  await drive(engine, t.paper, 'GRT-USD', [
    '0.0962',
    '0.0860',
    '0.0770',
    '0.0690',
    '0.0690',
    '0.0620',
    '0.0620',
  ]);
  expect((await epicRow(t, id))?.activeDcaLevel).toBe(5);
  return { trader, id, engine };
};

const openSells = async (key: Parameters<typeof venueOrders>[1]) =>
  (await venueOrders(t.paper, key)).filter((o) => o.status === 'open' && o.side === 'sell');

describe('engine: money edges', () => {
  it('sends a take-profit over the maximum size in parts, and closes when every part has sold', async () => {
    const { trader, id, engine } = await grtEpicFilledToTheBottom();
    const sells = await openSells(trader.key);
    expect(sells.length).toBe(2);
    for (const s of sells) expect(money(s.baseSize ?? '0').lte('10000000')).toBe(true);
    expect((await epicRow(t, id))?.status).toBe('active');
    await drive(
      engine,
      t.paper,
      'GRT-USD',
      Array.from({ length: 7 }, () => '0.1000'),
    );
    const row = await epicRow(t, id);
    expect(row?.status).toBe('closed');
    expect(money(row?.profitsDollarAmount ?? 'NaN').toFixed(2)).toBe(await profitImpliedByFills(t, id));
    await engine.stop();
  }, 180_000);

  it('liquidates a position over the maximum size in parts → liquidated, nothing left but dust', async () => {
    const { trader, id, engine } = await grtEpicFilledToTheBottom();
    await act(trader.headers, id, 'liquidate');
    await drive(engine, t.paper, 'GRT-USD', ['0.0620', '0.0620']);
    const row = await epicRow(t, id);
    expect(row?.status).toBe('liquidated');
    const parts = (await epicOrderRows(t, id)).filter((o) => o.purpose === 'liquidation');
    expect(parts.length).toBe(2);
    expect((await baseBalance(t.paper, trader.key, 'GRT')).lt('0.01')).toBe(true);
    expect(money(row?.profitsDollarAmount ?? 'NaN').toFixed(2)).toBe(await profitImpliedByFills(t, id));
    await engine.stop();
  }, 180_000);

  it('level 1 waits at its slippage cap when the price ran away, says so, and buys once it is back', async () => {
    const { clock, jump } = jumpingClock();
    const { store, id } = await epicOnSolAt100(t);
    const engine = engineFor(t, store.keys, { clock });
    // Planned at the ask 100.01 (limit 100.52 with the 0.5 % cap); the market is at 102 by the engine's first pass.
    await drive(engine, t.paper, 'SOL-USD', ['102.00'], 1);
    let row = await epicRow(t, id);
    expect(row?.status).toBe('warning');
    expect(row?.statusReason).toMatch(
      /^The price ran away before level 1 was bought: SOL-USD is at 102(\.00)?, above level 1's limit of 100\.5\d/,
    );
    // The cap is the plan's, read by the worker as one of its terms (docs/decisions/worker-reads-terms.md).
    expect(row?.statusReason).toContain(
      `(the reference price plus the ${row?.plan.slippageCap} % slippage cap)`,
    );
    expect(row?.plan.slippageCap).toMatch(/^\d+(\.\d+)?$/);
    expect(row?.activeDcaLevel).toBe(0);
    jump(PAST_BACKOFF_MS);
    await drive(engine, t.paper, 'SOL-USD', ['100.00', '100.00']);
    row = await epicRow(t, id);
    expect(row?.status).toBe('active');
    expect(row?.statusReason).toBeNull();
    expect(row?.activeDcaLevel).toBe(1);
    await engine.stop();
  }, 180_000);

  it('a stop whose sale is under the $1 minimum leaves the dust held and ends liquidated, saying so', async () => {
    const store = createTestKeys();
    const trader = await keyedTrader(t, store, '100');
    await t.paper.setPrice('SOL-USD', '100.00');
    // $5 of SOL at 100 with a 90 % stop: at the stop (10.00) the 0.05 SOL is worth $0.50, under the minimum.
    const { id } = await createEpic(t, trader.headers, 'SOL-USD', {
      budget: '5.00',
      dcaLevels: 1,
      scaling: 'quadratic',
      load: 'back',
      direction: 'below',
      buySpread: '5',
      sellSpread: '3',
      stopSpread: '90',
    });
    const engine = engineFor(t, store.keys);
    await drive(engine, t.paper, 'SOL-USD', ['100.00', '50.00', '9.00', '9.00', '9.00']);
    const row = await epicRow(t, id);
    expect(row?.status).toBe('liquidated');
    expect(row?.statusReason).toMatch(/stop price.*SOL \(about \$0\.\d\d\) is left on the account/);
    expect((await epicFillRows(t, id)).filter((f) => f.side === 'sell')).toEqual([]);
    expect((await baseBalance(t.paper, trader.key, 'SOL')).gt(0)).toBe(true);
    await engine.stop();
  }, 180_000);
});
