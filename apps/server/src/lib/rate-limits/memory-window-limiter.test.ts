import { manualClock } from '@cdca/engine/testing';
import { describe, expect, it } from 'vitest';
import { createMemoryWindowLimiter } from './memory-window-limiter.ts';

describe('memory window limiter', () => {
  it('counts a window from its first point, refuses past the points and starts afresh when it ends', async () => {
    const clock = manualClock();
    const limiter = createMemoryWindowLimiter({ clock, points: 2, duration: 60 });
    const take = (key: string) => limiter.consume(key);

    expect((await take('a')).consumedPoints).toBe(1);
    clock.advanceSeconds(30);
    expect((await take('a')).remainingPoints).toBe(0);
    const refused = await take('a');
    expect(refused.consumedPoints).toBe(3);
    expect(refused.msBeforeNext).toBe(30_000);
    expect((await take('b')).consumedPoints).toBe(1);

    clock.advanceSeconds(30);
    expect((await take('a')).consumedPoints).toBe(1);
    clock.advanceSeconds(60);
    limiter.purge();
    expect((await take('b')).isFirstInDuration).toBe(true);
  });

  it('sweeps spent windows by itself once it holds many, so a limiter nobody purges stays bounded', async () => {
    const clock = manualClock();
    const limiter = createMemoryWindowLimiter({ clock, points: 5, duration: 60 });
    for (let i = 0; i < 9_999; i++) await limiter.consume(`old-${i}`);
    clock.advanceSeconds(61);
    expect(limiter.size()).toBe(9_999);
    await limiter.consume('new');
    expect(limiter.size()).toBe(1);
    expect((await limiter.consume('new')).consumedPoints).toBe(2);
  });
});
