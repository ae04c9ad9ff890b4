import { manualClock } from '@cdca/engine/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { createJobLease } from './job-lease.ts';

const TTL_MS = 10_000;
let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

/** Two processes' leases on the same job and database, reading one clock the test moves. */
const twoProcesses = async () => {
  const opened = await createTestDatabase();
  database = opened;
  const clock = manualClock();
  const lease = (holder: string, name = 'coin-prices') =>
    createJobLease({ db: opened.db, name, holder, ttlMs: TTL_MS, clock });
  return { clock, a: lease('process-a'), b: lease('process-b'), lease };
};

describe('job lease', () => {
  it('goes to the first claimant; the other does not get it while it is renewed', async () => {
    const { clock, a, b } = await twoProcesses();
    expect(a.held()).toBe(false);
    expect(await a.claim()).toBe(true);
    expect(await b.claim()).toBe(false);
    for (let i = 0; i < 5; i += 1) {
      clock.advance(TTL_MS - 1);
      expect(await a.claim()).toBe(true);
      expect(await b.claim()).toBe(false);
    }
    expect(a.held()).toBe(true);
    expect(b.held()).toBe(false);
  });

  it('passes to another process once a holder that stopped renewing (died) is past its time', async () => {
    const { clock, a, b } = await twoProcesses();
    await a.claim();
    clock.advance(TTL_MS - 1);
    expect(await b.claim()).toBe(false);
    clock.advance(1);
    expect(await b.claim()).toBe(true);
    // The old holder learns at its next claim that it lost the lease, and stops.
    expect(await a.claim()).toBe(false);
    expect(a.held()).toBe(false);
  });

  it('is free at once after the holder releases it', async () => {
    const { a, b } = await twoProcesses();
    await a.claim();
    await a.release();
    expect(a.held()).toBe(false);
    expect(await b.claim()).toBe(true);
    // A release by a process that does not hold it takes nothing away.
    await a.release();
    expect(await b.claim()).toBe(true);
    expect(await a.claim()).toBe(false);
  });

  it('gives the lease to exactly one of many processes claiming at the same moment', async () => {
    const { lease } = await twoProcesses();
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => lease(`process-${i}`).claim()));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('keeps leases of different jobs apart', async () => {
    const { lease } = await twoProcesses();
    expect(await lease('process-a', 'one').claim()).toBe(true);
    expect(await lease('process-b', 'two').claim()).toBe(true);
  });
});
