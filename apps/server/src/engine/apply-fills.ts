import { transition } from '@cdca/engine/epic-state/transition.ts';
import { money } from '@cdca/engine/money/money-decimal.ts';
import { applyFill } from '@cdca/engine/position/apply-fill.ts';
import { profitsDollarAmount } from '@cdca/engine/position/position-figures.ts';
import type { Fill } from '@cdca/exchange/exchange.ts';
import { and, eq } from 'drizzle-orm';
import { epicFills, epicOrders, epics } from '../modules/epics/epics.schema.ts';
import type { EngineContext } from './engine-context.ts';
import {
  EPIC_LIGHT_COLUMNS,
  type EpicRow,
  type OrderRow,
  putOrder,
  readPosition,
  summaryOf,
  type WorkingEpic,
} from './epic-rows.ts';
import { intentRow } from './order-rows.ts';

type NewOrderRow = typeof epicOrders.$inferInsert;

/** States in which a re-sized take-profit may be written (sent once the epic is active again). */
const PLACING = new Set(['pending', 'active', 'processing', 'warning']);

/** The epic changed since the working copy was read: book the fill again from the locked row. */
class StaleWorkingCopy extends Error {}

type Base = { position: unknown; status: EpicRow['status']; version: number; activeDcaLevel: number };

/**
 * One attempt at booking a fill in one transaction. Optimistic (`lock` false): from the working copy, and the final
 * compare-and-set on the version proves nobody wrote the epic since — the usual case, since this worker holds the
 * lease. Locked: from the row read FOR UPDATE, for when the working copy turned out stale.
 */
const bookFill = (ctx: EngineContext, work: WorkingEpic, fill: Fill, lock: boolean) =>
  ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const epicId = work.row.id;
    let base: Base | undefined = work.row;
    if (lock) {
      [base] = await tx
        .select({
          position: epics.position,
          status: epics.status,
          version: epics.version,
          activeDcaLevel: epics.activeDcaLevel,
        })
        .from(epics)
        .where(eq(epics.id, epicId))
        .for('update');
    }
    const position = base && readPosition(base);
    if (!base || !position) return undefined;
    const result = applyFill(position, fill);
    if (result.outcome !== 'applied') {
      if (result.outcome === 'unknown-order')
        ctx.log.warn({ epicId, tradeId: fill.tradeId }, 'engine: fill for an order the epic does not know');
      return undefined;
    }
    const [fillRow] = await tx
      .insert(epicFills)
      .values({
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
      })
      .onConflictDoNothing()
      .returning();
    if (!fillRow) return undefined;

    let status = base.status;
    if (result.event) {
      const moved = transition(status, result.event);
      if (moved.ok) status = moved.state;
      else ctx.log.warn({ epicId, error: moved.error }, 'engine: refused an illegal transition');
    } else if (status === 'active') {
      // active → processing → active within this one transaction: both moves must be legal.
      const processing = transition(status, 'fill-received');
      const back = processing.ok ? transition(processing.state, 'fill-applied') : processing;
      if (!back.ok) ctx.log.warn({ epicId, error: back.error }, 'engine: refused an illegal transition');
    }

    let next = result.position;
    let disarm = false;
    const orderRows: OrderRow[] = [];
    const intents: NewOrderRow[] = [];
    for (const intent of result.intents) {
      if (intent.type === 'disarm-triggers') disarm = true;
      if (intent.type !== 'place-order') continue;
      const id = intent.request.clientOrderId;
      if (PLACING.has(status)) {
        intents.push(intentRow(epicId, intent));
      } else {
        // Cancelling keeps the coins and liquidating sells them itself: no new take-profit.
        const order = next.orders[id];
        if (order)
          next = {
            ...next,
            orders: { ...next.orders, [id]: { ...order, retired: true } },
            takeProfitIds: [],
          };
      }
    }
    const inserted = intents.length
      ? await tx.insert(epicOrders).values(intents).onConflictDoNothing().returning()
      : [];
    orderRows.push(...inserted);
    if (disarm) {
      orderRows.push(
        ...(await tx
          .update(epicOrders)
          .set({ status: 'cancelled', failureReason: 'position sold', updatedAt: now })
          .where(and(eq(epicOrders.epicId, epicId), eq(epicOrders.status, 'armed')))
          .returning()),
      );
    }
    const booked = next.orders[fill.clientOrderId];
    const [orderRow] = booked
      ? await tx
          .update(epicOrders)
          .set({
            filledSize: booked.filledSize,
            // The venue's id for the order, known from the fill: no separate write once the order is done.
            exchangeOrderId: fill.orderId,
            ...(money(booked.filledSize).gte(booked.baseSize) ? { status: 'filled' as const } : {}),
            updatedAt: now,
          })
          .where(eq(epicOrders.clientOrderId, fill.clientOrderId))
          .returning()
      : [];
    const patch = {
      ...summaryOf(next),
      status,
      ...(status === 'liquidated' ? { profitsDollarAmount: profitsDollarAmount(next), closedAt: now } : {}),
    };
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
    return {
      row: { ...work.row, ...patch, ...saved },
      levelBefore: base.activeDcaLevel,
      fillRow,
      orderRow,
      orderRows,
      inserted,
      disarm,
    };
  });

/**
 * Books one fill exactly once: the epic_fills insert (trade id primary key) and the position/status update commit
 * together, so a fill is either fully applied or not at all — never twice. The working copy takes what the
 * transaction returned.
 */
export const applyOneFill = async (ctx: EngineContext, work: WorkingEpic, fill: Fill): Promise<boolean> => {
  const epicId = work.row.id;
  if (readPosition(work.row)?.appliedTradeIds.includes(fill.tradeId)) return false;
  const done = await bookFill(ctx, work, fill, false).catch((error: unknown) => {
    if (error instanceof StaleWorkingCopy) return bookFill(ctx, work, fill, true);
    throw error;
  });
  if (!done) return false;
  // Only intents this transaction inserted are known never to have been sent.
  for (const r of done.inserted) ctx.knownAbsent.add(r.clientOrderId);
  work.row = done.row;
  for (const r of done.orderRows) putOrder(work, r);
  if (done.orderRow) putOrder(work, done.orderRow);
  if (done.disarm) ctx.book.removeEpic(epicId);
  await ctx.events.tradeCreated(done.row.accountId, done.fillRow);
  if (done.orderRow) await ctx.events.tradeUpdated(done.row.accountId, done.orderRow);
  await ctx.events.epicUpdated(done.row);
  if (done.row.activeDcaLevel > done.levelBefore) {
    await ctx.notifications
      ?.notifyEpicHit({ epic: done.row, level: done.row.activeDcaLevel })
      .catch((error: unknown) => {
        ctx.log.warn({ err: error, epicId }, 'engine: epic-hit notification failed');
      });
  }
  return true;
};

/** Oldest first, so partial fills book in the order the venue made them. */
export const applyFills = async (ctx: EngineContext, work: WorkingEpic, fills: readonly Fill[]) => {
  const sorted = [...fills].sort((a, b) => a.time.getTime() - b.time.getTime());
  for (const fill of sorted) await applyOneFill(ctx, work, fill);
};
