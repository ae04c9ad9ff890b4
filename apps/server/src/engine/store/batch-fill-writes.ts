import type { Fill } from '@cdca/engine';
import { money } from '@cdca/engine';
import { and, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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

/** `case <key> when k1 then v1 … end` for a column written with a different value per row. */
const caseOf = <T>(key: SQLWrapper, items: readonly T[], keyOf: (t: T) => SQL, value: (t: T) => SQL) =>
  sql`(case ${key} ${sql.join(
    items.map((t) => sql`when ${keyOf(t)} then ${value(t)}`),
    sql` `,
  )} end)`;

const insertFillRows = (tx: Tx, items: readonly PlainBooking[], now: Date) =>
  tx
    .insert(epicFills)
    .values(items.map(({ row, fill }) => fillRowOf(row.id, fill, now)))
    .onConflictDoNothing()
    .returning();

/** Each filled order's row: its filled size and venue id from the fill, 'filled' once it is complete. */
const recordOrderFills = (tx: Tx, items: readonly PlainBooking[], now: Date) => {
  const filled = items.flatMap(({ fill, booking }) => {
    const order = booking.position.orders[fill.clientOrderId];
    return order ? [{ fill, order, complete: money(order.filledSize).gte(order.baseSize) }] : [];
  });
  if (filled.length === 0) return Promise.resolve([]);
  const byClientId = (f: (typeof filled)[number]) => sql`${f.fill.clientOrderId}`;
  const complete = filled.filter((f) => f.complete).map((f) => f.fill.clientOrderId);
  return tx
    .update(epicOrders)
    .set({
      filledSize: sql`${caseOf(epicOrders.clientOrderId, filled, byClientId, (f) => sql`${f.order.filledSize}::numeric`)}`,
      exchangeOrderId: sql`${caseOf(epicOrders.clientOrderId, filled, byClientId, (f) => sql`${f.fill.orderId}`)}`,
      ...(complete.length > 0
        ? {
            status: sql`(case when ${inArray(epicOrders.clientOrderId, complete)} then 'filled' else ${epicOrders.status} end)`,
          }
        : {}),
      updatedAt: now,
    })
    .where(
      inArray(
        epicOrders.clientOrderId,
        filled.map((f) => f.fill.clientOrderId),
      ),
    )
    .returning();
};

/** Every epic's position, summary and status, each only if its version is still the one it was decided from. */
const saveEpics = (tx: Tx, items: readonly PlainBooking[], now: Date) => {
  const byId = (t: PlainBooking) => sql`${t.row.id}::uuid`;
  const column = (value: (t: PlainBooking) => SQL) => caseOf(epics.id, items, byId, value);
  const summaries = new Map(items.map((t) => [t.row.id, summaryOf(t.booking.position)]));
  const summary = (t: PlainBooking) => {
    const found = summaries.get(t.row.id);
    if (!found) throw new Error(`no summary for epic ${t.row.id}`);
    return found;
  };
  return tx
    .update(epics)
    .set({
      position: column((t) => sql`${JSON.stringify(t.booking.position)}::jsonb`),
      activeDcaLevel: column((t) => sql`${summary(t).activeDcaLevel}::integer`),
      avgBuyRate: column((t) => sql`${summary(t).avgBuyRate}::numeric`),
      volume: column((t) => sql`${summary(t).volume}::numeric`),
      status: column((t) => sql`${t.booking.status}::epic_status`),
      version: sql`${epics.version} + 1`,
      updatedAt: now,
    })
    .where(or(...items.map((t) => and(eq(epics.id, t.row.id), eq(epics.version, t.row.version)))))
    .returning(EPIC_LIGHT_COLUMNS);
};

/**
 * Many epics' fills booked in one transaction and four statements, instead of one transaction of four statements
 * per fill: the epic_fills rows (keyed by trade id), the intents the fills ask for (written before anything sends
 * them), the filled orders' rows, and every epic's position with a compare-and-set on its version. It is one
 * transaction, so the batch is booked whole or not at all; and it is only committed when every fill was new and
 * every epic unchanged — anything else throws BatchNotPlain and nothing of it is kept. Only "plain" fills come
 * here (the caller's check): one per epic, neither from nor into a final state, nothing to disarm, so no frozen
 * summary is written or retracted. The caller keeps a batch to a few hundred epics (the statements' parameters)
 * (docs/decisions/batched-settlement.md).
 */
export const bookFills = async (
  db: Db,
  items: readonly PlainBooking[],
  now: Date,
): Promise<Map<string, BookedFill>> => {
  if (items.length === 0) return new Map();
  const written = await db.transaction(async (tx) => {
    const fills = await insertFillRows(tx, items, now);
    if (fills.length !== items.length) throw new BatchNotPlain('a fill of the batch was already booked');
    const intents = items.flatMap((t) => t.booking.intents);
    const inserted = await insertOrders(tx, intents);
    const orders = await recordOrderFills(tx, items, now);
    const saved = await saveEpics(tx, items, now);
    if (saved.length !== items.length) throw new BatchNotPlain('an epic of the batch changed meanwhile');
    return { fills, inserted, orders, saved };
  });
  const fillOf = new Map(written.fills.map((r) => [r.tradeId, r]));
  const orderOf = new Map(written.orders.map((r) => [r.clientOrderId, r]));
  const savedOf = new Map(written.saved.map((r) => [r.id, r]));
  const insertedOf = new Map<string, OrderRow[]>();
  for (const r of written.inserted) insertedOf.set(r.epicId, [...(insertedOf.get(r.epicId) ?? []), r]);
  const booked = new Map<string, BookedFill>();
  for (const { row, fill, booking } of items) {
    const fillRow = fillOf.get(fill.tradeId);
    const saved = savedOf.get(row.id);
    // Both were counted above; a miss here is a bug, never a reason to guess.
    if (!fillRow || !saved) throw new Error(`the batch lost epic ${row.id}'s rows`);
    booked.set(row.id, {
      row: { ...row, ...summaryOf(booking.position), ...saved },
      levelBefore: row.activeDcaLevel,
      fillRow,
      orderRow: orderOf.get(fill.clientOrderId),
      inserted: insertedOf.get(row.id) ?? [],
    });
  }
  return booked;
};
