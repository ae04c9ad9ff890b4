import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from './client.ts';
import { embeddedVacuum } from './embedded-vacuum.ts';

const quiet = { warn: () => {}, debug: () => {} };

describe('the embedded database vacuumed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite(undefined);
    // Like the paper market's products: one row whose large document is rewritten again and again.
    await database.db.execute(sql`create table documents (id int primary key, state jsonb not null)`);
    await database.db.execute(sql`insert into documents values (1, '{}')`);
  });
  afterAll(() => database.close());

  /** Rewrites the document `times` times with 64 kB that do not compress (stored out of line, in TOAST). */
  const rewrite = async (times: number) => {
    for (let i = 0; i < times; i++) {
      const state = JSON.stringify({ candles: randomBytes(48 * 1024).toString('base64') });
      await database.db.execute(sql`update documents set state = ${state}::jsonb where id = 1`);
    }
  };
  const bytesOnDisk = async () => {
    const result = await database.pglite?.query<{ bytes: string }>(
      `select pg_total_relation_size('documents')::text as bytes`,
    );
    return Number(result?.rows[0]?.bytes);
  };

  it('reuses the space of replaced rows, so rewriting a document no longer grows the database', async () => {
    const job = embeddedVacuum(database, quiet);
    if (!job) throw new Error('expected a job on PGlite');
    await rewrite(20);
    const grown = await bytesOnDisk();
    // Without VACUUM nothing is reused: twenty more rewrites add twenty more documents' worth.
    await rewrite(20);
    const unvacuumed = await bytesOnDisk();
    expect(unvacuumed - grown).toBeGreaterThan(20 * 48 * 1024);

    await job.runOnce();
    await rewrite(20);
    expect(await bytesOnDisk()).toBeLessThanOrEqual(unvacuumed + 64 * 1024);
  });

  it('is PostgreSQL’s own business there: no job', () => {
    expect(embeddedVacuum({ ...database, kind: 'postgres' }, quiet)).toBeUndefined();
  });

  it('lets a stop wait for a vacuum under way, and a second ask join it', async () => {
    const job = embeddedVacuum(database, quiet);
    if (!job) throw new Error('expected a job on PGlite');
    await job.start();
    const first = job.runOnce();
    expect(job.runOnce()).toBe(first);
    const order: string[] = [];
    void first.then(() => order.push('vacuumed'));
    await job.stop();
    order.push('stopped');
    expect(order).toEqual(['vacuumed', 'stopped']);
  });
});
