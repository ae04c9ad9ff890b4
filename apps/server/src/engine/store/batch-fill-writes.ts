import type { Fill } from '@cdca/engine';
import { filledInFull } from '@cdca/engine';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowArrays, selectRows } from '../../db/row-arrays.ts';
import { epicFills, epicOrders, epics } from '../../modules/epics/epics.schema.ts';
import { EPIC_LIGHT_COLUMNS, type Tx } from './epic-reads.ts';
import { type EpicRow, type FillRow, type OrderRow, summaryOf } from './epic-rows.ts';
import { insertOrders } from './epic-writes.ts';
import { type FillBooking, fillRowOf } from './fill-writes.ts';

/** One epic's one fill, decided from its working copy: what bookFills writes for it. */
export type PlainBooking = { row: EpicRow; fill: Fill; booking: FillBooking };

/** What the batch wrote for one epic, as bookFill returns it for one. */
export type BookedFill = {
  row: EpicRow;
  levelBefore: number;
  fillRow: FillRow;
  orderRow: OrderRow | undefined;
  /** Intent rows this transaction inserted: known never to have been sent. */
  inserted: OrderRow[];
};

/**
 * The batch could not be written exactly as decided (a trade id already booked, an epic whose version moved):
 * the whole transaction is rolled back and every epic of it is booked one by one instead, where each case has
 * its own careful answer (bookFill: the locked re-read, the refused duplicate).
 */
export class BatchNotPlain extends Error {}

/** A booking with the listing columns of its new position, worked out once for the write and the row kept. */
type SummedBooking = PlainBooking & { summary: ReturnType<typeof summaryOf> };

const insertFillRows = (tx: Tx, items: readonly PlainBooking[], now: Date) =>
  tx
    .insert(epicFills)
    .select(
      selectRows(
        epicFills,
        items.map(({ row, fill }) => fillRowOf(row.id, fill, now)),
      ),
    )
    .onConflictDoNothing()
    .returning();

/** Each filled order's row: its filled size and venue id from the fill, 'filled' once it is complete. */
const recordOrderFills = (tx: Tx, items: readonly PlainBooking[], now: Date) => {
  const filled = items.flatMap(({ fill, booking }) => {
    const order = booking.position.orders[fill.clientOrderId];
    if (!order) return [];
    const complete = filledInFull(order);
    return [
      {
        clientOrderId: fill.clientOrderId,
        filledSize: order.filledSize,
        exchangeOrderId: fill.orderId,
        status: complete ? ('filled' as const) : null,
      },
    ];
  });
  if (filled.length === 0) return Promise.resolve([]);
  const { clientOrderId, filledSize, exchangeOrderId, status } = epicOrders;
  const v = rowArrays('v', { clientOrderId, filledSize, exchangeOrderId, status }, filled);
  return tx
    .update(epicOrders)
    .set({
      filledSize: v.col('filledSize'),
      exchangeOrderId: v.col('exchangeOrderId'),
      // null: the order is still partly open, and keeps the status it has.
      status: sql`coalesce(${v.col('status')}, ${epicOrders.status})`,
      updatedAt: now,
    })
    .from(v.table)
    .where(eq(epicOrders.clientOrderId, v.col('clientOrderId')))
    .returning(getTableColumns(epicOrders));
};

/** Every epic's position, summary and status, each only if its version is still the one it was decided from. */
const saveEpics = (tx: Tx, items: readonly SummedBooking[], now: Date) => {
  const { id, version, position, activeDcaLevel, avgBuyRate, volume, status } = epics;
  const v = rowArrays(
    'v',
    { id, version, position, activeDcaLevel, avgBuyRate, volume, status },
    items.map(({ row, booking, summary }) => ({
      id: row.id,
      version: row.version,
      ...summary,
      status: booking.status,
    })),
  );
  return tx
    .update(epics)
    .set({
      position: v.col('position'),
      activeDcaLevel: v.col('activeDcaLevel'),
      avgBuyRate: v.col('avgBuyRate'),
      volume: v.col('volume'),
      status: v.col('status'),
      version: sql`${epics.version} + 1`,
      updatedAt: now,
    })
    .from(v.table)
    .where(and(eq(epics.id, v.col('id')), eq(epics.version, v.col('version'))))
    .returning(EPIC_LIGHT_COLUMNS);
};

/**
 * Many epics' fills booked in one transaction and four statements, instead of one transaction of four statements
 * per fill: the epic_fills rows (keyed by trade id), the intents the fills ask for (written before anything sends
 * them), the filled orders' rows, and every epic's position with a compare-and-set on its version. It is one
 * transaction, so the batch is booked whole or not at all; and it is only committed when every fill was new and
 * every epic unchanged — anything else throws BatchNotPlain and nothing of it is kept. Only "plain" fills come
 * here (the caller's check): one per epic, neither from nor into a final state, nothing to disarm, so no frozen
 * summary is written or retracted. Each statement sends its rows as one array per column (db/row-arrays.ts), so its
 * text and parameters do not grow with the batch (docs/decisions/batched-settlement.md).
 */
export const bookFills = async (
  db: Db,
  items: readonly PlainBooking[],
  now: Date,
): Promise<Map<string, BookedFill>> => {
  if (items.length === 0) return new Map();
  const summed = items.map((item) => ({ ...item, summary: summaryOf(item.booking.position) }));
  const written = await db.transaction(async (tx) => {
    const fills = await insertFillRows(tx, items, now);
    if (fills.length !== items.length) throw new BatchNotPlain('a fill of the batch was already booked');
    const intents = items.flatMap((t) => t.booking.intents);
    const inserted = await insertOrders(tx, intents);
    const orders = await recordOrderFills(tx, items, now);
    const saved = await saveEpics(tx, summed, now);
    if (saved.length !== items.length) throw new BatchNotPlain('an epic of the batch changed meanwhile');
    return { fills, inserted, orders, saved };
  });
  const fillOf = new Map(written.fills.map((r) => [r.tradeId, r]));
  const orderOf = new Map(written.orders.map((r) => [r.clientOrderId, r]));
  const savedOf = new Map(written.saved.map((r) => [r.id, r]));
  const insertedOf = Map.groupBy(written.inserted, (r) => r.epicId);
  const booked = new Map<string, BookedFill>();
  for (const { row, fill, summary } of summed) {
    const fillRow = fillOf.get(fill.tradeId);
    const saved = savedOf.get(row.id);
    // Both were counted above; a miss here is a bug, never a reason to guess.
    if (!fillRow || !saved) throw new Error(`the batch lost epic ${row.id}'s rows`);
    booked.set(row.id, {
      row: { ...row, ...summary, ...saved },
      levelBefore: row.activeDcaLevel,
      fillRow,
      orderRow: orderOf.get(fill.clientOrderId),
      inserted: insertedOf.get(row.id) ?? [],
    });
  }
  return booked;
};
