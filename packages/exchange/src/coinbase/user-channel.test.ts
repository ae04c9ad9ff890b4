import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange, UserEvent } from '../exchange.ts';
import { type FakeCoinbase, startFakeCoinbase } from '../testing/coinbase-fake/start-fake-coinbase.ts';
import { createStubVenue, type StubVenue } from '../testing/stub-venue.ts';
import { createCoinbaseExchange } from './coinbase-exchange.ts';
import { openFeedSocket } from './feed-socket.ts';
import { createReconnectBackoff } from './reconnect-backoff.ts';

/** Polls until the probe answers (the feed is asynchronous); not a timing assertion. */
const until = async <T>(probe: () => T | undefined, what: string): Promise<T> => {
  // A deadline generous enough for a busy machine: a passing wait returns as soon as the probe answers.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('the user channel when messages go missing', () => {
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
    });
  });
  afterAll(async () => {
    await exchange.close();
    await fake.close();
  });

  it('sees the sequence gap a lost message leaves and reads the open orders again', async () => {
    const account = exchange.account(venue.mintKey());
    const events: UserEvent[] = [];
    const stop = account.subscribeUserEvents((event) => events.push(event));
    try {
      const order = await account.placeOrder({
        type: 'limit',
        clientOrderId: 'gap-1',
        productId: 'BTC-USD',
        side: 'buy',
        baseSize: '0.001',
        limitPrice: '50000.00',
        postOnly: true,
      });
      await until(() => events.find((e) => e.type === 'order' && e.order.id === order.id), 'the open order');
      // The cancel's user message is lost; the next heartbeat's sequence number gives the gap away.
      fake.loseUserMessages(1);
      await account.cancelOrders([order.id]);
      const cancelled = await until(
        () =>
          events.find((e) => e.type === 'order' && e.order.id === order.id && e.order.status === 'cancelled'),
        'the cancel, found by reconciling',
      );
      expect(cancelled).toMatchObject({ order: { clientOrderId: 'gap-1', status: 'cancelled' } });
    } finally {
      stop();
    }
  });
});

describe('tickers subscribed as -USDC', () => {
  it('come back under the id they were asked for, though Coinbase names them -USD', async () => {
    const venue = createStubVenue();
    const fake = await startFakeCoinbase({ venue });
    const exchange = createCoinbaseExchange({ baseUrl: fake.baseUrl, wsUrl: fake.wsUrl });
    const ticks: string[] = [];
    const stop = exchange.market.subscribeTicks(['BTC-USDC'], (tick) => ticks.push(tick.productId));
    try {
      await until(() => {
        venue.tick({ productId: 'BTC-USDC', price: '1.00', bid: '0.99', ask: '1.01', time: new Date() });
        return ticks.length > 0 ? true : undefined;
      }, 'a USDC tick');
      expect(new Set(ticks)).toEqual(new Set(['BTC-USDC']));
    } finally {
      stop();
      await exchange.close();
      await fake.close();
    }
  });
});

describe('reconnect back-off shared by every socket of an exchange', () => {
  it('spreads a storm of drops: each delay jittered, the ceiling rising with every drop, reset by a message', () => {
    const draws = [0, 1, 0.5, 0.25];
    const backoff = createReconnectBackoff({
      initialMs: 500,
      maxMs: 30_000,
      random: () => draws.shift() ?? 0,
    });
    // Four sessions dropped by one deploy: not one schedule, but 250–500, 500–1000, 1000–2000, 2000–4000 ms.
    expect([1, 2, 3, 4].map(() => backoff.nextDelayMs())).toEqual([250, 1000, 1500, 2500]);
    backoff.succeeded();
    expect(backoff.nextDelayMs()).toBe(250);
  });
});

describe('a feed socket that goes silent', () => {
  it('is treated as dead: closed, reopened, and reported so the caller reconciles', async () => {
    const fake = await startFakeCoinbase({ venue: createStubVenue() });
    const gaps: string[] = [];
    const socket = openFeedSocket({
      url: fake.wsUrl,
      // A subscription that yields one acknowledgement and then nothing: no ticks, no heartbeats.
      subscribeFrames: () => [{ type: 'subscribe', product_ids: ['NOPE-USD'], channel: 'ticker' }],
      onMessage: () => undefined,
      stallMs: 200,
      backoff: createReconnectBackoff({ initialMs: 10, maxMs: 20 }),
      onGap: (why) => gaps.push(why),
    });
    try {
      await until(() => (gaps.includes('reconnected') ? true : undefined), 'a reconnect after the stall');
      expect(gaps[0]).toBe('stalled');
    } finally {
      socket.close();
      await fake.close();
    }
  });
});
