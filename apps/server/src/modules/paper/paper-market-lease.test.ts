import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { createDrizzlePaperStore } from './paper-store.drizzle.ts';

const t0 = Date.parse('2025-06-01T12:00:00Z');
const LEASE_MS = 10_000;
/** Generous: the first test of a file also builds the migrated template database, slow on a busy machine. */
const TIMEOUT_MS = 120_000;

describe('paper market driver lease (one row in the database, on PGlite and PostgreSQL)', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it(
    'is taken, renewed, refused while held, taken over after expiry, and released',
    async () => {
      database = await createTestDatabase();
      const { lease, head } = createDrizzlePaperStore(database.db);

      expect(await lease.claim('a', t0, LEASE_MS)).toBe(true);
      expect(await head()).toMatchObject({ holder: 'a', expiresAtMs: t0 + LEASE_MS });

      // The holder renews before it runs out; nobody else gets it meanwhile, up to the last millisecond.
      expect(await lease.claim('a', t0 + 5_000, LEASE_MS)).toBe(true);
      expect(await head()).toMatchObject({ holder: 'a', expiresAtMs: t0 + 15_000 });
      expect(await lease.claim('b', t0 + 14_000, LEASE_MS)).toBe(false);
      expect(await lease.claim('b', t0 + 15_000, LEASE_MS)).toBe(false);
      expect((await head()).holder).toBe('a');

      // Not renewed in time (a dead or stalled driver): the next claimant takes it, and the old holder is out.
      expect(await lease.claim('b', t0 + 15_001, LEASE_MS)).toBe(true);
      expect(await lease.claim('a', t0 + 15_002, LEASE_MS)).toBe(false);
      expect(await head()).toMatchObject({ holder: 'b', expiresAtMs: t0 + 25_001 });

      // Only the holder can let go; once it has, anyone takes it at once, without waiting for expiry.
      await lease.release('a');
      expect((await head()).holder).toBe('b');
      await lease.release('b');
      expect(await head()).toMatchObject({ holder: null, expiresAtMs: null });
      expect(await lease.claim('a', t0 + 16_000, LEASE_MS)).toBe(true);
    },
    TIMEOUT_MS,
  );

  it(
    'lets two stores on one database agree on a single holder when they claim at once',
    async () => {
      database = await createTestDatabase();
      const stores = Array.from({ length: 4 }, () => createDrizzlePaperStore(database?.db as Database['db']));
      const won = await Promise.all(stores.map((store, i) => store.lease.claim(`p${i}`, t0, LEASE_MS)));
      expect(won.filter(Boolean)).toHaveLength(1);
    },
    TIMEOUT_MS,
  );
});
