import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * How many rows the page's filter matches, carried on each row of the page: the page and its total in one
 * statement instead of the page and a `count(*)` (docs/decisions/catalogue-in-memory.md, "Around it").
 */
export const totalOverPage = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * The page's items and its total from rows selected as `{ item, total: totalOverPage() }`. A page past the end has
 * no row to carry the total, so then (and only then) the rows of `from` matching `where` are counted.
 */
export const pageWithTotal = async <T>(
  db: Db,
  rows: readonly { item: T; total: number }[],
  { offset, from, where }: { offset: number; from: PgTable; where: SQL | undefined },
): Promise<{ rows: T[]; total: number }> => {
  const carried = rows[0]?.total;
  if (carried !== undefined || offset === 0)
    return { rows: rows.map((row) => row.item), total: carried ?? 0 };
  const [counted] = await db.select({ total: count() }).from(from).where(where);
  return { rows: [], total: counted?.total ?? 0 };
};
