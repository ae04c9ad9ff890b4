import { describe, expect, it } from 'vitest';
import { createPassScheduler } from './pass-scheduler.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits for what must happen (never a fixed delay): generous, so a busy machine only makes it slower. */
const eventually = (read: () => number) => expect.poll(read, { timeout: 30_000, interval: 5 });

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
    await eventually(() => stats.started).toBe(1);
    for (let i = 0; i < 5; i++) {
      scheduler.wake();
      // Room for a wrong scheduler to start another pass; a right one never does, however long this takes.
      await sleep(5);
    }
    expect(stats).toMatchObject({ started: 1, maxActive: 1 });

    release();
    // The wakes asked for one more pass, run at once rather than after the minute-long poll.
    await eventually(() => stats.started).toBe(2);
    expect(stats.maxActive).toBe(1);
    release();
    await scheduler.stop();
  });

  it('stops after the pass under way and starts no other', async () => {
    const { stats, pass, release } = gatedPasses();
    const scheduler = createPassScheduler(pass, { pollMs: 1, onError: () => undefined });
    scheduler.start();
    await eventually(() => stats.started).toBe(1);
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
    await eventually(() => passes).toBeGreaterThan(1);
    await scheduler.stop();
    expect(errors).toHaveLength(1);
  });
});
