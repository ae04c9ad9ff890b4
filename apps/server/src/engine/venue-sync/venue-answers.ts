import type { EngineContext } from '../engine-context.ts';
import { type OrderRow, putOrder, type WorkingEpic } from '../store/epic-rows.ts';
import type { VenueAnswer } from '../store/epic-writes.ts';

/** Where a sync records the venue's answers: `flush` writes what was recorded (a no-op when the chunk writes it). */
export type Answers = {
  record: (row: OrderRow, status: OrderRow['status'], exchangeOrderId: string) => OrderRow;
  flush: () => Promise<void>;
};

/**
 * The venue's answers about orders (sent, cancelled) of a whole chunk of epics, written in one guarded statement when
 * the chunk is done instead of one write per order (docs/decisions/batched-settlement.md, "The venue's answers"). An
 * answer is the working copy's truth at once; its row is written later, guarded by the status it had. Safe to lose in
 * a crash: a row still 'intent' is looked up by its client order id before anything is sent again, and a row still
 * 'open' is asked about before it is cancelled. Only for syncs after which the epic stays open (a step of an active
 * epic); a sync that can end an epic writes its own answers before the epic moves (createAnswers).
 */
export const createChunkAnswers = (ctx: EngineContext) => {
  const pending = new Map<string, VenueAnswer & { work: WorkingEpic }>();
  return {
    forEpic: (work: WorkingEpic): Answers => ({
      record: (row, status, exchangeOrderId) => {
        const from = pending.get(row.id)?.from ?? row.status;
        const answered = { ...row, status, exchangeOrderId, updatedAt: ctx.clock.now() };
        pending.set(row.id, { row: answered, from, work });
        putOrder(work, answered);
        return answered;
      },
      flush: async () => undefined,
    }),
    flush: async () => {
      const answers = [...pending.values()];
      pending.clear();
      const workOf = new Map(answers.map((a) => [a.row.id, a.work]));
      for (const row of await ctx.store.recordAnswers(answers, ctx.clock.now())) {
        const work = workOf.get(row.id);
        if (!work) continue;
        putOrder(work, row);
        await ctx.events.tradeUpdated(work.row.accountId, row);
      }
    },
  };
};
export type ChunkAnswers = ReturnType<typeof createChunkAnswers>;

/** One epic's answers, written at the end of its own sync: a chunk of one that flushes itself. */
export const createAnswers = (ctx: EngineContext, work: WorkingEpic): Answers => {
  const chunk = createChunkAnswers(ctx);
  return { record: chunk.forEpic(work).record, flush: chunk.flush };
};
