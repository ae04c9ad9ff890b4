import { manualClock } from '@cdca/engine/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { coalescedConsume } from './coalesced-consume.ts';
import { TableLimiter } from './table-limiter.ts';
import { writeBehindConsume } from './write-behind-consume.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const POINTS = 10;

/**
 * The API's shared per-minute count as rate-limit.ts builds it; `hold()` keeps every write from reaching the table
 * until `release()`, to see which calls answer without waiting for theirs.
 */
const sharedCount = (keyPrefix: string) => {
  const clock = manualClock();
  const limiter = new TableLimiter({ db: database.db, clock, keyPrefix, points: POINTS, duration: 60 });
  const exact = coalescedConsume(limiter);
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  const consume = writeBehindConsume(
    async (key, points) => {
      await gate;
      return exact(key, points);
    },
    { points: POINTS, clock },
  );
  const rowPoints = async (key: string) => {
    const [row] = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `${keyPrefix}:${key}`));
    return row?.points;
  };
  const hold = () => {
    gate = new Promise((resolve) => {
      open = resolve;
    });
  };
  return { consume, clock, rowPoints, hold, release: () => open() };
};

describe('write-behind consume', () => {
  it('answers without waiting for the write while the count is within half the allowance', async () => {
    const { consume, hold, release, rowPoints } = sharedCount('test:behind-early');
    expect((await consume('caller')).consumedPoints).toBe(1);
    hold();

    // 1 known + 4 on their way = half of 10: these four answer with their writes held back.
    const early = [];
    for (let call = 0; call < 4; call += 1) early.push((await consume('caller')).consumedPoints);
    expect(early).toEqual([2, 3, 4, 5]);
    let sixthAnswered = false;
    const sixth = Promise.resolve(consume('caller')).then((taken) => {
      sixthAnswered = true;
      return taken;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(sixthAnswered).toBe(false);

    release();
    expect((await sixth).consumedPoints).toBe(6);
    await vi.waitFor(async () => expect(await rowPoints('caller')).toBe(6));
  });

  it('passes calls early only in the first half of the allowance, and refuses exactly those past it', async () => {
    const { consume, rowPoints } = sharedCount('test:behind');
    const taken = [];
    // One at a time, as a caller's requests arrive: the first waits (no count known yet).
    for (let call = 0; call < POINTS + 3; call += 1) taken.push((await consume('caller')).consumedPoints);

    expect(taken).toEqual(Array.from({ length: POINTS + 3 }, (_, i) => i + 1));
    expect(taken.filter((consumed) => consumed <= POINTS)).toHaveLength(POINTS);
    // Every call's point reaches the shared row, the early ones' too.
    await vi.waitFor(async () => expect(await rowPoints('caller')).toBe(POINTS + 3));
  });

  it('waits for the row again once the window has ended', async () => {
    const { consume, clock, rowPoints } = sharedCount('test:behind-window');
    await consume('caller');
    await consume('caller');
    await vi.waitFor(async () => expect(await rowPoints('caller')).toBe(2));
    clock.advance(61_000);

    const first = await consume('caller');

    expect(first.consumedPoints).toBe(1);
    expect(await rowPoints('caller')).toBe(1);
  });
});
