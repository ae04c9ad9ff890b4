import type { Position } from '@cdca/engine';
import { TERMINAL_STATES } from '@cdca/engine';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowArrays, selectRows } from '../../db/row-arrays.ts';
import { epicOrders, epics } from '../../modules/epics/epics.schema.ts';
import { writeEpicSummary } from '../../modules/stats/epic-summaries.ts';
import { EPIC_LIGHT_COLUMNS, type Tx } from './epic-reads.ts';
import { type EpicPatch, type EpicRow, type NewOrderRow, type OrderRow, summaryOf } from './epic-rows.ts';

/**
 * Writes only if nobody else changed the epic since `row` was read (version) and its status is still the one we
 * decided from — the API moves epics to cancelling/liquidating behind our back, and that must win.
 * undefined: lost the race; the caller re-reads on the next pass.
 */
export const saveEpic = async (
  tx: Tx,
  row: EpicRow,
  patch: EpicPatch,
  now: Date,
): Promise<EpicRow | undefined> => {
  const [saved] = await tx
    .update(epics)
    .set({ ...patch, version: row.version + 1, updatedAt: now })
    .where(and(eq(epics.id, row.id), eq(epics.version, row.version), eq(epics.status, row.status)))
    .returning(EPIC_LIGHT_COLUMNS);
  return saved && { ...row, ...patch, ...saved };
};

/** Whether a status written over `from` moves the epic into history. */
export const entersHistory = (from: EpicRow['status'], to: EpicRow['status'] | undefined) =>
  to !== undefined && !TERMINAL_STATES.includes(from) && TERMINAL_STATES.includes(to);

/**
 * saveEpic, and when the write moves the epic into history, its frozen summary in the same transaction: the stats
 * report never sees an ended epic without one (docs/decisions/stats-summaries.md).
 */
export const saveEpicOrEnd = (db: Db, row: EpicRow, patch: EpicPatch, now: Date) =>
  entersHistory(row.status, patch.status)
    ? db.transaction(async (tx) => {
        const saved = await saveEpic(tx, row, patch, now);
        if (saved) await writeEpicSummary(tx, saved.id);
        return saved;
      })
    : saveEpic(db, row, patch, now);

/**
 * Order rows written once, in one statement whatever their number: a row already there (a retry after a crash) is
 * left as it is and not returned.
 */
export const insertOrders = async (tx: Tx, rows: readonly NewOrderRow[]) =>
  rows.length
    ? tx.insert(epicOrders).select(selectRows(epicOrders, rows)).onConflictDoNothing().returning()
    : [];

/**
 * The position and the order rows it calls for, in one transaction: an order row is always written BEFORE its
 * order is sent, and never without the position that knows it. undefined when the epic changed under us.
 */
export const savePositionWithOrders = (
  db: Db,
  row: EpicRow,
  position: Position,
  rows: readonly NewOrderRow[],
  now: Date,
) =>
  db.transaction(async (tx) => {
    const saved = await saveEpic(tx, row, summaryOf(position), now);
    if (!saved) return undefined;
    return { saved, inserted: await insertOrders(tx, rows) };
  });

/** One order row's own fields (status, a failure); undefined when the row is gone. */
export const updateOrder = async (tx: Tx, id: string, patch: Partial<OrderRow>, now: Date) => {
  const [saved] = await tx
    .update(epicOrders)
    .set({ ...patch, updatedAt: now })
    .where(eq(epicOrders.id, id))
    .returning();
  return saved;
};

/** A fired above-level becomes an intent at the ask that fired it; undefined unless it was still armed. */
export const fireArmedOrder = async (tx: Tx, clientOrderId: string, limitPrice: string, now: Date) => {
  const [row] = await tx
    .update(epicOrders)
    .set({ status: 'intent', limitPrice, updatedAt: now })
    .where(and(eq(epicOrders.clientOrderId, clientOrderId), eq(epicOrders.status, 'armed')))
    .returning();
  return row;
};

/**
 * A refused order and what replaces it, in one transaction with the position that decided it: the refused row
 * failed with its reason, the new intent written. undefined when the epic changed under us.
 */
export const replaceOrder = (
  db: Db,
  work: { row: EpicRow; position: Position },
  refused: { id: string; failureReason: string },
  replacement: NewOrderRow,
  now: Date,
) =>
  db.transaction(async (tx) => {
    const saved = await saveEpic(tx, work.row, summaryOf(work.position), now);
    if (!saved) return undefined;
    const failed = await updateOrder(
      tx,
      refused.id,
      { status: 'failed', failureReason: refused.failureReason },
      now,
    );
    const inserted = await insertOrders(tx, [replacement]);
    return { saved, rows: [...(failed ? [failed] : []), ...inserted], inserted };
  });

/** An order's status as the venue answered it, written only if the row still has the status it was read with. */
export type VenueAnswer = { row: OrderRow; from: OrderRow['status'] };

/**
 * Many venue answers in one statement instead of one write per order. Each write is guarded by the status the row
 * had, so it never undoes what a fill's transaction wrote meanwhile (filled). The rows as written.
 */
export const recordAnswers = async (tx: Tx, answers: readonly VenueAnswer[], now: Date) => {
  if (answers.length === 0) return [];
  const { id, status, exchangeOrderId } = epicOrders;
  const v = rowArrays(
    'v',
    { id, from: status, status, exchangeOrderId },
    answers.map(({ row, from }) => ({
      id: row.id,
      from,
      status: row.status,
      exchangeOrderId: row.exchangeOrderId,
    })),
  );
  return tx
    .update(epicOrders)
    .set({ status: v.col('status'), exchangeOrderId: v.col('exchangeOrderId'), updatedAt: now })
    .from(v.table)
    .where(and(eq(epicOrders.id, v.col('id')), eq(epicOrders.status, v.col('from'))))
    .returning(getTableColumns(epicOrders));
};
