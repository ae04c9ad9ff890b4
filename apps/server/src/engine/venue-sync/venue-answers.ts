import type { EngineContext } from '../engine-context.ts';
import { type OrderRow, putOrder, type WorkingEpic } from '../store/epic-rows.ts';
import type { VenueAnswer } from '../store/epic-writes.ts';

/** Answers not yet written, by order row id, each with the working copy it belongs to. */
type Pending = Map<string, VenueAnswer & { work: WorkingEpic }>;

/** Where a sync records the venue's answers: `flush` writes what was recorded (a no-op when the chunk writes it). */
export type Answers = {
  record: (row: OrderRow, status: OrderRow['status'], exchangeOrderId: string) => OrderRow;
  flush: () => Promise<void>;
};

/** The answer is the working copy's truth at once; the row is written later, guarded by the status it had. */
const recordInto =
  (ctx: EngineContext, pending: Pending, work: WorkingEpic): Answers['record'] =>
  (row, status, exchangeOrderId) => {
    const from = pending.get(row.id)?.from ?? row.status;
    const answered = { ...row, status, exchangeOrderId, updatedAt: ctx.clock.now() };
    pending.set(row.id, { row: answered, from, work });
    putOrder(work, answered);
    return answered;
  };

const writeAll = async (ctx: EngineContext, pending: Pending) => {
  const answers = [...pending.values()];
  pending.clear();
  const workOf = new Map(answers.map((a) => [a.row.id, a.work]));
  for (const row of await ctx.store.recordAnswers(answers, ctx.clock.now())) {
    const work = workOf.get(row.id);
    if (!work) continue;
    putOrder(work, row);
    await ctx.events.tradeUpdated(work.row.accountId, row);
  }
};

/**
 * The venue's answers about orders (sent, cancelled) are recorded together at the end of a sync, in one statement,
 * instead of one write per order. Safe to lose in a crash: a row still 'intent' is looked up by its client order id
 * before anything is sent again, and a row still 'open' is asked about before it is cancelled.
 */
export const createAnswers = (ctx: EngineContext, work: WorkingEpic): Answers => {
  const pending: Pending = new Map();
  return { record: recordInto(ctx, pending, work), flush: () => writeAll(ctx, pending) };
};

/**
 * The answers of a whole chunk of epics, written in one statement when the chunk is done
 * (docs/decisions/batched-settlement.md, "The venue's answers"). Only for a sync after which the epic stays open
 * (a step of an active epic): its orders are worked again next pass whether the answers were written or lost. A sync
 * that ends an epic writes its own answers before the epic moves (createAnswers).
 */
export const createChunkAnswers = (ctx: EngineContext) => {
  const pending: Pending = new Map();
  return {
    forEpic: (work: WorkingEpic): Answers => ({
      record: recordInto(ctx, pending, work),
      flush: async () => undefined,
    }),
    flush: () => writeAll(ctx, pending),
  };
};
export type ChunkAnswers = ReturnType<typeof createChunkAnswers>;
