import type { EpicState, Fill, Position } from '@cdca/engine';
import { filledInFull, TERMINAL_STATES } from '@cdca/engine';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { engineFillCursors, epicFills, epicOrders, epics } from '../../modules/epics/epics.schema.ts';
import { retractEpicSummary, writeEpicSummary } from '../../modules/stats/epic-summaries.ts';
import { EPIC_LIGHT_COLUMNS, lockFillBase, type Tx } from './epic-reads.ts';
import { type EpicPatch, type NewOrderRow, summaryOf, type WorkingEpic } from './epic-rows.ts';
import { insertOrders } from './epic-writes.ts';

/** What a fill is booked on: the epic's position, state and version (the working copy, or the locked row). */
export type FillBase = {
  position: Position | null;
  status: EpicState;
  version: number;
  activeDcaLevel: number;
};

/** What the domain decided a fill does (fillEpic), as the rows to write. */
export type FillBooking = {
  position: Position;
  status: EpicState;
  /** Order rows of the orders the fill asks for (the re-sized take-profit). */
  intents: NewOrderRow[];
  /** The position is sold: armed above-levels are cancelled with it. */
  disarm: boolean;
  /** Figures written with a closing state (the profit of a finished liquidation). */
  closing: EpicPatch;
};

/** The epic changed since the working copy was read: book the fill again from the locked row. */
export class StaleWorkingCopy extends Error {}

/** The epic_fills row of a fill booked on an epic now. */
export const fillRowOf = (epicId: string, fill: Fill, now: Date) => ({
  tradeId: fill.tradeId,
  epicId,
  clientOrderId: fill.clientOrderId,
  exchangeOrderId: fill.orderId,
  side: fill.side,
  price: fill.price,
  size: fill.size,
  fee: fill.fee,
  liquidity: fill.liquidity,
  filledAt: fill.time,
  appliedAt: now,
});

const insertFill = async (tx: Tx, epicId: string, fill: Fill, now: Date) => {
  const [row] = await tx
    .insert(epicFills)
    .values(fillRowOf(epicId, fill, now))
    .onConflictDoNothing()
    .returning();
  return row;
};

const disarmAll = (tx: Tx, epicId: string, now: Date) =>
  tx
    .update(epicOrders)
    .set({ status: 'cancelled', failureReason: 'position sold', updatedAt: now })
    .where(and(eq(epicOrders.epicId, epicId), eq(epicOrders.status, 'armed')))
    .returning();

/** The filled order's row: its filled size and the venue's id for it, known from the fill (no separate write). */
const recordOrderFill = async (tx: Tx, position: Position, fill: Fill, now: Date) => {
  const booked = position.orders[fill.clientOrderId];
  if (!booked) return undefined;
  const [row] = await tx
    .update(epicOrders)
    .set({
      filledSize: booked.filledSize,
      exchangeOrderId: fill.orderId,
      ...(filledInFull(booked) ? { status: 'filled' as const } : {}),
      updatedAt: now,
    })
    .where(eq(epicOrders.clientOrderId, fill.clientOrderId))
    .returning();
  return row;
};

/**
 * One attempt at booking a fill in one transaction (the epic_fills insert, keyed by trade id, and the position and
 * status update commit together, so a fill is applied fully or not at all — never twice). Optimistic (`lock`
 * false): from the working copy, and the final compare-and-set on the version proves nobody wrote the epic since —
 * the usual case, since this worker holds the lease. Locked: from the row read FOR UPDATE, for when the working
 * copy turned out stale. `decide` is the domain's answer for the base; undefined books nothing.
 */
