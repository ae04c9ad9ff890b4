import { transition } from '@cdca/engine/epic-state/transition.ts';
import { money } from '@cdca/engine/money/money-decimal.ts';
import { applyFill } from '@cdca/engine/position/apply-fill.ts';
import { profitsDollarAmount } from '@cdca/engine/position/position-figures.ts';
import type { Fill } from '@cdca/exchange/exchange.ts';
import { and, eq } from 'drizzle-orm';
import { epicFills, epicOrders, epics } from '../modules/epics/epics.schema.ts';
import type { EngineContext } from './engine-context.ts';
import { readPosition, summaryOf } from './epic-rows.ts';
import { intentRow } from './order-rows.ts';

/** States in which a re-sized take-profit may be written (sent once the epic is active again). */
const PLACING = new Set(['pending', 'active', 'processing', 'warning']);

/**
 * Books one fill exactly once: the epic_fills insert (trade id primary key) and the position/status update commit
 * together, under the epic's row lock, so a fill is either fully applied or not at all — never twice.
 */
export const applyOneFill = async (ctx: EngineContext, epicId: string, fill: Fill): Promise<boolean> => {
  const now = ctx.clock.now();
  const done = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(epics).where(eq(epics.id, epicId)).for('update');
    const position = row && readPosition(row);
    if (!row || !position) return undefined;
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

    let status = row.status;
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
    for (const intent of result.intents) {
      if (intent.type === 'disarm-triggers') disarm = true;
      if (intent.type !== 'place-order') continue;
      const id = intent.request.clientOrderId;
      if (PLACING.has(status)) {
        await tx.insert(epicOrders).values(intentRow(epicId, intent)).onConflictDoNothing();
        ctx.knownAbsent.add(id);
      } else {
        // Cancelling keeps the coins and liquidating sells them itself: no new take-profit.
        const order = next.orders[id];
        if (order)
          next = {
            ...next,
            orders: { ...next.orders, [id]: { ...order, retired: true } },
            takeProfitId: null,
          };
      }
    }
    if (disarm) {
      await tx
        .update(epicOrders)
        .set({ status: 'cancelled', failureReason: 'position sold', updatedAt: now })
        .where(and(eq(epicOrders.epicId, epicId), eq(epicOrders.status, 'armed')));
    }
    const booked = next.orders[fill.clientOrderId];
    const [orderRow] = booked
      ? await tx
          .update(epicOrders)
          .set({
            filledSize: booked.filledSize,
            ...(money(booked.filledSize).gte(booked.baseSize) ? { status: 'filled' as const } : {}),
            updatedAt: now,
          })
          .where(eq(epicOrders.clientOrderId, fill.clientOrderId))
          .returning()
      : [];
    const [saved] = await tx
      .update(epics)
      .set({
        ...summaryOf(next),
        status,
        ...(status === 'liquidated' ? { profitsDollarAmount: profitsDollarAmount(next), closedAt: now } : {}),
        version: row.version + 1,
        updatedAt: now,
      })
      .where(and(eq(epics.id, epicId), eq(epics.version, row.version)))
      .returning();
    if (!saved) throw new Error(`epic ${epicId} changed under its row lock`);
    return { row: saved, before: row, fillRow, orderRow, disarm };
  });
  if (!done) return false;
  if (done.disarm) ctx.book.removeEpic(epicId);
  await ctx.events.tradeCreated(done.row.accountId, done.fillRow);
  if (done.orderRow) await ctx.events.tradeUpdated(done.row.accountId, done.orderRow);
  await ctx.events.epicUpdated(epicId);
  if (done.row.activeDcaLevel > done.before.activeDcaLevel) {
    await ctx.notifications
      ?.notifyEpicHit({ epic: done.row, level: done.row.activeDcaLevel })
      .catch((error: unknown) => {
        ctx.log.warn({ err: error, epicId }, 'engine: epic-hit notification failed');
      });
  }
  return true;
};

/** Oldest first, so partial fills book in the order the venue made them. */
export const applyFills = async (ctx: EngineContext, epicId: string, fills: readonly Fill[]) => {
  const sorted = [...fills].sort((a, b) => a.time.getTime() - b.time.getTime());
  for (const fill of sorted) await applyOneFill(ctx, epicId, fill);
};
