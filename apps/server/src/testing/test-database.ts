import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openPglite, openPostgres, wrapPglite } from '../db/client.ts';

/** Tests run on PostgreSQL when DATABASE_URL is set (CI does both), else on embedded PGlite. */
export const testDatabaseUrl = process.env.DATABASE_URL;

let pgliteTemplate: Promise<PGlite> | undefined;

/** A migrated template per worker; each test clones it (~10x faster than migrating again). */
const migratedPgliteTemplate = () => {
  pgliteTemplate ??= (async () => {
    const database = await openPglite(undefined);
    await database.migrate();
    if (!database.pglite) throw new Error('expected PGlite');
    return database.pglite;
  })();
  return pgliteTemplate;
};

/** A fresh, migrated, isolated database. `close()` drops it. */
export const createTestDatabase = async (): Promise<Database> => {
  if (!testDatabaseUrl) {
    const clone = await (await migratedPgliteTemplate()).clone();
    if (!(clone instanceof PGlite)) throw new Error('PGlite.clone() returned an unexpected client');
    return wrapPglite(clone);
  }
  const name = `cdca_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
};

const adminQuery = async (sql: string) => {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};
