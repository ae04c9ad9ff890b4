import { describe, expect, it } from 'vitest';
import { createHealthProbe, HEALTH_FRESH_MS, HEALTH_STUCK_MS } from './health-probe.ts';

/** A database whose every `select 1` the test answers by hand, on a clock the test moves. */
const setUp = () => {
  const asked: { answer: (ok: boolean) => void }[] = [];
  let time = 0;
  const probe = createHealthProbe({
    check: () =>
      new Promise<void>((resolve, reject) => {
        asked.push({ answer: (ok) => (ok ? resolve() : reject(new Error('unreachable'))) });
      }),
    now: () => time,
  });
  const answerLast = async (ok: boolean) => {
    asked.at(-1)?.answer(ok);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { probe, asked, answerLast, advance: (ms: number) => (time += ms) };
};

/** `setUp` after a first probe that found the database up, with its answer just gone stale. */
const afterStaleHealthyProbe = async () => {
  const world = setUp();
  const first = world.probe.healthy();
  await world.answerLast(true);
  await first;
  world.advance(HEALTH_FRESH_MS);
  return world;
};

describe('health probe', () => {
  it('waits for the first probe, then answers from memory while the answer is fresh', async () => {
    const { probe, asked, answerLast, advance } = setUp();
    const first = probe.healthy();
    await answerLast(true);
    expect(await first).toBe(true);
    advance(HEALTH_FRESH_MS - 1);
    expect(await probe.healthy()).toBe(true);
    expect(await probe.healthy()).toBe(true);
    expect(asked).toHaveLength(1);
  });

  it('answers the last answer at once while one probe refreshes it, and reports what that probe found', async () => {
    const { probe, asked, answerLast } = await afterStaleHealthyProbe();
    expect(await probe.healthy()).toBe(true);
    expect(await probe.healthy()).toBe(true);
    expect(asked).toHaveLength(2);
    await answerLast(false);
    expect(await probe.healthy()).toBe(false);
  });

  it('reports the database down once a probe has hung too long', async () => {
    const { probe, asked, answerLast, advance } = await afterStaleHealthyProbe();
    expect(await probe.healthy()).toBe(true);
    advance(HEALTH_STUCK_MS - 1);
    expect(await probe.healthy()).toBe(true);
    advance(1);
    expect(await probe.healthy()).toBe(false);
    expect(asked).toHaveLength(2);
    await answerLast(true);
    expect(await probe.healthy()).toBe(true);
  });
});
