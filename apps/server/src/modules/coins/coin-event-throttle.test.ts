import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventThrottle } from './coin-event-throttle.ts';

describe('coin event throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends at most one event per coin per window, the latest value last', () => {
    const sent: { id: string; price: number }[] = [];
    const throttle = createEventThrottle<{ id: string; price: number }>({
      minIntervalMs: 5000,
      send: (value) => sent.push(value),
      now: () => Date.now(),
    });
    for (let price = 1; price <= 100; price += 1) {
      throttle.offer({ id: 'sol', price });
      throttle.offer({ id: 'btc', price });
      vi.advanceTimersByTime(100);
    }
    // 10 s of ticks every 100 ms: the first at once, then one per 5 s window per coin.
    vi.advanceTimersByTime(5000);
    const sol = sent.filter((value) => value.id === 'sol');
    expect(sol.length).toBeLessThanOrEqual(3);
    expect(sol[0]?.price).toBe(1);
    expect(sol.at(-1)?.price).toBe(100);
    expect(sent.filter((value) => value.id === 'btc')).toHaveLength(sol.length);
    throttle.stop();
  });
});
