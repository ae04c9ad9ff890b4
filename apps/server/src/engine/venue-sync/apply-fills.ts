import type { Fill } from '@cdca/engine';
import { fillEpic, profitsDollarAmount } from '@cdca/engine';
import type { EngineContext } from '../engine-context.ts';
import { afterEpicMoved } from '../steps/epic-ended.ts';
import { putOrder, type WorkingEpic } from '../store/epic-rows.ts';
import { type FillBase, type FillBooking, StaleWorkingCopy } from '../store/fill-writes.ts';
import { intentRow } from '../store/order-rows.ts';

/** The domain's answer to one fill (fillEpic), as the rows the store writes; undefined books nothing. */
const decideFill =
  (ctx: EngineContext, epicId: string, fill: Fill, now: Date) =>
  (base: FillBase): FillBooking | undefined => {
    if (!base.position) return undefined;
    const booked = fillEpic(base.position, base.status, fill);
    if (booked.outcome === 'unknown-order')
      ctx.log.warn({ epicId, tradeId: fill.tradeId }, 'engine: fill for an order the epic does not know');
    if (booked.outcome !== 'applied') return undefined;
    if (booked.refused)
      ctx.log.warn({ epicId, error: booked.refused }, 'engine: refused an illegal transition');
    return {
      position: booked.position,
      status: booked.state,
      intents: booked.intents.flatMap((i) => (i.type === 'place-order' ? [intentRow(epicId, i)] : [])),
      disarm: booked.intents.some((i) => i.type === 'disarm-triggers'),
      closing:
        booked.state === 'liquidated'
          ? { profitsDollarAmount: profitsDollarAmount(booked.position), closedAt: now }
          : {},
    };
  };

/** Books optimistically from the working copy; a stale copy is booked again from the locked row. */
const bookOnce = (ctx: EngineContext, work: WorkingEpic, fill: Fill) => {
  const now = ctx.clock.now();
  const decide = decideFill(ctx, work.row.id, fill, now);
  return ctx.store.bookFill({ work, fill, lock: false, now }, decide).catch((error: unknown) => {
    if (error instanceof StaleWorkingCopy) return ctx.store.bookFill({ work, fill, lock: true, now }, decide);
    throw error;
  });
};

/**
 * Books one fill exactly once (docs/decisions/worker-over-domain.md: the domain decides, the store writes it in
 * one transaction). The working copy takes what the transaction returned; realtime and the level-hit notice follow.
 */
export const applyOneFill = async (ctx: EngineContext, work: WorkingEpic, fill: Fill): Promise<boolean> => {
  const epicId = work.row.id;
  if (work.row.position?.appliedTradeIds.includes(fill.tradeId)) return false;
  const statusBefore = work.row.status;
  const done = await bookOnce(ctx, work, fill);
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
  // A liquidation's last sell ends the epic here rather than through moveEpic.
  await afterEpicMoved(ctx, statusBefore, done.row);
  return true;
};

/** Oldest first, so partial fills book in the order the venue made them. */
export const applyFills = async (ctx: EngineContext, work: WorkingEpic, fills: readonly Fill[]) => {
  const sorted = [...fills].sort((a, b) => a.time.getTime() - b.time.getTime());
  for (const fill of sorted) await applyOneFill(ctx, work, fill);
};
