import type { Fill } from '@cdca/engine';
import { fillEpic, profitsDollarAmount, TERMINAL_STATES } from '@cdca/engine';
import type { EngineContext } from '../engine-context.ts';
import { afterEpicMoved } from '../steps/epic-ended.ts';
import { BatchNotPlain, type BookedFill, type PlainBooking } from '../store/batch-fill-writes.ts';
import { type EpicRow, type OrderRow, putOrder, type WorkingEpic } from '../store/epic-rows.ts';
import { type FillBase, type FillBooking, StaleWorkingCopy } from '../store/fill-writes.ts';
import { intentRow } from '../store/order-rows.ts';

type Booked = ReturnType<typeof fillEpic> & { outcome: 'applied' };

/** The rows the store writes for what fillEpic decided. */
const bookingOf = (epicId: string, booked: Booked, now: Date): FillBooking => ({
  position: booked.position,
  status: booked.state,
  intents: booked.intents.flatMap((i) => (i.type === 'place-order' ? [intentRow(epicId, i)] : [])),
  disarm: booked.intents.some((i) => i.type === 'disarm-triggers'),
  closing:
    booked.state === 'liquidated'
      ? { profitsDollarAmount: profitsDollarAmount(booked.position), closedAt: now }
      : {},
});

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
    return bookingOf(epicId, booked, now);
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

/** A committed booking: the working copy takes what the transaction returned; realtime and the level-hit notice follow. */
const afterBooked = async (
  ctx: EngineContext,
  work: WorkingEpic,
  statusBefore: EpicRow['status'],
  done: Omit<BookedFill, 'inserted'> & { inserted: OrderRow[]; orderRows: OrderRow[]; disarm: boolean },
) => {
  const epicId = work.row.id;
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
};

/**
 * Books one fill exactly once (docs/decisions/worker-over-domain.md: the domain decides, the store writes it in
 * one transaction).
 */
export const applyOneFill = async (ctx: EngineContext, work: WorkingEpic, fill: Fill): Promise<boolean> => {
  if (work.row.position?.appliedTradeIds.includes(fill.tradeId)) return false;
  const statusBefore = work.row.status;
  const done = await bookOnce(ctx, work, fill);
  if (!done) return false;
  await afterBooked(ctx, work, statusBefore, done);
  return true;
};

/** Oldest first, so partial fills book in the order the venue made them. */
export const applyFills = async (ctx: EngineContext, work: WorkingEpic, fills: readonly Fill[]) => {
  const sorted = [...fills].sort((a, b) => a.time.getTime() - b.time.getTime());
  for (const fill of sorted) await applyOneFill(ctx, work, fill);
};

/**
 * A fill the batch may book: the epic's only new fill this pass, applied cleanly by the domain (no unknown order,
 * no refused move), neither from nor into a final state and disarming nothing. Anything else is booked alone by
 * applyFills, which handles each of those cases.
 */
export const plainBooking = (
  work: WorkingEpic,
  fills: readonly Fill[],
  now: Date,
): PlainBooking | undefined => {
  const { row } = work;
  const fresh = fills.filter((f) => !row.position?.appliedTradeIds.includes(f.tradeId));
  const [fill] = fresh;
  if (!fill || fresh.length > 1 || !row.position || TERMINAL_STATES.includes(row.status)) return undefined;
  const booked = fillEpic(row.position, row.status, fill);
  if (booked.outcome !== 'applied' || booked.refused || TERMINAL_STATES.includes(booked.state))
    return undefined;
  const booking = bookingOf(row.id, booked, now);
  return booking.disarm ? undefined : { row, fill, booking };
};

/**
 * The plain fills of many epics (plainBooking) booked in one transaction (store/batch-fill-writes.ts), then each
 * epic's working copy, realtime and notices as applyOneFill does. The ids of the epics booked here; the others'
 * fills are left for applyFills. When the batch cannot be booked as decided (a fill already booked, an epic
 * changed meanwhile) or fails, nothing of it was written and every epic is left for applyFills.
 */
export const applyPlainFills = async (
  ctx: EngineContext,
  items: readonly { work: WorkingEpic; fills: readonly Fill[] }[],
): Promise<Set<string>> => {
  const now = ctx.clock.now();
  const plain: { work: WorkingEpic; booking: PlainBooking }[] = [];
  for (const { work, fills } of items) {
    const booking = plainBooking(work, fills, now);
    if (booking) plain.push({ work, booking });
  }
  // One epic gains nothing from a batch; it goes the usual way.
  if (plain.length < 2) return new Set();
  let booked: Map<string, BookedFill>;
  try {
    booked = await ctx.store.bookFills(
      plain.map((p) => p.booking),
      now,
    );
  } catch (error) {
    if (!(error instanceof BatchNotPlain))
      ctx.log.warn({ err: error }, 'engine: a batch of fills failed; booking them one by one');
    return new Set();
  }
  for (const { work } of plain) {
    const done = booked.get(work.row.id);
    if (done)
      await afterBooked(ctx, work, work.row.status, { ...done, orderRows: done.inserted, disarm: false });
  }
  return new Set(booked.keys());
};
