import { type Column, getTableColumns, is, SQL, sql, type Table } from 'drizzle-orm';

/** What a column holds in code, as drizzle types it; null is always allowed (it is sent as SQL NULL). */
type DataOf<C extends Column> = C['_']['data'] | null;
type RowOf<C extends Record<string, Column>> = { [K in keyof C]: DataOf<C[K]> };

/** A set of rows a statement reads as a table, and a reference to one of its columns. */
export type RowArrays<K extends string> = { table: SQL; col: (key: K) => SQL };

/**
 * Many rows sent as one array parameter per column and read back as a table:
 * `unnest($1::uuid[], $2::jsonb[], …) as v(id, position, …)`. A batch statement written this way has the same short
 * text and the same handful of parameters however many rows it carries, so building it, sending it and PostgreSQL
 * parsing it costs the same for one row as for five hundred; a statement with a CASE branch and a parameter per row
 * and column grows with the batch on every one of those steps (docs/decisions/batched-settlement.md).
 *
 * `columns` names each array and gives it its type and its encoding (a jsonb column's JSON, a timestamp's ISO
 * string): a key need not be a column of the table written; any column of the right type will do.
 *
 * Used as `update(t).set(…).from(v.table).where(…)`; name the returned columns there
 * (`.returning(getTableColumns(t))`), since drizzle types a bare `returning()` after a raw `from` as never.
 */
export const rowArrays = <const C extends Record<string, Column>>(
  alias: string,
  columns: C,
  rows: readonly RowOf<C>[],
): RowArrays<Extract<keyof C, string>> => {
  const keys = Object.keys(columns) as Extract<keyof C, string>[];
  const arrays = keys.map((key) => {
    const column = columns[key] as Column;
    const values = rows.map((row) => {
      const value = row[key];
      return value === null || value === undefined ? null : column.mapToDriverValue(value);
    });
    return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
  });
  const name = sql.identifier(alias);
  return {
    table: sql`unnest(${sql.join(arrays, sql`, `)}) as ${name}(${sql.join(
      keys.map((key) => sql.identifier(key)),
      sql`, `,
    )})`,
    col: (key) => sql`${name}.${sql.identifier(key)}`,
  };
};

/**
 * `select … from unnest(…)` giving every column of `table` in its order, for `insert(table).select(…)`: a row's
 * missing value takes the column's schema default, as a plain insert would. Only a column that cannot be null may
 * have one here, so that an absent value and a written null never need telling apart; a column drizzle fills in
 * code (`$defaultFn`) or PostgreSQL generates is refused rather than guessed at.
 */
export const selectRows = <T extends Table>(table: T, rows: readonly T['$inferInsert'][]) => {
  const columns: Record<string, Column> = getTableColumns(table);
  const keys = Object.keys(columns);
  const v = rowArrays('v', columns, rows as RowOf<typeof columns>[]);
  const selected = keys.map((key) => {
    const column = columns[key] as Column;
    if (column.defaultFn || column.generated || column.generatedIdentity)
      throw new Error(`selectRows: ${column.name} is filled by code or generated`);
    if (column.default === undefined) return v.col(key);
    if (!column.notNull) throw new Error(`selectRows: ${column.name} may be null and has a default`);
    const fallback = is(column.default, SQL) ? column.default : sql.param(column.default, column);
    return sql`coalesce(${v.col(key)}, ${fallback})`;
  });
  return sql`select ${sql.join(selected, sql`, `)} from ${v.table}`;
};
