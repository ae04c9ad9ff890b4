import { ZCoin, ZCoinList, ZTopMoverList } from '@cdca/contracts';
import { CATALOGUE } from '@cdca/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { makeOwner, newTrader, type Trader } from '../../testing/traders.ts';

let t: TestApp;
let trader: Trader;
let owner: Trader;
beforeAll(async () => {
  t = await buildTestApp({ venue: 'persistent' });
  trader = await newTrader(t, 'coins@example.test', 'active');
  owner = await newTrader(t, 'coins-owner@example.test', 'active');
  await makeOwner(t, owner);
});
afterAll(() => t.close());

const get = (url: string, who: Trader = trader) => t.app.inject({ method: 'GET', url, headers: who.headers });
const listCoins = async (query = '') => ZCoinList.parse((await get(`/api/v1/coins${query}`)).json());
const coinId = async (symbol: string) => {
  const { coins } = await listCoins(`?search=${symbol}`);
  const coin = coins.find((candidate) => candidate.symbol === symbol);
  if (!coin) throw new Error(`no ${symbol}`);
  return coin.id;
};
const control = (productId: string, what: string, payload: object, who: Trader = owner) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/paper/products/${productId}/${what}`,
    headers: who.headers,
    payload,
  });

describe('coins catalogue', () => {
  it('is synced at start from the exchange, ranked by 24 h quote volume', async () => {
    const { coins, total } = await listCoins('?limit=200');
    expect(total).toBe(CATALOGUE.length);
    expect(coins.map((coin) => coin.rank)).toEqual(coins.map((_coin, index) => index + 1));
    const volumes = coins.map((coin) => Number(coin.volume24h));
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    const btc = coins.find((coin) => coin.symbol === 'BTC-USD');
    expect(btc).toMatchObject({ baseSymbol: 'BTC', name: 'Bitcoin', status: 'online' });
    expect(btc?.photo).toBe('/coin-icons/btc.svg');
  });

  it('searches symbol and name case-insensitively, with paging and literal wildcards', async () => {
    expect((await listCoins('?search=sol')).coins.map((coin) => coin.symbol)).toEqual(['SOL-USD']);
    const bitcoins = (await listCoins('?search=BITCOIN')).coins.map((coin) => coin.symbol);
    expect(bitcoins.sort()).toEqual(['BCH-USD', 'BTC-USD']);
    expect((await listCoins('?search=%25')).total).toBe(0);
    const all = await listCoins('?limit=200');
    const page = await listCoins('?limit=2&offset=2');
    expect(page.coins.map((coin) => coin.id)).toEqual(all.coins.slice(2, 4).map((coin) => coin.id));
    expect(page.total).toBe(CATALOGUE.length);
  });

  it('answers one coin, 404 coin-not-found for an unknown id and 400 for a malformed one', async () => {
    const id = await coinId('ETH-USD');
    expect(ZCoin.parse((await get(`/api/v1/coins/${id}`)).json()).symbol).toBe('ETH-USD');
    const unknown = await get('/api/v1/coins/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('coin-not-found');
    expect((await get('/api/v1/coins/not-a-uuid')).statusCode).toBe(400);
  });

  it('answers candles, refusing bad ranges and a venue that is down', async () => {
    const id = await coinId('BTC-USD');
    const candles = await get(`/api/v1/coins/${id}/candles?granularity=ONE_HOUR`);
    expect(candles.statusCode).toBe(200);
    expect(candles.json().candles.length).toBeGreaterThan(20);
    expect(candles.json().candles[0]).toMatchObject({ close: expect.stringMatching(/^\d+(\.\d+)?$/) });
    const backwards = await get(
      `/api/v1/coins/${id}/candles?start=2025-01-02T00:00:00Z&end=2025-01-01T00:00:00Z`,
    );
    expect(backwards.statusCode).toBe(400);
    const tooMany = await get(
      `/api/v1/coins/${id}/candles?granularity=ONE_MINUTE&start=2025-01-01T00:00:00Z&end=2025-01-02T00:00:00Z`,
    );
    expect(tooMany.statusCode).toBe(400);
    expect((await get('/api/v1/coins/00000000-0000-4000-8000-000000000000/candles')).json().code).toBe(
      'coin-not-found',
    );
    t.outage.down = true;
    try {
      const down = await get(`/api/v1/coins/${id}/candles`);
      expect(down.statusCode).toBe(503);
      expect(down.json().code).toBe('exchange-unavailable');
    } finally {
      t.outage.down = false;
    }
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/coins' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/top-movers' })).statusCode).toBe(401);
  });
});

const byMove = <T extends { change24h: string; symbol: string }>(coins: T[]): T[] =>
  [...coins].sort(
    (a, b) =>
      Math.abs(Number(b.change24h)) - Math.abs(Number(a.change24h)) || a.symbol.localeCompare(b.symbol),
  );

describe('top movers and market events', () => {
  it('lists the 5 coins that moved most in 24 h, in the SPEC event shape', async () => {
    const { coins } = await listCoins('?limit=200');
    const { topMovers } = ZTopMoverList.parse((await get('/api/v1/top-movers')).json());
    expect(topMovers.map((mover) => mover.symbol)).toEqual(
      byMove(coins)
        .slice(0, 5)
        .map((coin) => coin.symbol),
    );
    const first = coins.find((coin) => coin.symbol === topMovers[0]?.symbol);
    expect(topMovers[0]).toMatchObject({
      coinId: first?.id,
      photo: first?.photo,
      exchangeRateT24Ratio: expect.stringMatching(/^\d+\.\d{6}$/),
      createdAt: expect.any(String),
    });
    const created = t.published.filter((envelope) => envelope.message.routingKey === 'top-mover.created');
    expect(created).toHaveLength(5);
    expect(created.every((envelope) => envelope.accountId === null)).toBe(true);
  });

  it('publishes top-mover.created / .deleted as the set changes', async () => {
    const { coins } = await listCoins('?limit=200');
    const ranked = byMove(coins);
    const calm = ranked.filter((coin) => Number(coin.price) < 10).at(-1);
    if (!calm) throw new Error('no calm coin');
    const before = t.published.length;
    const response = await control(calm.symbol, 'price', { price: '100' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ productId: calm.symbol, price: '100', status: 'online' });
    const events = t.published.slice(before).map((envelope) => envelope.message);
    const entered = events.filter((message) => message.routingKey === 'top-mover.created');
    const left = events.filter((message) => message.routingKey === 'top-mover.deleted');
    expect(entered.map((message) => message.event.symbol)).toContain(calm.symbol);
    expect(left.length).toBe(entered.length);
    const { topMovers } = ZTopMoverList.parse((await get('/api/v1/top-movers')).json());
    expect(topMovers[0]?.symbol).toBe(calm.symbol);
    expect(topMovers).toHaveLength(5);
  });

  it('follows ticks with prices between syncs', async () => {
    const id = await coinId('XLM-USD');
    await t.paper.setPrice('XLM-USD', '0.9');
    // Ticks reach the catalogue within a couple of seconds; polled, so a busy machine only makes it slower.
    const nearSetPrice = async () => {
      const price = Number(ZCoin.parse((await get(`/api/v1/coins/${id}`)).json()).price);
      return price > 0.85 && price < 0.95;
    };
    await expect.poll(nearSetPrice, { timeout: 60_000 }).toBe(true);
  });

  // The rate (one event per coin per 5 s) is the throttle's, tested on fake timers in coin-event-throttle.test.ts;
  // here only what the wiring promises, with no wall-clock window.
  it('sends coin.updated to everyone as the paper market ticks', async () => {
    const from = t.published.length;
    const updates = () =>
      t.published.slice(from).filter((envelope) => envelope.message.routingKey === 'coin.updated');
    await expect.poll(() => updates().length, { timeout: 60_000 }).toBeGreaterThan(0);
    expect(updates().every((envelope) => envelope.accountId === null)).toBe(true);
  });

  it('marks a delisted product and drops it from the list and the movers', async () => {
    const response = await control('SOL-USD', 'status', { status: 'delisted' });
    expect(response.json()).toMatchObject({ productId: 'SOL-USD', status: 'delisted' });
    expect((await listCoins('?search=SOL')).total).toBe(0);
    const { topMovers } = ZTopMoverList.parse((await get('/api/v1/top-movers')).json());
    expect(topMovers.map((mover) => mover.symbol)).not.toContain('SOL-USD');
  });
});

describe('paper controls', () => {
  it('are for owners only, validate their input and name unknown products', async () => {
    const notOwner = await control('BTC-USD', 'price', { price: '1' }, trader);
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().code).toBe('forbidden');
    expect((await control('BTC-USD', 'price', { price: '-1' })).statusCode).toBe(400);
    expect((await control('BTC-USD', 'script', { prices: [], stepMs: 10 })).statusCode).toBe(400);
    const unknown = await control('NOPE-USD', 'price', { price: '1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('product-not-found');
    const scripted = await control('BTC-USD', 'script', { prices: ['61000', '62000'], stepMs: 10 });
    expect(scripted.statusCode).toBe(200);
  });

  it('do not exist in production', async () => {
    const production = await buildTestApp({ venue: 'persistent', env: { APP_ENV: 'production' } });
    try {
      const boss = await newTrader(production, 'prod-owner@example.test', 'active');
      await makeOwner(production, boss);
      const response = await production.app.inject({
        method: 'POST',
        url: '/api/v1/paper/products/BTC-USD/price',
        headers: boss.headers,
        payload: { price: '1' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('paper-exchange-disabled');
    } finally {
      await production.close();
    }
  });
});
