import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { supportTickets } from './support.schema.ts';

export type SupportTicketRow = typeof supportTickets.$inferSelect;
export type NewSupportTicket = typeof supportTickets.$inferInsert;

export type RateLimit = { max: number; windowMs: number };

export type InsertOutcome =
  | { inserted: true; row: SupportTicketRow }
  | { inserted: false; retryAfterSeconds: number };

export const createSupportRepository = (db: Db) => ({
  /**
   * Inserts the ticket unless its sender already wrote `limit.max` within the window. The count and the insert
   * run under a per-sender advisory lock, so parallel requests cannot all slip under the limit.
   */
  insertWithinLimit: (values: NewSupportTicket & { senderHash: string }, limit: RateLimit, now: Date) =>
    db.transaction(async (tx): Promise<InsertOutcome> => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`support:${values.senderHash}`}))`);
      const since = new Date(now.getTime() - limit.windowMs);
      const recent = and(
        eq(supportTickets.senderHash, values.senderHash),
        gt(supportTickets.createdAt, since),
      );
      const [counted] = await tx.select({ total: count() }).from(supportTickets).where(recent);
      if ((counted?.total ?? 0) >= limit.max) {
        const [oldest] = await tx
          .select({ createdAt: supportTickets.createdAt })
          .from(supportTickets)
          .where(recent)
          .orderBy(asc(supportTickets.createdAt))
          .limit(1);
        const freesAt = (oldest?.createdAt.getTime() ?? now.getTime()) + limit.windowMs;
        return {
          inserted: false,
          retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)),
        };
      }
      const [row] = await tx
        .insert(supportTickets)
        .values({ ...values, createdAt: now })
        .returning();
      if (!row) throw new Error('support ticket insert returned no row');
      return { inserted: true, row };
    }),

  findById: async (id: string): Promise<SupportTicketRow | undefined> => {
    const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id)).limit(1);
    return row;
  },
});
