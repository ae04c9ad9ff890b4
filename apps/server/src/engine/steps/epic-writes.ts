import type { EpicEvent, Intent, Position } from '@cdca/engine';
import { transition } from '@cdca/engine';
import type { EngineContext } from '../engine-context.ts';
import { type EpicPatch, putOrder, summaryOf, type WorkingEpic } from '../store/epic-rows.ts';
import { armedRow, intentRow } from '../store/order-rows.ts';
import { afterEpicMoved } from './epic-ended.ts';

/** Every status change goes through the one table; an illegal one is logged and refused, never forced. */
export const moveEpic = async (
  ctx: EngineContext,
  work: WorkingEpic,
  event: EpicEvent,
  patch: EpicPatch = {},
) => {
  const from = work.row.status;
  const moved = transition(from, event);
  if (!moved.ok) {
    ctx.log.warn({ epicId: work.row.id, error: moved.error }, 'engine: refused an illegal transition');
    return undefined;
  }
  const saved = await ctx.store.saveEpic(work.row, { ...patch, status: moved.state }, ctx.clock.now());
  if (saved) {
    work.row = saved;
    await ctx.events.epicUpdated(saved);
    ctx.log.info({ epicId: saved.id, from, to: saved.status, event }, 'engine: epic moved');
    await afterEpicMoved(ctx, from, saved);
  }
  return saved;
};

/** Writes fields other than the status (a reason, a back-off), with the realtime event. */
export const patchEpic = async (ctx: EngineContext, work: WorkingEpic, patch: EpicPatch) => {
  const saved = await ctx.store.saveEpic(work.row, patch, ctx.clock.now());
  if (saved) {
    work.row = saved;
    await ctx.events.epicUpdated(saved);
  }
  return saved;
};

/** The position only (orders retired or registered); undefined when the epic changed under us. */
export const savePosition = async (ctx: EngineContext, work: WorkingEpic, position: Position) => {
  const saved = await ctx.store.saveEpic(work.row, summaryOf(position), ctx.clock.now());
  if (saved) work.row = saved;
  return saved;
};

/**
 * The position and the order rows its intents call for, in one transaction: an order row is always written
 * BEFORE its order is sent, and never without the position that knows it. Intents already written (a retry after
 * a crash) are left as they are; only the rows inserted here are known never to have been sent.
 */
export const writeIntents = async (
  ctx: EngineContext,
  work: WorkingEpic,
  position: Position,
  intents: readonly Intent[],
) => {
  const epicId = work.row.id;
  const rows = intents.flatMap((intent) => {
    if (intent.type === 'place-order') return [intentRow(epicId, intent)];
    const order = intent.type === 'arm-trigger' ? position.orders[intent.clientOrderId] : undefined;
    return order ? [armedRow(epicId, order)] : [];
  });
  const done = await ctx.store.savePositionWithOrders(work.row, position, rows, ctx.clock.now());
  if (!done) return undefined;
  work.row = done.saved;
  for (const row of done.inserted) {
    putOrder(work, row);
    if (row.status === 'intent') ctx.knownAbsent.add(row.clientOrderId);
  }
  return done.saved;
};
