import type { Order } from '@cdca/engine';
import { filledInFull, isExchangeError, money, takerLevelOrder } from '@cdca/engine';
import type { EngineContext } from '../engine-context.ts';
import { type OrderRow, putOrder, type WorkingEpic } from '../store/epic-rows.ts';
import { intentRow } from '../store/order-rows.ts';
import type { AccountSession } from './account-sessions.ts';
import { applyFills } from './apply-fills.ts';
import { requestOf } from './order-request.ts';
import { type Answers, createAnswers } from './venue-answers.ts';

const LIVE = new Set(['intent', 'open']);
/** Rounds of sending per pass: a fill booked while sending may ask for one more order (the take-profit). */
const SEND_ROUNDS = 3;
/** failureReason prefix of a liquidation the venue refused as under its minimum: the rest is left as dust. */
export const DUST_REFUSAL = 'below-minimum';
const SUPERSEDED = { status: 'cancelled', failureReason: 'superseded before it was sent' } as const;

/** One step that brings one order row of an epic in line with the venue, returning the row as it now stands. */
type RowStep = (
  ctx: EngineContext,
  session: AccountSession,
  work: WorkingEpic,
  answers: Answers,
  row: OrderRow,
) => Promise<OrderRow>;

const updateRow = async (ctx: EngineContext, work: WorkingEpic, row: OrderRow, patch: Partial<OrderRow>) => {
  const saved = await ctx.store.updateOrder(row.id, patch, ctx.clock.now());
  if (!saved) return row;
  putOrder(work, saved);
  await ctx.events.tradeUpdated(work.row.accountId, saved);
  return saved;
};

/** Books every fill the venue reports for this order that the position has not booked yet, before its row closes. */
const fetchFills = async (ctx: EngineContext, session: AccountSession, work: WorkingEpic, order: Order) => {
  const fills = await session.account.listFills({ since: order.createdAt, productId: order.productId });
  const applied = new Set(work.row.position?.appliedTradeIds);
  await applyFills(
    ctx,
    work,
    fills.filter((f) => f.clientOrderId === order.clientOrderId && !applied.has(f.tradeId)),
  );
};

/** The venue's answer about one of our orders becomes the row's truth, fills booked first. */
const adopt = async (
  ctx: EngineContext,
  session: AccountSession,
  work: WorkingEpic,
  answers: Answers,
  row: OrderRow,
  order: Order,
) => {
  if (money(order.filledSize).gt(0)) await fetchFills(ctx, session, work, order);
  const fresh = work.orders.get(row.clientOrderId) ?? row;
  const status = fresh.status === 'filled' ? 'filled' : order.status;
  // The fill's transaction already recorded a filled order's venue id and status.
  if (fresh.exchangeOrderId === order.id && fresh.status === status) return fresh;
  return answers.record(fresh, status, order.id);
};

/**
 * Sends an intent row exactly once: unless this process itself just wrote it, the venue is asked first whether
 * an order with that client order id exists (a crash after sending), and that order is adopted.
 */
const send: RowStep = async (ctx, session, work, answers, row) => {
  const id = row.clientOrderId;
  if (!ctx.knownAbsent.has(id)) {
    const existing = await session.account.getOrderByClientOrderId(id);
    if (existing) return adopt(ctx, session, work, answers, row, existing);
    ctx.knownAbsent.add(id);
  }
  // From here the outcome is uncertain until the answer is recorded: a retry must look the order up first.
  ctx.knownAbsent.delete(id);
  const order = await session.account.placeOrder(requestOf(row, work.row.productId));
  return adopt(ctx, session, work, answers, row, order);
};

/** Cancels an order the position retired; done once the venue confirms it is no longer open. */
const cancel: RowStep = async (ctx, session, work, answers, row) => {
  let exchangeOrderId = row.exchangeOrderId;
  if (!exchangeOrderId) {
    const existing = await session.account.getOrderByClientOrderId(row.clientOrderId);
    if (!existing) return updateRow(ctx, work, row, SUPERSEDED);
    exchangeOrderId = existing.id;
  }
  let order = await session.account.getOrder(exchangeOrderId);
  if (order.status === 'open') {
    await session.account.cancelOrders([exchangeOrderId]);
    order = await session.account.getOrder(exchangeOrderId);
  }
  if (order.status === 'open') return row;
  return adopt(ctx, session, work, answers, row, order);
};

/** An intent the position no longer wants: dropped if it never left, else looked up, adopted and cancelled. */
const withdraw: RowStep = async (ctx, session, work, answers, row) => {
  // Written by this process and never tried: it cannot be on the venue.
  if (ctx.knownAbsent.delete(row.clientOrderId)) return updateRow(ctx, work, row, SUPERSEDED);
  const existing = await session.account.getOrderByClientOrderId(row.clientOrderId);
  if (!existing) return updateRow(ctx, work, row, SUPERSEDED);
  return cancel(ctx, session, work, answers, await adopt(ctx, session, work, answers, row, existing));
};

