import { describe, expect, it } from 'vitest';
import { createPassScheduler } from './pass-scheduler.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A pass that waits until released, and records how many passes ran and how many at once. */
const gatedPasses = () => {
  const stats = { started: 0, active: 0, maxActive: 0 };
  let release: () => void = () => undefined;
  const pass = async () => {
    stats.started += 1;
    stats.active += 1;
    stats.maxActive = Math.max(stats.maxActive, stats.active);
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    stats.active -= 1;
  };
  return { stats, pass, release: () => release() };
};

describe('engine pass scheduler', () => {
  it('never runs a second pass beside one that is under way, however often it is woken', async () => {
    const { stats, pass, release } = gatedPasses();
    const scheduler = createPassScheduler(pass, { pollMs: 60_000, wakeDelayMs: 1, onError: () => undefined });
    scheduler.start();
    await sleep(20);
    for (let i = 0; i < 5; i++) {
      scheduler.wake();
      await sleep(5);
    }
    expect(stats).toMatchObject({ started: 1, maxActive: 1 });

    release();
    await sleep(20);
    // The wakes asked for exactly one more pass, run at once rather than after the minute-long poll.
    expect(stats).toMatchObject({ started: 2, maxActive: 1 });
    release();
    await scheduler.stop();
  });

  it('stops after the pass under way and starts no other', async () => {
    const { stats, pass, release } = gatedPasses();
    const scheduler = createPassScheduler(pass, { pollMs: 1, onError: () => undefined });
    scheduler.start();
    await sleep(20);
    const stopped = scheduler.stop();
    scheduler.wake();
    release();
    await stopped;
    await sleep(20);
    expect(stats.started).toBe(1);
  });

  it('keeps going after a failed pass', async () => {
    let passes = 0;
    const errors: unknown[] = [];
    const scheduler = createPassScheduler(
      async () => {
        passes += 1;
        if (passes === 1) throw new Error('exchange down');
      },
      { pollMs: 1, onError: (error) => errors.push(error) },
    );
    scheduler.start();
    await sleep(30);
    await scheduler.stop();
    expect(errors).toHaveLength(1);
    expect(passes).toBeGreaterThan(1);
  });
});
