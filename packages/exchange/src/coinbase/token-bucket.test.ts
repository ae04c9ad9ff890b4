import { describe, expect, it } from 'vitest';
import { createTokenBucket } from './token-bucket.ts';

describe('token bucket', () => {
  it('lets a burst of 30 through, then paces requests at 30 per second', async () => {
    let now = 0;
    const sleeps: number[] = [];
    const bucket = createTokenBucket({
      ratePerSecond: 30,
      clock: { now: () => new Date(now) },
      sleep: async (ms) => {
        sleeps.push(ms);
        now += ms;
      },
    });
    for (let i = 0; i < 30; i++) await bucket.take();
    expect(now).toBe(0);
    for (let i = 0; i < 30; i++) await bucket.take();
    // 30 more tokens take one second to refill.
    expect(now).toBeGreaterThanOrEqual(990);
    expect(now).toBeLessThanOrEqual(1_100);
    expect(sleeps.every((ms) => ms > 0 && ms <= 34)).toBe(true);
  });

  it('serves waiting callers in order', async () => {
    let now = 0;
    const bucket = createTokenBucket({
      ratePerSecond: 2,
      capacity: 1,
      clock: { now: () => new Date(now) },
      sleep: async (ms) => {
        now += ms;
      },
    });
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => bucket.take().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3]);
    expect(now).toBe(1000);
  });
});
