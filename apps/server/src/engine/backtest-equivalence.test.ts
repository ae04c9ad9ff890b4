import type { TEpicInputs } from '@cdca/contracts';
import { CATALOGUE, candlesFromPath, money, replayFrom, type StartResult } from '@cdca/engine';
import { describe, expect, it } from 'vitest';
import {
  drive,
  epicFillRows,
  epicOrderRows,
  epicRow,
  threeLevelsBelow,
} from './testing/engine-assertions.ts';
import { engineFor, epicOnSolAt100, epicsTestAppPerTest } from './testing/engine-test-kit.ts';

/**
 * Issue #18, Deliver 4 (docs/decisions/backtest-replay.md): the real engine on the paper exchange and the pure replay
 * over candles built from the same scripted path agree on every fill, every take-profit and the profit, to the cent.
 * Each price of the path is one minute's candle (open = high = low = close), which is what the venue saw.
 */
const t = epicsTestAppPerTest();

const SOL_HALF_SPREAD_BPS = CATALOGUE.find((e) => e.base === 'SOL')?.halfSpreadBps ?? Number.NaN;

type Comparable = { side: string; price: string; size: string; fee: string; liquidity: string };

/** Decimal strings compared as numbers: the database pads numerics with zeros. */
const normalised = (f: Comparable): Comparable => ({
  side: f.side,
  price: money(f.price).toFixed(),
  size: money(f.size).toFixed(),
  fee: money(f.fee).toFixed(),
  liquidity: f.liquidity,
});

/** Runs the engine over the path (the epic is created at 100.00) and the replay over the same path's candles. */
const bothOver = async (inputs: TEpicInputs, path: readonly string[]) => {
  const { store, id } = await epicOnSolAt100(t, inputs);
  const engine = engineFor(t, store.keys);
  await drive(engine, t.paper, 'SOL-USD', path);
  await engine.stop();
  const product = await t.paper.market.getProduct('SOL-USD');
  const replay = replayFrom(
    candlesFromPath(
      path.map((p) => Number(p)),
      0,
    ),
    { inputs, product, halfSpreadBps: SOL_HALF_SPREAD_BPS },
    0,
  );
  return { id, replay };
};

const SIDE_ORDER = { buy: 0, sell: 1 } as const;

/**
 * The engine's fills in the order they happened. Fills of one tick may share a timestamp: buys come before the sell
 * they re-price, and a ladder below the market fills from its highest level down.
 */
const engineFills = async (id: string) =>
  (await epicFillRows(t, id))
    .sort(
      (a, b) =>
        a.filledAt.getTime() - b.filledAt.getTime() ||
        SIDE_ORDER[a.side] - SIDE_ORDER[b.side] ||
        money(b.price).comparedTo(a.price),
    )
    .map(normalised);

/** The take-profit prices the engine placed, attempt by attempt (`cdca-{epic}-t{part}-{attempt}`). */
const engineTakeProfits = async (id: string) =>
  (await epicOrderRows(t, id))
    .filter((o) => o.purpose === 'take-profit')
    .map((o) => ({ attempt: Number(o.clientOrderId.split('-').at(-1)), price: money(o.limitPrice ?? 'NaN') }))
    .sort((a, b) => a.attempt - b.attempt)
    .map((o) => o.price.toFixed());

const replayFills = (replay: StartResult) => replay.fills.map(normalised);

/** The epic ended as `status` and the replay as `outcome`, with the same fills, take-profits and profit. */
const expectSameAsEngine = async (
  { id, replay }: { id: string; replay: StartResult },
  status: string,
  outcome: StartResult['outcome'],
) => {
  const row = await epicRow(t, id);
  expect(row?.status).toBe(status);
  expect(replay.outcome).toBe(outcome);
  expect(replayFills(replay)).toEqual(await engineFills(id));
  expect(replay.takeProfits.map((p) => money(p).toFixed())).toEqual(await engineTakeProfits(id));
  expect(replay.profit).toBe(money(row?.profitsDollarAmount ?? 'NaN').toFixed(2));
  return row;
};

describe('backtest replay ≡ engine on the paper exchange', () => {
  it('visits every level, re-prices the take-profit after each fill and closes with the same profit', async () => {
    // Levels 100.01 (the ask at 100.00), 95.00, 90.25. A last at a level's price asks a tick over it and buys
    // nothing (95.00, 90.25); the ask reaches 95.00 at 94.00 and 90.25 at 90.00.
    const run = await bothOver(threeLevelsBelow(), [
      '100.00',
      '98.00',
      '95.00',
      '94.00',
      '90.25',
      '90.00',
      '89.00',
      '95.00',
      '105.00',
    ]);
    const row = await expectSameAsEngine(run, 'closed', 'closed');
    expect(run.replay.levelsUsed).toBe(3);
    expect(row?.activeDcaLevel).toBe(3);
    expect(run.replay.takeProfits).toHaveLength(3);
  });

  it('hits the stop and sells at the same bid for the same loss', async () => {
    // Level 3 at 90.25, stop at 90.25 × 0.98 = 88.44 rounded down; the bid falls to it at 88.00 (bid 87.99).
    const run = await bothOver(threeLevelsBelow({ stopSpread: '2' }), [
      '100.00',
      '94.00',
      '90.00',
      '89.00',
      '88.00',
      '88.00',
      '88.00',
    ]);
    await expectSameAsEngine(run, 'liquidated', 'stopped');
    expect(money(run.replay.profit).isNegative()).toBe(true);
  });

  it('buys levels above the market as the engine fires them and closes at the take-profit of the actual fills', async () => {
    // Levels 100.01, 102.02 and 104.06 (triggers) with a 6 % sell spread. 102.00 asks 102.02: level 2 fires at its
    // price; 104.03 asks 104.05 (no), 104.10 asks 104.12: level 3 is bought there, over its plan price, so the
    // take-profit (110.06) is the fills', not the plan's (110.02).
    const run = await bothOver(threeLevelsBelow({ direction: 'above', buySpread: '2', sellSpread: '6' }), [
      '100.00',
      '101.00',
      '102.00',
      '103.00',
      '104.03',
      '104.10',
      '103.00',
      '100.00',
      '106.00',
      '110.00',
      '111.00',
    ]);
    await expectSameAsEngine(run, 'closed', 'closed');
    expect(run.replay.levelsUsed).toBe(3);
    expect(run.replay.takeProfits.at(-1)).toBe('110.06');
  });

  it('fills an above-below ladder out of plan order, then closes or stops as the engine does', async () => {
    // Levels 100.01, 98.00 (resting), 102.02 (trigger), 96.04 (resting): level 3 fires first, then 2 and 4 fill
    // on the way down; every fill re-prices the take-profit from what was actually bought.
    const inputs = (stopSpread: string | null) =>
      threeLevelsBelow({
        direction: 'above-below',
        dcaLevels: 4,
        buySpread: '2',
        sellSpread: '6',
        stopSpread,
      });
    const down = ['100.00', '102.00', '99.00', '97.99', '96.03'];
    const closing = await bothOver(inputs(null), [...down, '98.00', '101.00', '104.00', '106.00']);
    const stopping = await bothOver(inputs('2'), [...down, '95.00', '94.00', '94.00']);
    await expectSameAsEngine(closing, 'closed', 'closed');
    await expectSameAsEngine(stopping, 'liquidated', 'stopped');
    for (const { replay } of [closing, stopping]) {
      expect(replay.fills.filter((f) => f.side === 'buy').map((f) => f.level)).toEqual([1, 3, 2, 4]);
    }
  });
});
