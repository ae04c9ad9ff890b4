import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database, Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';

/**
 * The test database seen through a Drizzle instance of its own that counts (and keeps) the statements sent through it: for
 * tests of what a path asks the database, not what it answers. PostgreSQL gets a small pool of its own, closed
 * with `close()`; PGlite shares the one client.
 */
export const countingDb = (database: Database) => {
  const sent = { statements: 0, texts: [] as string[] };
  const logger = {
    logQuery: (text: string) => {
      sent.statements += 1;
      sent.texts.push(text);
    },
  };
  if (database.pglite) {
    const db: Db = drizzlePglite({ client: database.pglite, schema, casing: 'snake_case', logger });
    return { db, sent, close: async () => {} };
  }
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const db: Db = drizzlePg({ client: pool, schema, casing: 'snake_case', logger });
  return { db, sent, close: () => pool.end() };
};
