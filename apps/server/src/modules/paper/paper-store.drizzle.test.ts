import { manualClock } from '@cdca/engine/testing';
import { createPaperExchange } from '@cdca/exchange/paper';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { createDrizzlePaperStore } from './paper-store.drizzle.ts';

const start = new Date('2025-06-01T12:00:00Z');

describe('Drizzle paper store', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('keeps market, keys, balances, orders and fills across a restart, exactly', async () => {
    database = await createTestDatabase();
    const store = createDrizzlePaperStore(database.db);
    const clock = manualClock(start);
    const first = createPaperExchange({ seed: 3, clock, store, liquidityPerTickUsd: '1000' });
    const key = await first.mintKey({ canView: true, canTrade: true, canTransfer: false });
    const account = first.account(key);
    await first.setPrice('BTC-USD', '60000.00');
    const resting = await account.placeOrder({
      type: 'limit',
      clientOrderId: 'rest-1',
      productId: 'BTC-USD',
      side: 'buy',
      baseSize: '0.05',
      limitPrice: '59000.00',
      postOnly: true,
    });
    await first.setPrice('BTC-USD', '58000.00');
    await first.scriptPath('ETH-USD', ['3000.00', '2900.00', '2800.00', '2900.00'], 1_000);
    const partial = await account.getOrder(resting.id);
    expect(partial.status).toBe('open');
    expect(Number(partial.filledSize)).toBeGreaterThan(0);
    const balances = await account.getBalances();
    const fills = await account.listFills({ since: start });
    const btc = await first.market.getProduct('BTC-USD');
    await first.close();

    const second = createPaperExchange({ seed: 3, clock, store, liquidityPerTickUsd: '1000' });
    const again = second.account(key);
    expect(await again.getBalances()).toEqual(balances);
    expect(await again.getOrder(resting.id)).toEqual(partial);
    expect(await again.listFills({ since: start })).toEqual(fills);
    expect(await again.getKeyPermissions()).toMatchObject({
      canView: true,
      canTrade: true,
      canTransfer: false,
    });
    expect((await second.market.getProduct('BTC-USD')).price).toBe(btc.price);
    expect((await second.market.getTicker('ETH-USD')).price).toBe('3000');
    // The scripted path survived: it carries on where it was.
    await second.advance(2_000);
    expect((await second.market.getTicker('ETH-USD')).price).toBe('2800');
    // The resting remainder is back on the book and fills on the next crossing ticks.
    for (let i = 0; i < 10; i++) await second.setPrice('BTC-USD', '58000.00');
    expect((await again.getOrder(resting.id)).status).toBe('filled');
    await second.revokeKey(key.keyName);
    await second.close();

    const third = createPaperExchange({ seed: 3, clock, store });
    await expect(third.account(key).getBalances()).rejects.toMatchObject({ kind: 'unauthorized' });
    await third.close();
  });

  it('refuses to store a fill twice', async () => {
    database = await createTestDatabase();
    const store = createDrizzlePaperStore(database.db);
    const exchange = createPaperExchange({ seed: 3, clock: manualClock(start), store });
    const key = await exchange.mintKey({ canView: true, canTrade: true, canTransfer: false });
    await exchange.account(key).placeOrder({
      type: 'market',
      clientOrderId: 'm-1',
      productId: 'SOL-USD',
      side: 'buy',
      quoteSize: '50',
    });
    const [fill] = (await store.load()).fills;
    if (!fill) throw new Error('expected a fill');
    await expect(store.commit({ fills: [fill] })).rejects.toThrow();
    expect((await store.load()).fills).toHaveLength(1);
    await exchange.close();
  });

  it('reads, on a catch-up, only the orders written since this store last read, a rolled-back commit aside', async () => {
    database = await createTestDatabase();
    const exchange = createPaperExchange({
      seed: 3,
      clock: manualClock(start),
      store: createDrizzlePaperStore(database.db),
    });
    const account = exchange.account(
      await exchange.mintKey({ canView: true, canTrade: true, canTransfer: false }),
    );
    await exchange.setPrice('SOL-USD', '100.00');
    const rest = (n: number) =>
      account.placeOrder({
        type: 'limit',
        clientOrderId: `rest-${n}`,
        productId: 'SOL-USD',
        side: 'buy',
        baseSize: '0.1',
        limitPrice: '90.00',
        postOnly: true,
      });
    const first = await rest(1);
    await rest(2);
    await rest(3);
    // Another process's store, catching up as its venue does (from a fill sequence past the start).
    const other = createDrizzlePaperStore(database.db);
    const catchUp = async () =>
      (await other.exclusive((session) => session.loadLedger(1))).orders.map((o) => o.clientOrderId).sort();
    expect(await catchUp()).toEqual(['rest-1', 'rest-2', 'rest-3']);
    expect(await catchUp()).toEqual([]);
    await account.cancelOrders([first.id]);
    await rest(4);
    expect(await catchUp()).toEqual(['rest-1', 'rest-4']);

    // A commit that rolls back: the revision it would have made is made again by the next commit, whose orders
    // must still be read.
    await expect(
      other.exclusive(async (session) => {
        const { orders } = await session.loadLedger(0);
        await session.commit({ orders: orders.slice(0, 1) });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await rest(5);
    expect(await catchUp()).toEqual(['rest-5']);
    // A venue starting (fill sequence 0) reads every order.
    expect((await other.load()).orders).toHaveLength(5);
    await exchange.close();
  });
});
