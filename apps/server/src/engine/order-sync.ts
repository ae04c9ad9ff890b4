import { money } from '@cdca/engine/money/money-decimal.ts';
import type { Order } from '@cdca/exchange/exchange.ts';
import { isExchangeError } from '@cdca/exchange/exchange-error.ts';
import { eq } from 'drizzle-orm';
import { epicOrders } from '../modules/epics/epics.schema.ts';
import type { AccountSession } from './account-sessions.ts';
import { applyFills } from './apply-fills.ts';
import type { EngineContext } from './engine-context.ts';
import {
  type EpicRow,
  loadEpic,
  loadOrders,
  type OrderRow,
  readPosition,
  saveEpic,
  summaryOf,
} from './epic-rows.ts';
import { intentRow, requestOf, takerLevelOrder } from './order-rows.ts';

const LIVE = new Set(['intent', 'open']);

const updateRow = async (ctx: EngineContext, row: OrderRow, patch: Partial<OrderRow>, accountId: string) => {
  const [saved] = await ctx.db
    .update(epicOrders)
    .set({ ...patch, updatedAt: ctx.clock.now() })
    .where(eq(epicOrders.id, row.id))
    .returning();
  if (saved) await ctx.events.tradeUpdated(accountId, saved);
  return saved ?? row;
};

/** Books every fill the venue reports for this order (deduped by trade id), before its row is closed. */
const fetchFills = async (ctx: EngineContext, session: AccountSession, epic: EpicRow, order: Order) => {
  const fills = await session.account.listFills({ since: order.createdAt, productId: order.productId });
  await applyFills(
    ctx,
    epic.id,
    fills.filter((f) => f.clientOrderId === order.clientOrderId),
  );
};

/** The venue's answer about one of our orders becomes the row's truth, fills booked first. */
const adopt = async (
  ctx: EngineContext,
  session: AccountSession,
  epic: EpicRow,
  row: OrderRow,
  order: Order,
) => {
  if (money(order.filledSize).gt(0)) await fetchFills(ctx, session, epic, order);
  const fresh = (await ctx.db.select().from(epicOrders).where(eq(epicOrders.id, row.id)))[0] ?? row;
  return updateRow(
    ctx,
    fresh,
    { exchangeOrderId: order.id, status: fresh.status === 'filled' ? 'filled' : order.status },
    epic.accountId,
  );
};

/**
 * Sends an intent row exactly once: unless this process itself just wrote it, the venue is asked first whether
 * an order with that client order id exists (a crash after sending), and that order is adopted.
 */
const send = async (ctx: EngineContext, session: AccountSession, epic: EpicRow, row: OrderRow) => {
  const id = row.clientOrderId;
  if (!ctx.knownAbsent.has(id)) {
    const existing = await session.account.getOrderByClientOrderId(id);
    if (existing) return adopt(ctx, session, epic, row, existing);
    ctx.knownAbsent.add(id);
  }
  ctx.hooks.afterIntentWritten?.(id);
  // From here the outcome is uncertain until the answer is recorded: a retry must look the order up first.
  ctx.knownAbsent.delete(id);
  const order = await session.account.placeOrder(requestOf(row, epic.productId));
  ctx.hooks.afterOrderSent?.(id);
  return adopt(ctx, session, epic, row, order);
};

/** Cancels an order the position retired; done once the venue confirms it is no longer open. */
const cancel = async (ctx: EngineContext, session: AccountSession, epic: EpicRow, row: OrderRow) => {
  let exchangeOrderId = row.exchangeOrderId;
  if (!exchangeOrderId) {
    const existing = await session.account.getOrderByClientOrderId(row.clientOrderId);
    if (!existing)
      return updateRow(
        ctx,
        row,
        { status: 'cancelled', failureReason: 'superseded before it was sent' },
        epic.accountId,
      );
    exchangeOrderId = existing.id;
  }
  let order = await session.account.getOrder(exchangeOrderId);
  if (order.status === 'open') {
    await session.account.cancelOrders([exchangeOrderId]);
    order = await session.account.getOrder(exchangeOrderId);
  }
  if (order.status === 'open') return row;
  return adopt(ctx, session, epic, row, order);
};

/** A resting level the market already passed: buy it now as a taker under the next attempt's id. */
const replaceCrossedLevel = async (ctx: EngineContext, epic: EpicRow, row: OrderRow) => {
  const position = readPosition(epic);
  const order = position?.orders[row.clientOrderId];
  if (!position || !order || !row.limitPrice) return;
  const next = takerLevelOrder(position, order, money(row.limitPrice).toFixed());
  await ctx.db.transaction(async (tx) => {
    const saved = await saveEpic(tx, epic, summaryOf(next.position), ctx.clock.now());
    if (!saved) return;
    await tx
      .update(epicOrders)
      .set({
        status: 'failed',
        failureReason: 'post-only: the market was already below the level',
        updatedAt: ctx.clock.now(),
      })
      .where(eq(epicOrders.id, row.id));
    await tx.insert(epicOrders).values(intentRow(epic.id, next.intent)).onConflictDoNothing();
  });
  ctx.knownAbsent.add(next.intent.request.clientOrderId);
};

export type SyncResult = { live: OrderRow[] };

/**
 * Brings the venue in line with the position: retired orders cancelled (or dropped if never sent), wanted
 * intents sent. A new sell waits until every other sell of the epic is confirmed done, so a replaced
 * take-profit and its successor never both hold the coins (and a late fill of the old one re-sizes the new).
 */
export const syncOrders = async (
  ctx: EngineContext,
  session: AccountSession,
  epicId: string,
  { send: sending }: { send: boolean },
): Promise<SyncResult> => {
  let epic = await loadEpic(ctx.db, epicId);
  if (!epic) return { live: [] };
  const wanted = (row: OrderRow) => {
    const order = epic && readPosition(epic)?.orders[row.clientOrderId];
    return order !== undefined && !order.retired && money(order.filledSize).lt(order.baseSize);
  };
  for (const row of await loadOrders(ctx.db, epicId)) {
    if (row.status === 'armed' && !wanted(row))
      await updateRow(ctx, row, { status: 'cancelled' }, epic.accountId);
    if (LIVE.has(row.status) && !wanted(row)) {
      if (row.status === 'intent') {
        const existing = await session.account.getOrderByClientOrderId(row.clientOrderId);
        if (!existing)
          await updateRow(
            ctx,
            row,
            { status: 'cancelled', failureReason: 'superseded before it was sent' },
            epic.accountId,
          );
        else await cancel(ctx, session, epic, await adopt(ctx, session, epic, row, existing));
      } else {
        await cancel(ctx, session, epic, row);
      }
    }
    epic = (await loadEpic(ctx.db, epicId)) ?? epic;
  }
  if (sending) {
    const rows = await loadOrders(ctx.db, epicId);
    for (const row of rows.filter((r) => r.status === 'intent' && wanted(r))) {
      const sellBusy = rows.some((r) => r.side === 'sell' && r.id !== row.id && r.status === 'open');
      if (row.side === 'sell' && sellBusy) continue;
      try {
        await send(ctx, session, epic, row);
      } catch (error) {
        if (!isExchangeError(error, 'post-only-would-cross') || row.purpose !== 'buy') throw error;
        await replaceCrossedLevel(ctx, epic, row);
        epic = (await loadEpic(ctx.db, epicId)) ?? epic;
      }
      epic = (await loadEpic(ctx.db, epicId)) ?? epic;
    }
  }
  const live = (await loadOrders(ctx.db, epicId)).filter((r) => LIVE.has(r.status));
  return { live };
};
