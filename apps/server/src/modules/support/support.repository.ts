import type { TAdminSupportQuery, TSupportMessageAuthor } from '@cdca/contracts';
import { and, asc, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { payments } from '../billing/payments.schema.ts';
import { epics } from '../epics/epics.schema.ts';
import { supportTicketMessages, supportTickets } from './support.schema.ts';

export type SupportTicketRow = typeof supportTickets.$inferSelect;
export type NewSupportTicket = typeof supportTickets.$inferInsert;
export type SupportMessageRow = typeof supportTicketMessages.$inferSelect;

/** A ticket with what its list row shows about its thread. */
export type SupportTicketListRow = SupportTicketRow & {
  replyCount: number;
  lastAuthor: TSupportMessageAuthor | null;
};

// Spelled out: inside a subquery drizzle may leave a column unqualified, and "id" would then mean the message's.
const replyCount = sql<number>`(select count(*)::int from support_ticket_messages m where m.ticket_id = "support_tickets"."id")`;
const lastAuthor = sql<TSupportMessageAuthor | null>`(select m.author from support_ticket_messages m where m.ticket_id = "support_tickets"."id" order by m.created_at desc, m.id desc limit 1)`;

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
        .values({ ...values, createdAt: now, lastActivityAt: now })
        .returning();
      if (!row) throw new Error('support ticket insert returned no row');
      return { inserted: true, row };
    }),

  findById: async (id: string): Promise<SupportTicketRow | undefined> => {
    const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id)).limit(1);
    return row;
  },

  /** Gives the account every public ticket written from its e-mail address that no account holds yet. */
  joinPublicTickets: async (accountId: string, email: string): Promise<number> => {
    const joined = await db
      .update(supportTickets)
      .set({ accountId })
      .where(
        and(isNull(supportTickets.accountId), sql`lower(${supportTickets.email}) = ${email.toLowerCase()}`),
      )
      .returning({ id: supportTickets.id });
    return joined.length;
  },

  /** Newest activity first; `where` narrows it (one account, a status, a topic). */
  list: async (filter: { accountId?: string } & TAdminSupportQuery): Promise<SupportTicketListRow[]> => {
    const conditions: SQL[] = [];
    if (filter.accountId) conditions.push(eq(supportTickets.accountId, filter.accountId));
    if (filter.status) conditions.push(eq(supportTickets.status, filter.status));
    if (filter.topic) conditions.push(eq(supportTickets.topic, filter.topic));
    const rows = await db
      .select({ ticket: supportTickets, replyCount, lastAuthor })
      .from(supportTickets)
      .where(and(...conditions))
      .orderBy(desc(supportTickets.lastActivityAt), desc(supportTickets.id))
      .limit(500);
    return rows.map((row) => ({
      ...row.ticket,
      replyCount: Number(row.replyCount),
      lastAuthor: row.lastAuthor,
    }));
  },

  messagesOf: (ticketId: string): Promise<SupportMessageRow[]> =>
    db
      .select()
      .from(supportTicketMessages)
      .where(eq(supportTicketMessages.ticketId, ticketId))
      .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id)),

  /**
   * Adds a reply and moves the ticket with it, in one transaction: an owner's reply makes it answered (and stamps
   * the first response once), the trader's makes it open again.
   */
  addMessage: (input: {
    ticketId: string;
    author: TSupportMessageAuthor;
    authorAccountId: string | null;
    body: string;
    now: Date;
  }) =>
    db.transaction(async (tx) => {
      await tx.insert(supportTicketMessages).values({
        ticketId: input.ticketId,
        author: input.author,
        authorAccountId: input.authorAccountId,
        body: input.body,
        createdAt: input.now,
      });
      const [ticket] = await tx
        .update(supportTickets)
        .set({
          lastActivityAt: input.now,
          status: input.author === 'owner' ? 'answered' : 'open',
          ...(input.author === 'owner'
            ? {
                firstResponseAt: sql`coalesce(${supportTickets.firstResponseAt}, ${input.now.toISOString()}::timestamptz)`,
              }
            : {}),
        })
        .where(eq(supportTickets.id, input.ticketId))
        .returning();
      if (!ticket) throw new Error('support ticket vanished while replying');
      return ticket;
    }),

  setStatus: async (id: string, status: SupportTicketRow['status'], now: Date) => {
    const [row] = await db
      .update(supportTickets)
      .set({ status, lastActivityAt: now })
      .where(eq(supportTickets.id, id))
      .returning();
    return row;
  },

  epicOf: async (id: string) => {
    const [row] = await db
      .select({
        id: epics.id,
        accountId: epics.accountId,
        productId: epics.productId,
        status: epics.status,
        budget: epics.budget,
      })
      .from(epics)
      .where(eq(epics.id, id))
      .limit(1);
    return row;
  },

  paymentOf: async (id: string) => {
    const [row] = await db
      .select({
        id: payments.id,
        accountId: payments.accountId,
        cycle: payments.cycle,
        status: payments.status,
        amountDue: payments.amountDue,
      })
      .from(payments)
      .where(eq(payments.id, id))
      .limit(1);
    return row;
  },

  accountOf: async (id: string) => {
    const [row] = await db
      .select({
        id: accounts.id,
        email: accounts.email,
        status: accounts.status,
        accountRank: accounts.accountRank,
      })
      .from(accounts)
      .where(eq(accounts.id, id))
      .limit(1);
    return row;
  },
});
