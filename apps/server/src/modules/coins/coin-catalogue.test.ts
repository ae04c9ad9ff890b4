import { type TListCoinsQuery, ZCoinList, ZListCoinsQuery, ZTopMoverList } from '@cdca/contracts';
import { manualClock } from '@cdca/engine/testing';
import { createMemoryPaperStore, createPaperExchange } from '@cdca/exchange/paper';
import { and, asc, count, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../../realtime/in-process-bus.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { makeOwner, newTrader, type Trader } from '../../testing/traders.ts';
import { createCoinCatalogue } from './coin-catalogue.ts';
import { toCoinDto } from './coin-dto.ts';
import { createCoinsRepository } from './coins.repository.ts';
import { coins } from './coins.schema.ts';

// The paper market on a clock nobody moves: prices change only when a test sets them, so every answer here is
// decided by what the test did, never by when a tick happened to land.
const paper = createPaperExchange({ seed: 1, clock: manualClock(), store: createMemoryPaperStore() });
let t: TestApp;
let trader: Trader;
let owner: Trader;
beforeAll(async () => {
  t = await buildTestApp({ venue: paper });
  trader = await newTrader(t, 'catalogue@example.test', 'active');
  owner = await newTrader(t, 'catalogue-owner@example.test', 'active');
  await makeOwner(t, owner);
});
afterAll(async () => {
  await t.close();
  await paper.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...trader.headers, ...headers } });
const setPrice = async (symbol: string, price: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/paper/products/${symbol}/price`,
    headers: owner.headers,
    payload: { price },
  });
  expect(response.statusCode).toBe(200);
};
const coinNamed = async (symbol: string) => {
  const { coins: found } = ZCoinList.parse((await get(`/api/v1/coins?search=${symbol}`)).json());
  return found.find((coin) => coin.symbol === symbol);
};

/** The statement GET /coins ran before the catalogue was held in memory, kept as the reference it must match. */
const listFromSql = async (query: TListCoinsQuery) => {
  const filters: SQL[] = [ne(coins.status, 'delisted')];
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const match = or(
      ilike(coins.symbol, pattern),
      ilike(coins.baseSymbol, pattern),
      ilike(coins.name, pattern),
    );
    if (match) filters.push(match);
  }
  const where = and(...filters);
  const rows = await t.db
    .select()
    .from(coins)
    .where(where)
    .orderBy(sql`${coins.rank} asc nulls last`, asc(coins.symbol))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await t.db.select({ total: count() }).from(coins).where(where);
  return { coins: rows.map(toCoinDto), total: counted?.total ?? 0 };
};

describe('the coins catalogue in memory', () => {
  it('answers every query exactly as the SQL it replaced', async () => {
    const queries = [
      '',
      '?limit=200',
      '?limit=2&offset=2',
      '?limit=1&offset=7',
      '?offset=500',
      '?search=sol',
      '?search=BITCOIN',
      '?search=%25',
      '?search=_',
      '?search=%5C',
      '?search=-usd&limit=3&offset=4',
      '?search=%20eth%20',
      '?search=coin',
    ];
    for (const query of queries) {
      const parsed = ZListCoinsQuery.parse(Object.fromEntries(new URLSearchParams(query)));
      const response = await get(`/api/v1/coins${query}`);
      expect(response.statusCode, query).toBe(200);
      expect(ZCoinList.parse(response.json()), query).toEqual(await listFromSql(parsed));
    }
  });

  it('shows a sync in the very next request', async () => {
    await setPrice('ADA-USD', '3.21');
    expect(await coinNamed('ADA-USD')).toMatchObject({ price: '3.21' });
    const ada = await coinNamed('ADA-USD');
    const one = await get(`/api/v1/coins/${ada?.id}`);
    expect(one.json()).toMatchObject({ symbol: 'ADA-USD', price: '3.21' });
    const { topMovers } = ZTopMoverList.parse((await get('/api/v1/top-movers')).json());
    expect(topMovers.map((mover) => mover.symbol)).toContain('ADA-USD');
  });

  it('answers 304 to a caller holding the current ETag, and a new ETag once the catalogue changes', async () => {
    const url = '/api/v1/coins?limit=50';
    const first = await get(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, max-age=5');
    expect(first.headers['content-type']).toMatch(/^application\/json/);

    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const movers = await get('/api/v1/top-movers', { 'if-none-match': `"other", ${etag}` });
    expect(movers.statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': 'W/"something-else"' })).statusCode).toBe(200);

    await setPrice('XLM-USD', '0.4321');
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("refreshes when another process's change is heard on the bus, and not before", async () => {
    // A second API process on the same database: its own catalogue, following its own end of the bus.
    const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
    const repository = createCoinsRepository(t.db);
    let reads = 0;
    const counted = {
      ...repository,
      listAll: () => {
        reads += 1;
        return repository.listAll();
      },
    };
    const other = createCoinCatalogue({ repository: counted, log: pino({ level: 'silent' }) });
    const unfollow = other.follow(bus);
    try {
      const page = ZListCoinsQuery.parse({ search: 'DOGE' });
      const priceIn = async () => ZCoinList.parse(JSON.parse((await other.list(page)).body)).coins[0]?.price;
      const before = await priceIn();
      await setPrice('DOGE-USD', '1.2345');
      expect(await priceIn()).toBe(before);

      const coin = await coinNamed('DOGE-USD');
      if (!coin) throw new Error('no DOGE-USD');
      const heard = { accountId: null, message: { routingKey: 'coin.updated' as const, event: coin } };
      await bus.publish(heard);
      await other.settled();
      expect(await priceIn()).toBe('1.2345');

      // The same event again (its own, echoed back by the bus) says nothing new: no re-read.
      const readsSoFar = reads;
      await bus.publish(heard);
      await other.settled();
      expect(reads).toBe(readsSoFar);
    } finally {
      unfollow();
      await bus.close();
    }
  });
});
