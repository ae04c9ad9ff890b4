import { describe, expect, it } from 'vitest';
import { epicOrderRows } from '../testing/engine-assertions.ts';
import { engineFor, epicOnSolAt100, epicsTestAppPerTest } from '../testing/engine-test-kit.ts';
import { createEpicStore } from './epic-store.ts';

describe("the venue's answers, recorded in one statement", () => {
  const t = epicsTestAppPerTest();

  it('writes each answer whose row still has the status it was read with, and leaves the others as they are', async () => {
    const { store, id } = await epicOnSolAt100(t);
    await engineFor(t, store.keys).runOnce();
    const rows = await epicOrderRows(t, id);
    const open = rows.filter((row) => row.status === 'open');
    const filled = rows.find((row) => row.status === 'filled');
    // Level 1 bought at once; levels 2 and 3 and the take-profit resting.
    expect(open).toHaveLength(3);
    if (!filled) throw new Error('expected the level-1 buy filled');

    const now = new Date();
    const written = await createEpicStore(t.db).recordAnswers(
      [
        ...open.map((row, i) => ({
          row: { ...row, status: 'cancelled' as const, exchangeOrderId: `venue-${i}` },
          from: 'open' as const,
        })),
        // Read as open, but a fill's transaction has written it filled since: the answer must not undo that.
        { row: { ...filled, status: 'cancelled' as const }, from: 'open' as const },
      ],
      now,
    );

    expect(written.map((row) => row.id).sort()).toEqual(open.map((row) => row.id).sort());
    const after = new Map((await epicOrderRows(t, id)).map((row) => [row.id, row]));
    open.forEach((row, i) => {
      expect(after.get(row.id)).toMatchObject({
        status: 'cancelled',
        exchangeOrderId: `venue-${i}`,
        updatedAt: now,
      });
    });
    expect(after.get(filled.id)).toEqual(filled);
  });
});
