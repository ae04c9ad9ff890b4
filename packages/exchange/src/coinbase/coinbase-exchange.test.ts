import type { Fill } from '@cdca/engine';
import { ExchangeError, isExchangeError } from '@cdca/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange, UserEvent } from '../exchange.ts';
import { type FakeCoinbase, startFakeCoinbase } from '../testing/coinbase-fake/start-fake-coinbase.ts';
import { createStubVenue, type StubVenue } from '../testing/stub-venue.ts';
import { createCoinbaseExchange } from './coinbase-exchange.ts';

const API = '/api/v3/brokerage';

const caught = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExchangeError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
};

const until = async <T>(probe: () => T | undefined, what: string): Promise<T> => {
  // A deadline generous enough for a busy machine: a passing wait returns as soon as the probe answers.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('Coinbase adapter against the fake Coinbase server', () => {
  let venue: StubVenue;
  let fake: FakeCoinbase;
  let exchange: Exchange;

  beforeAll(async () => {
    venue = createStubVenue();
    fake = await startFakeCoinbase({ venue });
    exchange = createCoinbaseExchange({
      baseUrl: fake.baseUrl,
      wsUrl: fake.wsUrl,
      wsUserUrl: fake.wsUserUrl,
      // Generous: a loaded machine answers slowly; the timeout test still needs a hanging request to fail.
      timeoutMs: 1_500,
    });
  });
  afterAll(async () => {
    await exchange.close();
    await fake.close();
  });

  it('signs each private request with a fresh CDP JWT bound to method and path', async () => {
    const key = venue.mintKey();
    const account = exchange.account(key);
    await account.getBalances();
    await account.getBalances();
    const [first, second] = fake.receivedTokens.slice(-2);
    if (!first || !second) throw new Error('no tokens received');
    const decode = (token: string) =>
      token
        .split('.')
        .slice(0, 2)
        .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    const [header, payload] = decode(first.token);
    const host = new URL(fake.baseUrl).host;
    expect(header).toMatchObject({ alg: 'ES256', kid: key.keyName, typ: 'JWT' });
    expect(payload).toMatchObject({ iss: 'cdp', sub: key.keyName, uri: `GET ${host}${API}/accounts` });
    expect(payload.exp - payload.nbf).toBe(120);
    expect(decode(second.token)[0].nonce).not.toBe(header.nonce);
  });

  it('signs with Ed25519 keys as EdDSA', async () => {
    const key = venue.mintKey({}, 'ed25519');
    await exchange.account(key).getBalances();
    const last = fake.receivedTokens.at(-1);
    expect(JSON.parse(Buffer.from(last?.token.split('.')[0] ?? '', 'base64url').toString()).alg).toBe(
      'EdDSA',
    );
  });

  it('maps 401, 403 and 404 to unauthorized, forbidden and not-found', async () => {
    const key = venue.mintKey({ canTrade: false });
    const stranger = venue.mintKey();
    const wrongKey = { keyName: key.keyName, privateKey: stranger.privateKey };
    expect((await caught(exchange.account(wrongKey).getBalances())).kind).toBe('unauthorized');
    const garbage = await caught(
      exchange.account({ keyName: key.keyName, privateKey: 'nope' }).getBalances(),
    );
    expect(garbage.kind).toBe('unauthorized');
    const request = {
      type: 'limit',
      clientOrderId: 'c-403',
      productId: 'BTC-USD',
      side: 'buy',
      baseSize: '0.001',
      limitPrice: '50000.00',
      postOnly: true,
    } as const;
    const forbidden = await caught(exchange.account(key).placeOrder(request));
    expect(forbidden).toMatchObject({
      kind: 'forbidden',
      message: expect.stringContaining('Missing required scopes'),
    });
    expect((await caught(exchange.account(key).getOrder('missing'))).kind).toBe('not-found');
    expect((await caught(exchange.market.getProduct('NOPE-USD'))).kind).toBe('not-found');
  });

  it('treats a missing can_transfer as true', async () => {
    const fetchStub: typeof fetch = async () =>
      new Response(
        JSON.stringify({ can_view: true, can_trade: true, portfolio_uuid: 'p-1', portfolio_type: 'DEFAULT' }),
      );
    const key = venue.mintKey();
    const stubbed = createCoinbaseExchange({ baseUrl: fake.baseUrl, fetch: fetchStub });
    expect(await stubbed.account(key).getKeyPermissions()).toMatchObject({
      canTransfer: true,
      canTrade: true,
      portfolioId: 'p-1',
    });
    expect(await exchange.account(key).getKeyPermissions()).toMatchObject({
      canTransfer: false,
      portfolioName: 'Default',
    });
  });

  it('reports 429 as rate-limited with the Retry-After delay', async () => {
    const key = venue.mintKey();
    fake.failNext({ status: 429, retryAfterSeconds: 7 });
    const error = await caught(exchange.account(key).getBalances());
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterMs: 7000, retryable: true });
  });

  it('reports 5xx and timeouts as unavailable', async () => {
    const key = venue.mintKey();
    fake.failNext({ status: 500 });
    expect((await caught(exchange.account(key).getBalances())).kind).toBe('unavailable');
    fake.failNext({ status: 503, times: 2 });
    expect((await caught(exchange.market.listProducts())).kind).toBe('unavailable');
    expect((await caught(exchange.market.listProducts())).kind).toBe('unavailable');
    fake.failNext({ timeout: true });
    const timeout = await caught(exchange.account(key).getBalances());
    expect(timeout).toMatchObject({ kind: 'unavailable', message: expect.stringContaining('1500 ms') });
    expect(await exchange.market.listProducts()).toHaveLength(1);
  });

  it('reports unreachable Coinbase as unavailable', async () => {
    const offline = createCoinbaseExchange({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    expect((await caught(offline.market.listProducts())).kind).toBe('unavailable');
  });

  it('the fake answers 429 with rate-limit headers once a key exceeds its rate', async () => {
    const key = venue.mintKey();
    // The venue's clock stands still, so a slow (loaded) machine cannot refill the window mid-burst.
    const frozen = Date.now();
    const still = await startFakeCoinbase({ venue, now: () => frozen });
    const greedy = createCoinbaseExchange({ baseUrl: still.baseUrl, privateRequestsPerSecond: 1000 });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => greedy.account(key).getBalances()),
    );
    await greedy.close();
    await still.close();
    const limited = results.filter(
      (r) => r.status === 'rejected' && isExchangeError(r.reason, 'rate-limited'),
    );
    expect(limited.length).toBeGreaterThan(0);
    // The adapter's own bucket keeps the same burst under the venue's limit.
    const politeKey = venue.mintKey();
    const polite = await Promise.allSettled(
      Array.from({ length: 45 }, () => exchange.account(politeKey).getBalances()),
    );
    expect(polite.every((r) => r.status === 'fulfilled')).toBe(true);
  });

  it('waits out a window Coinbase reports spent (x-ratelimit-remaining: 0) instead of earning 429s', async () => {
    const strict = await startFakeCoinbase({ venue, privateRequestsPerSecond: 3 });
    const client = createCoinbaseExchange({ baseUrl: strict.baseUrl });
    try {
      const key = venue.mintKey();
      for (let i = 0; i < 7; i++) await client.account(key).getBalances();
      // Without a Retry-After the wait comes from x-ratelimit-reset.
      const greedy = createCoinbaseExchange({ baseUrl: strict.baseUrl, privateRequestsPerSecond: 1000 });
      const burst = await Promise.allSettled(
        Array.from({ length: 8 }, () => greedy.account(key).getBalances()),
      );
      const limited = burst.find((r) => r.status === 'rejected');
      expect(limited?.status === 'rejected' && limited.reason).toMatchObject({ kind: 'rate-limited' });
      expect(limited?.status === 'rejected' && limited.reason.retryAfterMs).toBeGreaterThan(0);
      await greedy.close();
    } finally {
      await client.close();
      await strict.close();
    }
  });

  it('pages through balances and fills', async () => {
    const key = venue.mintKey();
    const balances = Array.from({ length: 260 }, (_, i) => ({
      currency: `C${i}`,
      available: `${i}.5`,
      hold: '0',
    }));
    venue.setBalances(key.keyName, balances);
    const got = await exchange.account(key).getBalances();
    expect(got).toHaveLength(260);
    expect(got[259]).toEqual({ currency: 'C259', available: '259.5', hold: '0' });

    const order = await exchange.account(key).placeOrder({
      type: 'market',
      clientOrderId: 'page-1',
      productId: 'BTC-USD',
      side: 'buy',
      quoteSize: '60',
    });
    const base = Date.now() - 60_000;
    const fills: Fill[] = Array.from({ length: 120 }, (_, i) => ({
      tradeId: `t-${String(i).padStart(3, '0')}`,
      orderId: order.id,
      clientOrderId: order.clientOrderId,
      productId: 'BTC-USD',
      side: 'buy',
      price: '60000',
      size: '0.00000100',
      fee: '0.01',
      liquidity: 'maker',
      time: new Date(base + i * 10),
    }));
    venue.addFills(key.keyName, fills);
    const listed = await exchange.account(key).listFills({ since: new Date(base) });
    expect(listed.filter((f) => f.tradeId.startsWith('t-'))).toHaveLength(120);
    expect(listed.map((f) => f.time.getTime())).toEqual(
      [...listed.map((f) => f.time.getTime())].sort((a, b) => a - b),
    );
    expect(listed.every((f) => f.clientOrderId === 'page-1')).toBe(true);
  });

  it('pages candles in windows of at most 350 and returns them oldest first', async () => {
    const start = Date.UTC(2025, 0, 1);
    venue.candles.length = 0;
    for (let i = 0; i < 800; i++) {
      venue.candles.push({
        start: new Date(start + i * 60_000),
        open: '1',
        high: '2',
        low: '0.5',
        close: '1.5',
        volume: '3',
      });
    }
    const before = fake.receivedTokens.length;
    const candles = await exchange.market.getCandles('BTC-USD', {
      start: new Date(start),
      end: new Date(start + 799 * 60_000),
      granularity: 'ONE_MINUTE',
    });
    expect(fake.receivedTokens.length).toBe(before); // public endpoint: no JWT
    expect(candles).toHaveLength(800);
    expect(candles[0]?.start.getTime()).toBe(start);
    expect(candles.every((c, i) => i === 0 || c.start > (candles[i - 1]?.start ?? c.start))).toBe(true);
  });

  it('maps HTTP 200 success:false order rejections to kinds', async () => {
    const key = venue.mintKey();
    const account = exchange.account(key);
    const request = {
      type: 'limit',
      clientOrderId: 'rej',
      productId: 'BTC-USD',
      side: 'buy',
      baseSize: '0.001',
      limitPrice: '50000.00',
      postOnly: true,
    } as const;
    const cases = [
      ['insufficient-funds', 'INSUFFICIENT_FUND'],
      ['post-only-would-cross', 'INVALID_LIMIT_PRICE_POST_ONLY'],
      ['below-minimum', 'PREVIEW_INVALID_BASE_SIZE_TOO_SMALL'],
      ['invalid-order', 'INVALID_SIZE_PRECISION'],
      ['product-unavailable', 'UNTRADABLE_PRODUCT'],
    ] as const;
    for (const [kind, venueCode] of cases) {
      venue.rejectNext(new ExchangeError(kind, 'scripted'));
      expect(await caught(account.placeOrder(request))).toMatchObject({ kind, venueCode });
    }
    const unknown = await caught(account.placeOrder({ ...request, productId: 'NOPE-USD' }));
    expect(unknown).toMatchObject({ kind: 'product-unavailable', venueCode: 'INVALID_PRODUCT_ID' });
  });

  it('places, repeats idempotently, finds by client order id and cancels', async () => {
    const account = exchange.account(venue.mintKey());
    const request = {
      type: 'limit',
      clientOrderId: 'idem-1',
      productId: 'BTC-USD',
      side: 'buy',
      baseSize: '0.001',
      limitPrice: '50000.00',
      postOnly: true,
    } as const;
    const order = await account.placeOrder(request);
    expect(order).toMatchObject({
      status: 'open',
      type: 'limit',
      baseSize: '0.001',
      limitPrice: '50000.00',
      postOnly: true,
      doneAt: null,
    });
    expect((await account.placeOrder(request)).id).toBe(order.id);
    expect((await account.getOrderByClientOrderId('idem-1'))?.id).toBe(order.id);
    expect(await account.getOrderByClientOrderId('never')).toBeUndefined();
    expect(await account.cancelOrders([order.id, 'missing'])).toEqual([
      { orderId: order.id, success: true, reason: null },
      { orderId: 'missing', success: false, reason: 'UNKNOWN_CANCEL_ORDER' },
    ]);
    expect((await account.getOrder(order.id)).status).toBe('cancelled');
  });

  it('streams ticks and reconnects after the feed drops', async () => {
    const ticks: string[] = [];
    const stop = exchange.market.subscribeTicks(['BTC-USD'], (tick) => ticks.push(tick.price));
    try {
      await until(() => (ticks.includes('60000.00') ? true : undefined), 'the snapshot tick');
      venue.tick({
        productId: 'BTC-USD',
        price: '61000.00',
        bid: '60999.99',
        ask: '61000.01',
        time: new Date(),
      });
      await until(() => (ticks.includes('61000.00') ? true : undefined), 'an update tick');
      fake.dropSockets();
      // Ticks keep coming, as on a live market, until one arrives through the reconnected feed.
      await until(() => {
        if (ticks.includes('62000.00')) return true;
        venue.tick({
          productId: 'BTC-USD',
          price: '62000.00',
          bid: '61999.99',
          ask: '62000.01',
          time: new Date(),
        });
        return undefined;
      }, 'a tick after reconnecting');
    } finally {
      stop();
    }
  });

  it('streams order updates and their fills over the JWT-authenticated user channel', async () => {
    const account = exchange.account(venue.mintKey());
    const events: UserEvent[] = [];
    const subscribed = fake.userSubscriptions();
    const stop = account.subscribeUserEvents((event) => events.push(event));
    try {
      await until(() => (fake.userSubscriptions() > subscribed ? true : undefined), 'the user channel');
      const order = await account.placeOrder({
        type: 'market',
        clientOrderId: 'ws-1',
        productId: 'BTC-USD',
        side: 'buy',
        quoteSize: '60',
      });
      const fill = await until(
        () => events.find((e) => e.type === 'fill' && e.fill.orderId === order.id),
        'a fill event',
      );
      expect(fill).toMatchObject({
        type: 'fill',
        fill: { clientOrderId: 'ws-1', size: '0.001', liquidity: 'taker' },
      });
      await until(
        () =>
          events.find((e) => e.type === 'order' && e.order.id === order.id && e.order.status === 'filled'),
        'a filled order event',
      );
    } finally {
      stop();
    }
  });
});
