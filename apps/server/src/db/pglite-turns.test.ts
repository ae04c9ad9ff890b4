import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takingTurns } from './pglite-turns.ts';

/** Runs `query` until a timer set before the first one has fired, or `most` times; whether it fired. */
const timerFiresDuring = async (query: () => Promise<unknown>, most: number) => {
  let fired = false;
  const timer = setTimeout(() => {
    fired = true;
  }, 0);
  for (let i = 0; i < most && !fired; i++) await query();
  clearTimeout(timer);
  return fired;
};

describe('embedded queries taking turns with the event loop', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create();
    await pglite.exec('create table notes (id int primary key, body text not null)');
  });
  afterAll(() => pglite.close());

  it('PGlite alone holds the loop for a whole chain of queries (why the wrapper exists)', async () => {
    expect(await timerFiresDuring(() => pglite.query('select 1'), 2_000)).toBe(false);
  });

  it('let a timer run in the middle of a long chain of queries', async () => {
    const client = takingTurns(pglite);
    expect(await timerFiresDuring(() => client.query('select 1'), 100_000)).toBe(true);
  });

  it('let it run in the middle of a transaction, which still commits or rolls back whole', async () => {
    const client = takingTurns(pglite);
    let id = 0;
    const fired = await client.transaction((tx) =>
      timerFiresDuring(() => tx.query('insert into notes values ($1, $2)', [++id, 'kept']), 100_000),
    );
    expect(fired).toBe(true);
    const kept = await client.query<{ n: number }>('select count(*)::int as n from notes');
    expect(kept.rows[0]?.n).toBe(id);

    await expect(
      client.transaction(async (tx) => {
        await timerFiresDuring(
          () => tx.query('insert into notes values ($1, $2)', [++id, 'undone']),
          100_000,
        );
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const undone = await client.query<{ n: number }>(
      "select count(*)::int as n from notes where body = 'undone'",
    );
    expect(undone.rows[0]?.n).toBe(0);
  });

  it('answer as PGlite does, with its other methods on PGlite itself', async () => {
    const client = takingTurns(pglite);
    const [result] = await client.exec("select 'same' as answer");
    expect(result?.rows).toEqual([{ answer: 'same' }]);
    expect(client.closed).toBe(false);
    expect(await client.query<{ two: number }>('select $1::int + 1 as two', [1])).toMatchObject({
      rows: [{ two: 2 }],
    });
  });
});
