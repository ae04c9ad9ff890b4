import { ExchangeError, money } from '@cdca/engine';
import { describe, expect, it } from 'vitest';
import {
  drive,
  duplicateClientIds,
  epicRow,
  jumpingClock,
  PAST_BACKOFF_MS,
  profitImpliedByFills,
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
import { type FaultPlan, withFaults } from './testing/faulty-exchange.ts';

const t = epicsTestAppPerTest();

const timeout = () => new DOMException('The operation was aborted due to timeout', 'TimeoutError');

/** Each fault as the venue (or the network in front of it) would produce it. */
const FAULTS: Record<string, FaultPlan['account']> = {
  '429 with Retry-After': {
    placeOrder: () => new ExchangeError('rate-limited', '429', { retryAfterMs: 90_000 }),
    getOrderByClientOrderId: () => new ExchangeError('rate-limited', '429', { retryAfterMs: 90_000 }),
  },
  '5xx / unavailable on every call': {
    placeOrder: () => new ExchangeError('unavailable', '503'),
    getOrderByClientOrderId: () => new ExchangeError('unavailable', '503'),
    getOrder: () => new ExchangeError('unavailable', '503'),
    listFills: () => new ExchangeError('unavailable', '502'),
    cancelOrders: () => new ExchangeError('unavailable', '503'),
  },
  'timeouts on placement': { placeOrder: timeout, getOrderByClientOrderId: timeout },
  'insufficient funds at placement': {
    placeOrder: () => new ExchangeError('insufficient-funds', 'needs more USD'),
  },
};

describe.each(Object.entries(FAULTS))('exchange fault: %s', (_name, fault) => {
  it('puts the epic in warning with a reason at opening and mid-epic, recovers to active, and closes', async () => {
    const store = createTestKeys();
    const trader = await keyedTrader(t, store);
    const venue = withFaults(t.paper);
    const { clock, jump } = jumpingClock();
    const engine = engineFor(t, store.keys, { exchange: venue.exchange, clock });
    await t.paper.setPrice('SOL-USD', '100.00');
    const { id } = await createEpic(t, trader.headers, 'SOL-USD', threeLevelsBelow());

    // Opening: nothing gets through.
    venue.faults.account = { ...fault };
    await engine.runOnce();
    let row = await epicRow(t, id);
    expect(row?.status).toBe('warning');
    expect(row?.statusReason).toMatch(/retries by itself/);
    // Backing off: a pass before retryAt does not hammer the venue.
    const calls = [...venue.placeCalls.values()].reduce((a, b) => a + b, 0);
    await engine.runOnce();
    expect([...venue.placeCalls.values()].reduce((a, b) => a + b, 0)).toBe(calls);

    venue.heal();
    jump(PAST_BACKOFF_MS);
    await engine.runOnce();
    row = await epicRow(t, id);
    expect(row?.status).toBe('active');
    expect(row?.statusReason).toBeNull();

    // Mid-epic: level 2 fills on the venue while the venue refuses the re-sized take-profit.
    venue.faults.account = { ...fault };
    await drive(engine, t.paper, 'SOL-USD', ['94.00'], 2);
    expect((await epicRow(t, id))?.status).toBe('warning');

    venue.heal();
    jump(PAST_BACKOFF_MS);
    await drive(engine, t.paper, 'SOL-USD', ['94.00'], 1);
    expect((await epicRow(t, id))?.status).toBe('active');
    await drive(engine, t.paper, 'SOL-USD', ['90.00', '89.00', '95.00', '105.00', '105.00']);

    row = await epicRow(t, id);
    expect(row?.status).toBe('closed');
    expect(row?.activeDcaLevel).toBe(3);
    expect(money(row?.profitsDollarAmount ?? 'NaN').toFixed(2)).toBe(await profitImpliedByFills(t, id));
    expect(duplicateClientIds(await venueOrders(t.paper, trader.key))).toEqual([]);
    await engine.stop();
  }, 20_000);
});

describe('real insufficient funds', () => {
  it('waits in warning while the account is short, then buys once funded', async () => {
    const store = createTestKeys();
    const trader = await keyedTrader(t, store, '1000');
    const { clock, jump } = jumpingClock();
    const engine = engineFor(t, store.keys, { clock });
    await t.paper.setPrice('SOL-USD', '100.00');
    const { id } = await createEpic(t, trader.headers, 'SOL-USD', threeLevelsBelow());
    // The trader spends the money elsewhere after creating the epic.
    await t.paper.fund(trader.key.keyName, 'USD', '-990');
    await engine.runOnce();
    const row = await epicRow(t, id);
    expect(row?.status).toBe('warning');
    expect(row?.statusReason).toMatch(/Not enough funds/);

    await t.paper.fund(trader.key.keyName, 'USD', '990');
    jump(PAST_BACKOFF_MS);
    await engine.runOnce();
    expect((await epicRow(t, id))?.status).toBe('active');
    await drive(engine, t.paper, 'SOL-USD', ['94.00', '90.00', '89.00', '95.00', '105.00', '105.00']);
    expect((await epicRow(t, id))?.status).toBe('closed');
    await engine.stop();
  }, 20_000);
});
