import { SUPPORT_MESSAGE_AUTHORS, SUPPORT_TICKET_STATUSES, SUPPORT_TOPICS } from '@cdca/contracts';
import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';
import { payments } from '../billing/payments.schema.ts';
import { epics } from '../epics/epics.schema.ts';

export const supportTopic = pgEnum('support_topic', SUPPORT_TOPICS);
export const supportTicketStatus = pgEnum('support_ticket_status', SUPPORT_TICKET_STATUSES);
export const supportMessageAuthor = pgEnum('support_message_author', SUPPORT_MESSAGE_AUTHORS);

/**
 * A support ticket: written through the public contact form (anyone) or the signed-in /support page. Its opening
 * message is `message`; everything after it is a row of support_ticket_messages (docs/decisions/support-tickets.md).
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The account the ticket belongs to; a public ticket joins the account with its e-mail when that account asks. */
    accountId: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    email: text().notNull(),
    name: text(),
    topic: supportTopic().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    status: supportTicketStatus().notNull().default('open'),
    /** One of the account's epics or payments the question is about; the owner sees it beside the thread. */
    epicId: uuid().references(() => epics.id, { onDelete: 'set null' }),
    paymentId: uuid().references(() => payments.id, { onDelete: 'set null' }),
    /** SHA-256 of the sender's IP address: enough to rate-limit a network, not to store the address itself. */
    senderHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The newest message's time: lists sort by it. */
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The owner's first reply: first-response time is this minus createdAt. */
    firstResponseAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('support_tickets_sender_created_idx').on(t.senderHash, t.createdAt),
    index('support_tickets_account_idx').on(t.accountId),
    index('support_tickets_status_activity_idx').on(t.status, t.lastActivityAt),
    index('support_tickets_email_idx').on(sql`lower(${t.email})`),
  ],
);

/** The replies of a ticket's thread, oldest first, after the opening message the ticket row holds. */
export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    ticketId: uuid()
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: supportMessageAuthor().notNull(),
    /** Who wrote it; null once that account is deleted. */
    authorAccountId: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);
