import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { epicOrders } from '../modules/epics/epics.schema.ts';
import type { EngineContext } from './engine-context.ts';
import { type OrderRow, putOrder, type WorkingEpic } from './epic-rows.ts';

type OrderStatus = OrderRow['status'];
type Answer = { row: OrderRow; from: OrderStatus };

/**
 * The venue's answers about orders (sent, cancelled) are recorded together at the end of a sync, in one statement,
 * instead of one write per order. Safe to lose in a crash: a row still 'intent' is looked up by its client order id
 * before anything is sent again, and a row still 'open' is asked about before it is cancelled. Each write is guarded
 * by the status the row had, so it never undoes what a fill's transaction wrote meanwhile (filled).
 */
export const createAnswers = (ctx: EngineContext, work: WorkingEpic) => {
  const pending = new Map<string, Answer>();
  return {
    record: (row: OrderRow, status: OrderStatus, exchangeOrderId: string) => {
      const from = pending.get(row.id)?.from ?? row.status;
      const answered = { ...row, status, exchangeOrderId, updatedAt: ctx.clock.now() };
      pending.set(row.id, { row: answered, from });
      putOrder(work, answered);
      return answered;
    },
    flush: async () => {
      const answers = [...pending.values()];
      pending.clear();
      if (answers.length === 0) return;
      const caseOf = (value: (a: Answer) => string): SQL =>
        sql`case ${epicOrders.id} ${sql.join(
          answers.map((a) => sql`when ${a.row.id}::uuid then ${value(a)}`),
          sql` `,
        )} end`;
      const rows = await ctx.db
        .update(epicOrders)
        .set({
          status: sql`(${caseOf((a) => a.row.status)})`,
          exchangeOrderId: sql`(${caseOf((a) => a.row.exchangeOrderId ?? '')})`,
          updatedAt: ctx.clock.now(),
        })
        .where(or(...answers.map((a) => and(eq(epicOrders.id, a.row.id), eq(epicOrders.status, a.from)))))
        .returning();
      for (const row of rows) {
        putOrder(work, row);
        await ctx.events.tradeUpdated(work.row.accountId, row);
      }
    },
  };
};
export type Answers = ReturnType<typeof createAnswers>;
