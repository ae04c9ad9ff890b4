import { SUPPORT_TICKET_STATUSES, SUPPORT_TOPICS } from '@cdca/contracts';
import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema.ts';

export const supportTopic = pgEnum('support_topic', SUPPORT_TOPICS);
export const supportTicketStatus = pgEnum('support_ticket_status', SUPPORT_TICKET_STATUSES);

/** Requests sent through the public contact form; anyone may write one, signed in or not. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Set when a signed-in trader wrote it; kept as null if the account is deleted later. */
    accountId: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    email: text().notNull(),
    name: text(),
    topic: supportTopic().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    status: supportTicketStatus().notNull().default('open'),
    /** SHA-256 of the sender's IP address: enough to rate-limit a network, not to store the address itself. */
    senderHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_tickets_sender_created_idx').on(t.senderHash, t.createdAt),
    index('support_tickets_account_idx').on(t.accountId),
  ],
);
