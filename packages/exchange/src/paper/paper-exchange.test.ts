import { manualClock } from '@cdca/engine/testing';
import { describe, expect, it } from 'vitest';
import { GRANULARITY_SECONDS } from '../exchange.ts';
import { createPaperExchange } from './paper-exchange.ts';
import { createMemoryPaperStore } from './paper-store.ts';

const start = new Date('2025-06-01T12:00:00Z');

const pricesAfter = async (seed: number, steps: number) => {
  const exchange = createPaperExchange({ seed, clock: manualClock(start) });
  const prices: string[] = [];
  for (let i = 0; i < steps; i++) {
    await exchange.advance(1_000);
    prices.push((await exchange.market.getTicker('SOL-USD')).price);
  }
  await exchange.close();
  return prices;
};

describe('paper exchange', () => {
  it('moves prices deterministically for a seed and clock, and differently for another seed', async () => {
    const a = await pricesAfter(42, 30);
    expect(await pricesAfter(42, 30)).toEqual(a);
    expect(await pricesAfter(43, 30)).not.toEqual(a);
    expect(new Set(a).size).toBeGreaterThan(1);
  });

  it('has 24 h of history from the first second, in every granularity', async () => {
    const exchange = createPaperExchange({ seed: 1, clock: manualClock(start) });
    const products = await exchange.market.listProducts();
    expect(products.length).toBeGreaterThanOrEqual(30);
    const btc = products.find((p) => p.id === 'BTC-USD');
    expect(Number(btc?.volume24h)).toBeGreaterThan(0);
    expect(btc?.priceChange24h).not.toBe('0');
    for (const granularity of Object.keys(GRANULARITY_SECONDS) as (keyof typeof GRANULARITY_SECONDS)[]) {
      const candles = await exchange.market.getCandles('BTC-USD', {
        start: new Date(start.getTime() - 86_400_000),
        end: start,
        granularity,
      });
      const expected = Math.floor(86_400 / GRANULARITY_SECONDS[granularity]);
      expect(candles.length).toBeGreaterThanOrEqual(Math.min(expected, 1));
      expect(candles.length).toBeLessThanOrEqual(expected + 1);
    }
    await exchange.close();
  });

  it('follows a scripted path step by step, then resumes the walk', async () => {
    const exchange = createPaperExchange({ seed: 1, clock: manualClock(start) });
    await exchange.scriptPath('ETH-USD', ['3000.00', '2900.00', '2800.00', '3100.00'], 5_000);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      seen.push((await exchange.market.getTicker('ETH-USD')).price);
      await exchange.advance(5_000);
    }
    expect(seen).toEqual(['3000', '2900', '2800', '3100']);
    await exchange.advance(30_000);
    expect((await exchange.market.getTicker('ETH-USD')).price).not.toBe('3100');
    await exchange.close();
  });

  it('mints real P-256 keys in SEC1 PEM and stops honouring a revoked key', async () => {
    const exchange = createPaperExchange({ seed: 1, clock: manualClock(start) });
    const key = await exchange.mintKey({
      canView: true,
      canTrade: true,
      canTransfer: false,
      portfolioName: 'Main',
    });
    expect(key.keyName).toMatch(/^organizations\/[0-9a-f-]{36}\/apiKeys\/[0-9a-f-]{36}$/);
    expect(key.privateKey).toMatch(/^-----BEGIN EC PRIVATE KEY-----\n/);
    const account = exchange.account(key);
    expect(await account.getKeyPermissions()).toMatchObject({ portfolioName: 'Main' });
    expect(await account.getBalances()).toEqual([{ currency: 'USD', available: '10000', hold: '0' }]);
    // Keys pasted from an env file arrive with literal \n; they are the same key.
    const escaped = { ...key, privateKey: key.privateKey.replace(/\n/g, '\\n') };
    expect((await exchange.account(escaped).getKeyPermissions()).canTrade).toBe(true);
    await exchange.revokeKey(key.keyName);
    await expect(account.getBalances()).rejects.toMatchObject({ kind: 'unauthorized' });
    await exchange.close();
  });

  it('fills a large resting order over several ticks and survives a restart mid-way', async () => {
    const store = createMemoryPaperStore();
    const clock = manualClock(start);
    const options = { seed: 5, clock, store, liquidityPerTickUsd: '500' };
    const first = createPaperExchange(options);
    const key = await first.mintKey({ canView: true, canTrade: true, canTransfer: false });
    await first.setPrice('LTC-USD', '100.00');
    const order = await first.account(key).placeOrder({
      type: 'limit',
      clientOrderId: 'big',
      productId: 'LTC-USD',
      side: 'buy',
      baseSize: '30',
      limitPrice: '95.00',
      postOnly: true,
    });
    await first.scriptPath(
      'LTC-USD',
      Array.from({ length: 20 }, () => '90.00'),
      1_000,
    );
    await first.advance(2_000);
    const midway = await first.account(key).getOrder(order.id);
    expect(midway.status).toBe('open');
    await first.close();

    const second = createPaperExchange(options);
    const account = second.account(key);
    expect(await account.getOrder(order.id)).toEqual(midway);
    await second.advance(10_000);
    const done = await account.getOrder(order.id);
    expect(done.status).toBe('filled');
    const fills = await account.listFills({ since: start });
    expect(fills.length).toBe(6);
    const usd = (await account.getBalances()).find((b) => b.currency === 'USD');
    // 30 × 95 = 2850 plus the 0.40 % maker fee 11.40, held and spent exactly.
    expect(usd).toEqual({ currency: 'USD', available: '7138.6', hold: '0' });
    expect(done.totalFees).toBe('11.4');
    await second.close();
  });
});