export const bookFill = (
  db: Db,
  { work, fill, lock, now }: { work: WorkingEpic; fill: Fill; lock: boolean; now: Date },
  decide: (base: FillBase) => FillBooking | undefined,
) =>
  db.transaction(async (tx) => {
    const epicId = work.row.id;
    const base = lock ? await lockFillBase(tx, epicId) : work.row;
    const booking = base && decide(base);
    if (!base || !booking) return undefined;
    const fillRow = await insertFill(tx, epicId, fill, now);
    if (!fillRow) return undefined;
    const inserted = await insertOrders(tx, booking.intents);
    const disarmed = booking.disarm ? await disarmAll(tx, epicId, now) : [];
    const orderRow = await recordOrderFill(tx, booking.position, fill, now);
    const patch = { ...summaryOf(booking.position), status: booking.status, ...booking.closing };
    const [saved] = await tx
      .update(epics)
      .set({ ...patch, version: base.version + 1, updatedAt: now })
      .where(and(eq(epics.id, epicId), eq(epics.version, base.version)))
      .returning(EPIC_LIGHT_COLUMNS);
    if (!saved) {
      // Throwing rolls the whole booking back, the fill row included.
      if (lock) throw new Error(`epic ${epicId} changed under its row lock`);
      throw new StaleWorkingCopy();
    }
    // The fill that ends the epic (a liquidation's last sell) freezes its summary with it; a fill the venue reports
    // after the end re-freezes it (docs/decisions/stats-summaries.md).
    if (TERMINAL_STATES.includes(base.status)) await retractEpicSummary(tx, epicId, fill.tradeId);
    if (TERMINAL_STATES.includes(booking.status)) await writeEpicSummary(tx, epicId);
    return {
      row: { ...work.row, ...patch, ...saved },
      levelBefore: base.activeDcaLevel,
      fillRow,
      orderRow,
      orderRows: [...inserted, ...disarmed],
      inserted,
      disarm: booking.disarm,
    };
  });

const CHUNK = 1_000;

/** Trade ids among these that are already booked: one query per thousand, instead of a transaction per fill. */
export const bookedTradeIds = async (db: Tx, tradeIds: readonly string[]) => {
  const booked = new Set<string>();
  for (let i = 0; i < tradeIds.length; i += CHUNK) {
    const rows = await db
      .select({ tradeId: epicFills.tradeId })
      .from(epicFills)
      .where(inArray(epicFills.tradeId, tradeIds.slice(i, i + CHUNK)));
    for (const row of rows) booked.add(row.tradeId);
  }
  return booked;
};

/**
 * Of these fills, those not booked yet that an order of a live epic placed, whichever worker holds that epic: the
 * account's fill cursor must not move past them (docs/decisions/fill-cursor.md). A fill of an ended epic, or of a
 * trade the trader made by hand, holds nothing back: no worker will book it.
 */
export const unbookedLiveFills = async (db: Db, fills: readonly Fill[]): Promise<Fill[]> => {
  if (fills.length === 0) return [];
  const booked = await bookedTradeIds(
    db,
    fills.map((f) => f.tradeId),
  );
  const unbooked = fills.filter((f) => !booked.has(f.tradeId));
  const live = new Set<string>();
  for (let i = 0; i < unbooked.length; i += CHUNK) {
    const rows = await db
      .select({ clientOrderId: epicOrders.clientOrderId })
      .from(epicOrders)
      .innerJoin(epics, eq(epics.id, epicOrders.epicId))
      .where(
        and(
          inArray(
            epicOrders.clientOrderId,
            unbooked.slice(i, i + CHUNK).map((f) => f.clientOrderId),
          ),
          notInArray(epics.status, [...TERMINAL_STATES]),
        ),
      );
    for (const row of rows) live.add(row.clientOrderId);
  }
  return unbooked.filter((f) => live.has(f.clientOrderId));
};

/** Since when the account's fills were all booked; undefined before the first reconcile. */
export const readFillCursor = async (db: Tx, accountId: string) => {
  const [cursor] = await db
    .select()
    .from(engineFillCursors)
    .where(eq(engineFillCursors.accountId, accountId));
  return cursor?.fillsSince;
};

/** Moves the account's cursor forward, and only forward (two passes may race to save it). */
export const saveFillCursor = async (db: Tx, accountId: string, fillsSince: Date) => {
  await db
    .insert(engineFillCursors)
    .values({ accountId, fillsSince })
    .onConflictDoUpdate({
      target: engineFillCursors.accountId,
      set: { fillsSince: sql`greatest(${engineFillCursors.fillsSince}, excluded.fills_since)` },
    });
};
