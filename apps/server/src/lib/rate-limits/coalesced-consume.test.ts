import { manualClock } from '@cdca/engine/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { coalescedConsume } from './coalesced-consume.ts';
import { TableLimiter } from './table-limiter.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const tableLimiter = (keyPrefix: string, points: number) =>
  new TableLimiter({ db: database.db, clock: manualClock(), keyPrefix, points, duration: 60 });

describe('coalesced consume', () => {
  it('counts every call, refuses exactly those past the limit, and writes a burst as one upsert', async () => {
    const limiter = tableLimiter('test:coalesced', 5);
    const writes: number[] = [];
    const consume = coalescedConsume({
      points: limiter.points,
      consume: (key, points) => {
        writes.push(points);
        return limiter.consume(key, points);
      },
    });

    const taken = await Promise.all(Array.from({ length: 12 }, () => consume('burst')));

    expect(taken.map((result) => result.consumedPoints)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(taken.filter((result) => result.consumedPoints <= 5)).toHaveLength(5);
    expect(taken.map((result) => result.remainingPoints)).toEqual([4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    // The first call's write, then the eleven that queued behind it in one.
    expect(writes).toEqual([1, 11]);
    const [row] = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, 'test:coalesced:burst'));
    expect(row?.points).toBe(12);

    // Another key is written on its own, and a later call starts a fresh write.
    expect((await consume('other')).consumedPoints).toBe(1);
    expect((await consume('burst')).consumedPoints).toBe(13);
    expect(writes).toEqual([1, 11, 1, 1]);
  });

  it('counts a call of several points as that many, each caller hearing the count after its own', async () => {
    const consume = coalescedConsume(tableLimiter('test:coalesced-points', 10));

    // The first goes alone; the next three queue behind it and are written as one upsert of 1 + 5 + 2 points.
    const taken = await Promise.all([consume('k', 2), consume('k'), consume('k', 5), consume('k', 2)]);

    expect(taken.map((result) => result.consumedPoints)).toEqual([2, 3, 8, 10]);
    expect(taken.map((result) => result.remainingPoints)).toEqual([8, 7, 2, 0]);
    expect((await consume('k')).consumedPoints).toBe(11);
  });
});
