import type { EngineContext } from '../engine-context.ts';
import { type OrderRow, putOrder, type WorkingEpic } from '../store/epic-rows.ts';
import type { VenueAnswer } from '../store/epic-writes.ts';

/**
 * The venue's answers about orders (sent, cancelled) are recorded together at the end of a sync, in one statement,
 * instead of one write per order. Safe to lose in a crash: a row still 'intent' is looked up by its client order id
 * before anything is sent again, and a row still 'open' is asked about before it is cancelled.
 */
export const createAnswers = (ctx: EngineContext, work: WorkingEpic) => {
  const pending = new Map<string, VenueAnswer>();
  return {
    record: (row: OrderRow, status: OrderRow['status'], exchangeOrderId: string) => {
      const from = pending.get(row.id)?.from ?? row.status;
      const answered = { ...row, status, exchangeOrderId, updatedAt: ctx.clock.now() };
      pending.set(row.id, { row: answered, from });
      putOrder(work, answered);
      return answered;
    },
    flush: async () => {
      const answers = [...pending.values()];
      pending.clear();
      for (const row of await ctx.store.recordAnswers(answers, ctx.clock.now())) {
        putOrder(work, row);
        await ctx.events.tradeUpdated(work.row.accountId, row);
      }
    },
  };
};
export type Answers = ReturnType<typeof createAnswers>;