/** A resting level the market already passed: the domain re-places it as a taker, written with the refusal. */
const replaceCrossedLevel = async (ctx: EngineContext, work: WorkingEpic, row: OrderRow) => {
  const position = work.row.position;
  const next =
    position &&
    row.limitPrice &&
    takerLevelOrder(position, row.clientOrderId, money(row.limitPrice).toFixed());
  if (!next) return;
  const done = await ctx.store.replaceOrder(
    { row: work.row, position: next.position },
    { id: row.id, failureReason: 'post-only: the market was already below the level' },
    intentRow(work.row.id, next.intent),
    ctx.clock.now(),
  );
  if (!done) return;
  work.row = done.saved;
  for (const r of done.rows) putOrder(work, r);
  for (const r of done.inserted) ctx.knownAbsent.add(r.clientOrderId);
};

export type SyncResult = { live: OrderRow[] };

/** The order the position still wants and has not fully filled. */
const isWanted = (work: WorkingEpic, row: OrderRow) => {
  const order = work.row.position?.orders[row.clientOrderId];
  return order !== undefined && !order.retired && !filledInFull(order);
};

/** What is still to do for the epic's orders (among those `only` picks): a retired one live, or a wanted one unsent. */
export const ordersUnsettled = (work: WorkingEpic, only: (row: OrderRow) => boolean = () => true) =>
  [...work.orders.values()].some(
    (row) =>
      only(row) &&
      (isWanted(work, row) ? row.status === 'intent' : LIVE.has(row.status) || row.status === 'armed'),
  );

const cancelUnwanted = async (
  ctx: EngineContext,
  session: AccountSession,
  work: WorkingEpic,
  answers: Answers,
  only: ((row: OrderRow) => boolean) | undefined,
) => {
  for (const { clientOrderId } of [...work.orders.values()]) {
    // Re-read each time: a fill booked while handling an earlier row may have changed this one.
    const row = work.orders.get(clientOrderId);
    if (!row || (only && !only(row)) || isWanted(work, row)) continue;
    if (row.status === 'armed') await updateRow(ctx, work, row, { status: 'cancelled' });
    else if (row.status === 'intent') await withdraw(ctx, session, work, answers, row);
    else if (row.status === 'open') await cancel(ctx, session, work, answers, row);
  }
};

const sendWanted = async (
  ctx: EngineContext,
  session: AccountSession,
  work: WorkingEpic,
  answers: Answers,
) => {
  for (let round = 0; round < SEND_ROUNDS; round++) {
    let sent = false;
    for (const { clientOrderId } of [...work.orders.values()]) {
      const row = work.orders.get(clientOrderId);
      if (row?.status !== 'intent' || !isWanted(work, row)) continue;
      // Parts of one split sell are all wanted and go out together; a sell the position retired must be gone first.
      const sellBusy = [...work.orders.values()].some(
        (r) => r.side === 'sell' && r.id !== row.id && r.status === 'open' && !isWanted(work, r),
      );
      if (row.side === 'sell' && sellBusy) continue;
      try {
        await send(ctx, session, work, answers, row);
      } catch (error) {
        if (isExchangeError(error, 'below-minimum') && row.purpose === 'liquidation') {
          // The price fell between the engine's look and the sale: what is left is dust (docs/decisions/dust.md).
          await updateRow(ctx, work, row, {
            status: 'failed',
            failureReason: `${DUST_REFUSAL}: ${error.message}`,
          });
          continue;
        }
        if (!isExchangeError(error, 'post-only-would-cross') || row.purpose !== 'buy') throw error;
        await replaceCrossedLevel(ctx, work, row);
      }
      sent = true;
    }
    if (!sent) return;
  }
};

/**
 * Brings the venue in line with the position: retired orders cancelled (or dropped if never sent), wanted
 * intents sent. A new sell waits until every other sell of the epic is confirmed done, so a replaced
 * take-profit and its successor never both hold the coins (and a late fill of the old one re-sizes the new).
 * `only` limits the cancelling to some orders (the others stay on the venue as they are). `answers`: where the venue's
 * answers are recorded, by default written at the end of this sync (venue-answers.ts).
 */
export const syncOrders = async (
  ctx: EngineContext,
  session: AccountSession,
  work: WorkingEpic,
  {
    send: sending,
    only,
    answers = createAnswers(ctx, work),
  }: { send: boolean; only?: (row: OrderRow) => boolean; answers?: Answers },
): Promise<SyncResult> => {
  try {
    await cancelUnwanted(ctx, session, work, answers, only);
    if (sending) await sendWanted(ctx, session, work, answers);
  } catch (error) {
    // What the venue already answered is still worth keeping; the original failure is what the caller classifies.
    await answers.flush().catch(() => undefined);
    throw error;
  }
  await answers.flush();
  return { live: [...work.orders.values()].filter((r) => LIVE.has(r.status)) };
};
