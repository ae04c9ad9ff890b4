import { money } from '@cdca/engine';
import { createPaperExchange, type PaperExchange } from '@cdca/exchange/paper';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  baseBalance,
  drive,
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

// Hooks run in stack order: the app opens before the thin venue and closes after it.
const t = epicsTestAppPerTest();
/** The same catalogue with thin books: a tick fills at most $100 per side, so resting orders fill in pieces. */
let thin: PaperExchange;
beforeEach(async () => {
  thin = createPaperExchange({ seed: 7, liquidityPerTickUsd: '100' });
  await thin.venue.ready();
});
afterEach(async () => {
  await thin.close();
});

const setPrice = async (price: string) => {
  await t.paper.setPrice('SOL-USD', price);
  await thin.setPrice('SOL-USD', price);
};

describe('engine: partial fills on a thin book', () => {
  it('books every piece of a level and of the take-profit once, sells exactly what is held, profit to the cent', async () => {
    const store = createTestKeys();
    const trader = await keyedTrader(t, store);
    // The engine trades on the thin venue under its own key for this trader (the API validated the other one).
    const key = await thin.mintKey({ canView: true, canTrade: true, canTransfer: false });
    store.byAccount.set(trader.account.id, key);
    await setPrice('100.00');
    const { id } = await createEpic(t, trader.headers, 'SOL-USD', threeLevelsBelow());
    const engine = engineFor(t, store.keys, { exchange: thin });

    await engine.runOnce();
    // Level 2 ($171) and level 3 ($385) fill over several $100 ticks, the engine running between pieces.
    for (const price of ['94.00', '94.00', '94.00', '90.00', '90.00', '90.00', '90.00', '90.00', '89.00'])
      await drive(engine, thin, 'SOL-USD', [price], 1);
    const levelRows = (await epicOrderRows(t, id)).filter((o) => o.purpose === 'buy' && o.level > 1);
    const levelFills = (await epicFillRows(t, id)).filter((f) => f.side === 'buy');
    expect(levelFills.length).toBeGreaterThan(levelRows.filter((o) => o.status === 'filled').length + 1);
    let row = await epicRow(t, id);
    expect(row?.activeDcaLevel).toBe(3);
    // Fees are charged in the quote: the coins held are exactly the coins bought.
    const bought = levelFills.reduce((sum, f) => sum.plus(f.size), money(0));
    expect((await baseBalance(thin, key, 'SOL')).eq(bought)).toBe(true);
    expect(levelFills.every((f) => money(f.fee).gt(0))).toBe(true);

    // The take-profit ($600+) sells in pieces too.
    for (let i = 0; i < 12 && row?.status !== 'closed'; i++) {
      await drive(engine, thin, 'SOL-USD', ['105.00'], 1);
      row = await epicRow(t, id);
    }
    expect(row?.status).toBe('closed');
    const sells = (await epicFillRows(t, id)).filter((f) => f.side === 'sell');
    expect(sells.length).toBeGreaterThan(1);
    expect(sells.reduce((sum, f) => sum.plus(f.size), money(0)).eq(bought)).toBe(true);
    expect((await baseBalance(thin, key, 'SOL')).isZero()).toBe(true);
    // No order was refused for lack of coins.
    expect((await venueOrders(thin, key)).filter((o) => o.status === 'failed')).toEqual([]);

    const ours = new Set((await epicOrderRows(t, id)).map((o) => o.clientOrderId));
    expect((await epicFillRows(t, id)).map((f) => f.tradeId).sort()).toEqual(
      await venueFillIds(thin, key, ours),
    );
    expect(money(row?.profitsDollarAmount ?? 'NaN').toFixed(2)).toBe(await profitImpliedByFills(t, id));
    await engine.stop();
  }, 20_000);
});
