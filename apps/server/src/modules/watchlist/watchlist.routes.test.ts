import { ZCoinList, ZWatchlistItem, ZWatchlistItemList } from '@cdca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { newTrader, type Trader } from '../../testing/traders.ts';

let t: TestApp;
const coinIds = new Map<string, string>();
beforeAll(async () => {
  t = await buildTestApp({ venue: 'persistent' });
  const reader = await newTrader(t, 'watch-reader@example.test', 'active');
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/coins', headers: reader.headers });
  for (const coin of ZCoinList.parse(response.json()).coins) coinIds.set(coin.symbol, coin.id);
});
afterAll(() => t.close());

const coin = (symbol: string) => {
  const id = coinIds.get(symbol);
  if (!id) throw new Error(`no ${symbol}`);
  return id;
};
const add = (who: Trader, symbol: string, accountId = who.account.id) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/watchlist-items',
    headers: who.headers,
    payload: { accountId, coinId: coin(symbol), coinSymbol: symbol },
  });
const list = (who: Trader, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/watchlist-items?${query}`, headers: who.headers });
const remove = (who: Trader, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/watchlist-items/${id}`, headers: who.headers });

describe('watchlist', () => {
  it('adds coins newest first, with the coin and the total when asked', async () => {
    const trader = await newTrader(t, 'watcher@example.test', 'active');
    const first = await add(trader, 'BTC-USD');
    expect(first.statusCode).toBe(201);
    expect(ZWatchlistItem.parse(first.json())).toMatchObject({
      accountId: trader.account.id,
      coinId: coin('BTC-USD'),
      coinSymbol: 'BTC-USD',
      coin: { symbol: 'BTC-USD' },
    });
    await add(trader, 'SOL-USD');

    const full = ZWatchlistItemList.parse(
      (await list(trader, `accountId=${trader.account.id}&includeTotal=true&withCoin=true`)).json(),
    );
    expect(full.total).toBe(2);
    expect(full.watchListItems.map((item) => item.coinSymbol)).toEqual(['SOL-USD', 'BTC-USD']);
    expect(full.watchListItems[0]?.coin).toMatchObject({ id: coin('SOL-USD'), symbol: 'SOL-USD' });

    const bare = ZWatchlistItemList.parse((await list(trader, `accountId=${trader.account.id}`)).json());
    expect(bare.total).toBeUndefined();
    expect(bare.watchListItems[0]?.coin).toBeUndefined();
    expect(bare.watchListItems[0]?.coinId).toBe(coin('SOL-USD'));
  });

  it('skips a duplicate create: 200 with the existing item, no second row, no second event', async () => {
    const trader = await newTrader(t, 'dup@example.test', 'active');
    const first = await add(trader, 'ETH-USD');
    const eventsBefore = t.published.length;
    const [second, third] = await Promise.all([add(trader, 'ETH-USD'), add(trader, 'ETH-USD')]);
    expect(second?.statusCode).toBe(200);
    expect(third?.statusCode).toBe(200);
    expect(second?.json().id).toBe(first.json().id);
    expect(t.published.length).toBe(eventsBefore);
    const { total } = ZWatchlistItemList.parse(
      (await list(trader, `accountId=${trader.account.id}&includeTotal=true`)).json(),
    );
    expect(total).toBe(1);
  });

  it('announces created and deleted items to the owning account only', async () => {
    const trader = await newTrader(t, 'events@example.test', 'active');
    const created = await add(trader, 'BTC-USD');
    expect(t.published.at(-1)).toMatchObject({
      accountId: trader.account.id,
      message: {
        routingKey: 'watchlist-item.created',
        event: { id: created.json().id, coinId: coin('BTC-USD') },
      },
    });
    const removed = await remove(trader, created.json().id);
    expect(removed.statusCode).toBe(200);
    expect(t.published.at(-1)).toMatchObject({
      accountId: trader.account.id,
      message: { routingKey: 'watchlist-item.deleted', event: { id: created.json().id } },
    });
    expect((await remove(trader, created.json().id)).json().code).toBe('watchlist-item-not-found');
  });

  it('refuses an unknown coin with 404 coin-not-found and bad input with 400', async () => {
    const trader = await newTrader(t, 'unknown-coin@example.test', 'active');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/watchlist-items',
      headers: trader.headers,
      payload: {
        accountId: trader.account.id,
        coinId: '00000000-0000-4000-8000-000000000000',
        coinSymbol: 'X-USD',
      },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('coin-not-found');
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/v1/watchlist-items',
      headers: trader.headers,
      payload: { accountId: trader.account.id, coinId: coin('BTC-USD'), coinSymbol: 'BTC-USD', rank: 1 },
    });
    expect(extra.statusCode).toBe(400);
    expect((await list(trader, 'includeTotal=true')).statusCode).toBe(400);
  });

  it("keeps user A out of user B's watchlist on every route", async () => {
    const alice = await newTrader(t, 'alice-watch@example.test', 'active');
    const bob = await newTrader(t, 'bob-watch@example.test', 'active');
    const bobs = await add(bob, 'SOL-USD');

    const addForBob = await add(alice, 'BTC-USD', bob.account.id);
    expect(addForBob.statusCode).toBe(403);
    expect(addForBob.json().code).toBe('forbidden');
    const readBob = await list(alice, `accountId=${bob.account.id}&withCoin=true`);
    expect(readBob.statusCode).toBe(403);
    const deleteBobs = await remove(alice, bobs.json().id);
    expect(deleteBobs.statusCode).toBe(404);
    expect(deleteBobs.json().code).toBe('watchlist-item-not-found');

    const stillThere = ZWatchlistItemList.parse(
      (await list(bob, `accountId=${bob.account.id}&includeTotal=true`)).json(),
    );
    expect(stillThere.total).toBe(1);
  });

  it('needs a signed-in caller', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/watchlist-items'],
      ['GET', '/api/v1/watchlist-items?accountId=00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/v1/watchlist-items/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
