import { eq, getTableColumns, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database.ts';
import type { Database } from './client.ts';
import { instantColumn, decimalColumn as money } from './columns.ts';
import { rowArrays, selectRows } from './row-arrays.ts';

const things = pgTable('row_arrays_things', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  note: text(),
  amount: money(),
  doc: jsonb().$type<Record<string, unknown>>(),
  at: instantColumn().notNull().defaultNow(),
  state: text({ enum: ['new', 'done'] })
    .notNull()
    .default('new'),
  n: integer().notNull().default(7),
});

// Every character that PostgreSQL's array literal or JSON treat specially.
const awkward = 'a "quoted", {braced} \\back\\slashed, NULL, and\nnew line';

describe('rows sent as one array per column (unnest)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table row_arrays_things (
      id uuid primary key default gen_random_uuid(), name text not null, note text, amount numeric(38, 18),
      doc jsonb, at timestamp with time zone not null default now(), state text not null default 'new',
      n integer not null default 7)`);
  });
  afterAll(() => database.close());

  it('inserts rows exactly as given, with the schema defaults where a value is absent', async () => {
    const full = {
      name: awkward,
      note: null,
      amount: '0.000000000000000001',
      doc: { text: awkward, list: [1, '2'] },
      at: new Date('2026-01-02T03:04:05.678Z'),
      state: 'done' as const,
      n: 0,
    };
    const written = await database.db
      .insert(things)
      .select(selectRows(things, [full, { name: 'plain' }]))
      .returning();

    expect(written).toHaveLength(2);
    expect(written[0]).toMatchObject(full);
    expect(written[1]).toMatchObject({
      name: 'plain',
      note: null,
      amount: null,
      doc: null,
      state: 'new',
      n: 7,
    });
    expect(written[1]?.at).toBeInstanceOf(Date);
    expect(new Set(written.map((row) => row.id)).size).toBe(2);
  });

  it('updates each row from its own values, and only where the guard still holds', async () => {
    const rows = await database.db
      .insert(things)
      .select(selectRows(things, [{ name: 'one' }, { name: 'two' }, { name: 'three' }]))
      .returning();
    const [one, two, three] = rows;
    if (!one || !two || !three) throw new Error('expected three rows');
    await database.db.update(things).set({ state: 'done' }).where(eq(things.id, three.id));

    const { id, state, note, amount } = things;
    const v = rowArrays('v', { id, from: state, note, amount }, [
      { id: one.id, from: 'new', note: awkward, amount: '12.5' },
      { id: two.id, from: 'new', note: null, amount: '-0.25' },
      // Read as new, but done since: left as it is.
      { id: three.id, from: 'new', note: 'stale', amount: '1' },
    ]);
    const updated = await database.db
      .update(things)
      .set({ note: v.col('note'), amount: v.col('amount') })
      .from(v.table)
      .where(sql`${things.id} = ${v.col('id')} and ${things.state} = ${v.col('from')}`)
      .returning(getTableColumns(things));

    expect(updated.map((row) => row.name).sort()).toEqual(['one', 'two']);
    const after = new Map((await database.db.select().from(things)).map((row) => [row.id, row]));
    expect(after.get(one.id)).toMatchObject({ note: awkward, amount: '12.500000000000000000' });
    expect(after.get(two.id)).toMatchObject({ note: null, amount: '-0.250000000000000000' });
    expect(after.get(three.id)).toMatchObject({ note: null, amount: null, state: 'done' });
  });

  it('carries no rows when given none', async () => {
    const v = rowArrays('v', { id: things.id }, []);
    const updated = await database.db
      .update(things)
      .set({ note: 'touched' })
      .from(v.table)
      .where(eq(things.id, v.col('id')))
      .returning();
    expect(updated).toEqual([]);
  });

  it('refuses a nullable column with a default, where an absent value and a null could not be told apart', () => {
    const loose = pgTable('row_arrays_loose', { note: text().default('x') });
    expect(() => selectRows(loose, [{ note: null }])).toThrow(/may be null and has a default/);
  });
});
