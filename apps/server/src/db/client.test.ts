import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPglite, openPostgres } from './client.ts';
import { DataDirInUseError } from './data-dir-lock.ts';
import { accounts, identities } from './schema.ts';

const databaseUrl = process.env.DATABASE_URL;

const countMigrations = async (database: Awaited<ReturnType<typeof openPglite>>) => {
  const result = await database.pglite?.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  return result?.rows[0]?.n;
};

describe('embedded database', () => {
  it('migrates twice without harm and keeps data across a reopen', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'cdca-db-')), 'pg');
    const first = await openPglite(dir);
    await first.migrate();
    await first.migrate();
    await first.db.insert(identities).values({ email: 'keep@example.test', passwordHash: 'x' });
    await first.close();

    const reopened = await openPglite(dir);
    await reopened.migrate();
    const rows = await reopened.db.select({ email: identities.email }).from(identities);
    expect(rows).toEqual([{ email: 'keep@example.test' }]);
    expect(await countMigrations(reopened)).toBeGreaterThan(0);
    await reopened.close();
  });

  it('refuses a second process on the same directory, and takes over a stale lock', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'cdca-db-')), 'pg');
    // A live process that is not us holds the lock: the parent of this test worker.
    writeFileSync(`${dir}.lock`, String(process.ppid));
    await expect(openPglite(dir)).rejects.toThrow(DataDirInUseError);

    writeFileSync(`${dir}.lock`, '2147483646'); // no such process: a crash left it behind
    const database = await openPglite(dir);
    await database.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});

describe.skipIf(!databaseUrl)('PostgreSQL', () => {
  it('lets two processes migrate one fresh database at the same time', async () => {
    const name = `cdca_migrate_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(databaseUrl ?? '');
    url.pathname = `/${name}`;
    const [a, b] = await Promise.all([openPostgres(url.toString()), openPostgres(url.toString())]);
    try {
      await Promise.all([a.migrate(), b.migrate(), a.migrate()]);
      expect(await a.db.select().from(accounts)).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    }
  });
});
