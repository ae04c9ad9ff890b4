import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { tightenTree } from './data-dir-permissions.ts';
import { takingTurns } from './pglite-turns.ts';
import * as schema from './schema.ts';

/** The one database type the rest of the server sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to call twice and from several processes at once. */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** PostgreSQL connection string when on real PostgreSQL (the realtime bus LISTENs on its own connection). */
  url?: string;
  /** The PGlite instance when embedded (used to clone migrated templates in tests). */
  pglite?: PGlite;
};

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any constant works; it only has to be the same in every process that migrates this database. */
const MIGRATION_LOCK_KEY = 727_465_001;

export const openPostgres = async (url: string): Promise<Database> => {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client dropped by the server (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', (error) => process.emitWarning(`idle PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'postgres',
    url,
    migrate: () => migrateWithLock(url),
    close: () => pool.end(),
  };
};

/** Two processes starting together must not both apply a migration, so migrate under an advisory lock. */
const migrateWithLock = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
};

export const wrapPglite = (client: PGlite): Database => {
  // Queries let the event loop turn between them: PGlite's would otherwise hold it for a whole engine pass
  // (docs/decisions/embedded-database-turns.md).
  const db = drizzlePglite({ client: takingTurns(client), schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
    },
    close: () => client.close(),
  };
};

/**
 * PGlite runs PostgreSQL with its stock 128 MB of shared buffers, and PostgreSQL writes every page of them at start:
 * 128 MB of the process's resident memory for a cache of an embedded database that is far smaller, whose files the
 * operating system caches anyway. 16 MB keeps the idle server lean (docs/decisions/memory.md).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** dataDir undefined → in memory (tests); otherwise a persistent directory (PGlite won't create parents). */
export const openPglite = async (dataDir: string | undefined): Promise<Database> => {
  if (!dataDir) return wrapPglite(await PGlite.create({ startParams: PGLITE_START_PARAMS }));
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const unlock = lockDataDir(`${dataDir}.lock`);
  try {
    const database = wrapPglite(await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS }));
    // PGlite unpacks its initial cluster with 0666 files whatever the umask; what it creates later obeys the umask.
    tightenTree(dataDir);
    return {
      ...database,
      close: async () => {
        await database.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
};

export const openDatabase = (options: { databaseUrl?: string; dataDir: string }): Promise<Database> =>
  options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(`${options.dataDir}/pg`);
