import { createPosition, money, openingIntents, restoreMissingLevels, retireAll } from '@cdca/engine';
import type { EngineContext } from '../engine-context.ts';
import { putOrder, type WorkingEpic } from '../store/epic-rows.ts';
import type { AccountSession } from '../venue-sync/account-sessions.ts';
import { syncOrders } from '../venue-sync/order-sync.ts';
import { STOP_REASON } from './epic-ended.ts';
import { moveEpic, savePosition, writeIntents } from './epic-writes.ts';

/** pending: the opening intents written (rows first, in one transaction with the position), then sent. */
export const openEpic = async (ctx: EngineContext, work: WorkingEpic) => {
  // The API saves the initial position with the epic; an older row may have none.
  const position =
    work.row.position ??
    createPosition(work.row.id, await ctx.store.loadPlan(work.row.id), await ctx.product(work.row.productId));
  return writeIntents(ctx, work, position, openingIntents(position));
};

/** Levels a pause cancelled (account not active) are placed again once the epic may trade. */
export const restoreLevels = async (ctx: EngineContext, work: WorkingEpic) => {
  const { position } = work.row;
  if (!position) return work.row;
  const restored = restoreMissingLevels(position);
  if (restored.intents.length === 0) return work.row;
  ctx.log.info({ epicId: work.row.id, levels: restored.intents.length }, 'engine: levels placed again');
  return writeIntents(ctx, work, restored.position, restored.intents);
};

/** Arms the epic's above-levels and stop in this process's trigger book (idempotent; restart-safe). */
export const armTriggers = (ctx: EngineContext, work: WorkingEpic) => {
  const { row } = work;
  for (const order of work.orders.values()) {
    if (order.status === 'armed' && order.limitPrice && !ctx.book.has(order.clientOrderId)) {
      ctx.book.add({
        id: order.clientOrderId,
        epicId: row.id,
        productId: row.productId,
        kind: 'buy',
        price: order.limitPrice,
      });
    }
  }
  const { stopPrice } = row.terms;
  const stopId = `stop:${row.id}`;
  if (stopPrice && !ctx.book.has(stopId)) {
    ctx.book.add({ id: stopId, epicId: row.id, productId: row.productId, kind: 'stop', price: stopPrice });
  }
};

/**
 * Fired above-levels become intents at the ask that fired them; a fired stop liquidates. false: the epic changed
 * under us (the stop's move lost a race), so this pass leaves it alone.
 */
export const actOnTriggers = async (ctx: EngineContext, work: WorkingEpic): Promise<boolean> => {
  const fired = ctx.fired.get(work.row.id) ?? [];
  ctx.fired.delete(work.row.id);
  for (const trigger of fired) {
    if (trigger.kind === 'stop') {
      const reason = `${STOP_REASON} (${trigger.bid}).`;
      if (!(await moveEpic(ctx, work, 'stop-triggered', { statusReason: reason }))) return false;
      continue;
    }
    const row = await ctx.store.fireArmedOrder(trigger.id, trigger.ask, ctx.clock.now());
    if (row) {
      putOrder(work, row);
      ctx.knownAbsent.add(row.clientOrderId);
    }
  }
  return true;
};

/** Product gone or halted: delisted (open orders cancelled) or a warning until trading resumes. */
export const checkProduct = async (
  ctx: EngineContext,
  session: AccountSession,
  work: WorkingEpic,
): Promise<'ok' | 'delisted' | 'halted'> => {
  const { productId } = work.row;
  const product = await ctx.product(productId);
  if (product.status === 'delisted') {
    const cancelled = work.row.position && retireAll(work.row.position);
    const saved = cancelled?.retired ? await savePosition(ctx, work, cancelled.position) : work.row;
    ctx.book.removeEpic(work.row.id);
    // Best effort: a delisted product's orders are usually cancelled by the venue already.
    if (saved) await syncOrders(ctx, session, work, { send: false }).catch(() => undefined);
    await moveEpic(ctx, work, 'product-delisted', {
      statusReason: `${productId} was delisted by the exchange; open orders were cancelled and the coins bought are kept.`,
      closedAt: ctx.clock.now(),
    });
    return 'delisted';
  }
  if (product.status !== 'online' || product.tradingDisabled || product.cancelOnly) return 'halted';
  return 'ok';
};

/**
 * Level 1 is a marketable limit at the reference price plus the plan's slippage cap. Still open while the market
 * is above that limit means the price ran away between the preview and the first pass: the order keeps waiting
 * at its limit (it buys the moment the price is back), and the trader is told why nothing was bought
 * (docs/decisions/marketable-first-level.md). The message, or undefined when level 1 is not stuck above its cap.
 */
export const levelOneRanAway = async (ctx: EngineContext, work: WorkingEpic): Promise<string | undefined> => {
  const stuck = [...work.orders.values()].find(
    (r) =>
      r.purpose === 'buy' && r.level === 1 && r.status === 'open' && r.postOnly === 'false' && r.limitPrice,
  );
  if (!stuck?.limitPrice) return undefined;
  const product = await ctx.product(work.row.productId);
  if (!money(product.price).gt(stuck.limitPrice)) return undefined;
  const { slippageCap } = work.row.terms;
  const cap = slippageCap ? ` (the reference price plus the ${slippageCap} % slippage cap)` : '';
  return (
    `The price ran away before level 1 was bought: ${work.row.productId} is at ${product.price}, above level 1's ` +
    `limit of ${money(stuck.limitPrice).toFixed()}${cap}. The order waits at its limit and the epic keeps ` +
    'checking; it buys as soon as the price is back under the limit, or cancel the epic.'
  );
};
