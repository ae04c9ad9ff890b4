import { z } from 'zod/mini';
import { ZAccountStatus, ZRankTier } from './account.ts';
import { ZDecimal } from './decimal.ts';
import { ZEpicStatus } from './epics.ts';
import { ZPaymentStatus } from './payments.ts';
import { text } from './text.ts';

/** What a support request is about; the public contact form offers these. */
export const SUPPORT_TOPICS = ['account', 'billing', 'epics', 'exchange-keys', 'partners', 'other'] as const;
export const ZSupportTopic = z.enum(SUPPORT_TOPICS, { message: 'Pick what your question is about.' });
export type TSupportTopic = z.infer<typeof ZSupportTopic>;

export const SUPPORT_TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export const ZSupportTicketStatus = z.enum(SUPPORT_TICKET_STATUSES);
export type TSupportTicketStatus = z.infer<typeof ZSupportTicketStatus>;

/** Who wrote a message of a ticket's thread: the trader (or visitor) who opened it, or an owner answering. */
export const SUPPORT_MESSAGE_AUTHORS = ['trader', 'owner'] as const;
export const ZSupportMessageAuthor = z.enum(SUPPORT_MESSAGE_AUTHORS);
export type TSupportMessageAuthor = z.infer<typeof ZSupportMessageAuthor>;

/** Limits the form shows beside its fields; the server enforces the same numbers. */
export const SUPPORT_LIMITS = {
  nameMax: 100,
  subjectMin: 3,
  subjectMax: 140,
  messageMin: 20,
  messageMax: 5000,
} as const;

const subjectField = () =>
  text('Add a short subject.').check(
    z.trim(),
    z.minLength(SUPPORT_LIMITS.subjectMin, {
      message: `Add a short subject (at least ${SUPPORT_LIMITS.subjectMin} characters).`,
    }),
    z.maxLength(SUPPORT_LIMITS.subjectMax, {
      message: `Keep the subject under ${SUPPORT_LIMITS.subjectMax} characters.`,
    }),
  );

const messageField = () =>
  text('Tell us what happened.').check(
    z.trim(),
    z.minLength(SUPPORT_LIMITS.messageMin, {
      message: `Tell us a little more: at least ${SUPPORT_LIMITS.messageMin} characters.`,
    }),
    z.maxLength(SUPPORT_LIMITS.messageMax, {
      message: `Keep the message under ${SUPPORT_LIMITS.messageMax} characters.`,
    }),
  );

/** POST /api/v1/support-tickets: anyone may write; a signed-in caller's account is attached. */
export const ZCreateSupportTicketBody = z.strictObject({
  email: z.pipe(
    text('Enter your e-mail address so we can answer you.').check(z.trim()),
    z.email({ message: 'Enter a valid e-mail address, like you@example.com.' }),
  ),
  name: z.optional(
    text().check(
      z.trim(),
      z.maxLength(SUPPORT_LIMITS.nameMax, {
        message: `Keep your name under ${SUPPORT_LIMITS.nameMax} characters.`,
      }),
    ),
  ),
  topic: ZSupportTopic,
  subject: subjectField(),
  message: messageField(),
});
export type TCreateSupportTicketBody = z.infer<typeof ZCreateSupportTicketBody>;

/** The answer to a new ticket: enough to quote in a follow-up, nothing the caller did not send. */
export const ZSupportTicket = z.object({
  id: z.uuid(),
  topic: ZSupportTopic,
  subject: z.string(),
  status: ZSupportTicketStatus,
  /** Whether the ticket was linked to the signed-in caller's account. */
  accountAttached: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TSupportTicket = z.infer<typeof ZSupportTicket>;

/* ---- Threads (docs/decisions/support-tickets.md) ---- */

/** A reply may be short ("Thanks, that worked."), so it only has to say something. */
export const SUPPORT_REPLY_MIN = 2;

/** POST /api/v1/support/tickets: a signed-in trader opens a ticket, optionally about one epic or payment of theirs. */
export const ZOpenSupportTicketBody = z
  .strictObject({
    topic: ZSupportTopic,
    subject: subjectField(),
    message: messageField(),
    epicId: z.optional(z.uuid({ message: 'Pick one of your epics.' })),
    paymentId: z.optional(z.uuid({ message: 'Pick one of your payments.' })),
  })
  .check(
    z.refine((body) => !(body.epicId && body.paymentId), {
      message: 'Link an epic or a payment, not both.',
      path: ['paymentId'],
    }),
  );
export type TOpenSupportTicketBody = z.infer<typeof ZOpenSupportTicketBody>;

/** POST …/tickets/:id/messages, for the trader and the owner alike. */
export const ZSupportReplyBody = z.strictObject({
  message: text('Write your reply.').check(
    z.trim(),
    z.minLength(SUPPORT_REPLY_MIN, { message: 'Write your reply.' }),
    z.maxLength(SUPPORT_LIMITS.messageMax, {
      message: `Keep the message under ${SUPPORT_LIMITS.messageMax} characters.`,
    }),
  ),
});
export type TSupportReplyBody = z.infer<typeof ZSupportReplyBody>;

/** PATCH …/tickets/:id: close a ticket, or reopen a closed one. */
export const ZSupportTicketStatusBody = z.strictObject({
  status: z.enum(['open', 'closed'], { message: 'A ticket can be reopened (open) or closed.' }),
});
export type TSupportTicketStatusBody = z.infer<typeof ZSupportTicketStatusBody>;

export const ZSupportTicketParams = z.strictObject({ id: z.uuid({ message: 'Not a ticket id.' }) });

export const ZSupportMessage = z.object({
  id: z.string(),
  author: ZSupportMessageAuthor,
  body: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TSupportMessage = z.infer<typeof ZSupportMessage>;

/** A ticket as its trader lists it; also the event `support-ticket.updated` carries. */
export const ZSupportTicketSummary = z.object({
  id: z.uuid(),
  topic: ZSupportTopic,
  subject: z.string(),
  status: ZSupportTicketStatus,
  epicId: z.nullable(z.uuid()),
  paymentId: z.nullable(z.uuid()),
  createdAt: z.iso.datetime({ offset: true }),
  lastActivityAt: z.iso.datetime({ offset: true }),
  firstResponseAt: z.nullable(z.iso.datetime({ offset: true })),
  /** Who wrote last: 'owner' on an answered ticket the trader has not replied to. */
  lastAuthor: ZSupportMessageAuthor,
  messageCount: z.int().check(z.gte(1)),
});
export type TSupportTicketSummary = z.infer<typeof ZSupportTicketSummary>;

export const ZSupportTicketList = z.object({ tickets: z.array(ZSupportTicketSummary) });
export type TSupportTicketList = z.infer<typeof ZSupportTicketList>;

/** The epic a ticket is about, as both sides see it beside the thread. */
export const ZSupportLinkedEpic = z.object({
  id: z.uuid(),
  /** The exchange product, e.g. 'SOL-USD'. */
  productId: z.string(),
  status: ZEpicStatus,
  budget: ZDecimal,
});

export const ZSupportLinkedPayment = z.object({
  id: z.uuid(),
  cycle: z.int(),
  status: ZPaymentStatus,
  amountDue: ZDecimal,
});

/** GET /api/v1/support/tickets/:id: the ticket and its whole thread, the opening message first. */
export const ZSupportThread = z.object({
  ticket: ZSupportTicketSummary,
  messages: z.array(ZSupportMessage),
  epic: z.nullable(ZSupportLinkedEpic),
  payment: z.nullable(ZSupportLinkedPayment),
});
export type TSupportThread = z.infer<typeof ZSupportThread>;

/* ---- The owner's queue ---- */

export const ZAdminSupportQuery = z.strictObject({
  status: z.optional(ZSupportTicketStatus),
  topic: z.optional(ZSupportTopic),
});
export type TAdminSupportQuery = z.infer<typeof ZAdminSupportQuery>;

export const ZAdminSupportTicket = z.extend(ZSupportTicketSummary, {
  email: z.string(),
  name: z.nullable(z.string()),
  /** Null for a public ticket no account has joined yet. */
  accountId: z.nullable(z.uuid()),
  /** Seconds from the ticket to the owner's first reply; null until answered. */
  firstResponseSeconds: z.nullable(z.int().check(z.gte(0))),
});
export type TAdminSupportTicket = z.infer<typeof ZAdminSupportTicket>;

/** Newest activity first; the median is over the answered tickets of this filter. */
export const ZAdminSupportTicketList = z.object({
  tickets: z.array(ZAdminSupportTicket),
  medianFirstResponseSeconds: z.nullable(z.int().check(z.gte(0))),
});
export type TAdminSupportTicketList = z.infer<typeof ZAdminSupportTicketList>;

export const ZSupportAccountContext = z.object({
  id: z.uuid(),
  email: z.string(),
  status: ZAccountStatus,
  accountRank: ZRankTier,
});

/** The thread with what the owner needs beside it: who wrote, and what about. */
export const ZAdminSupportThread = z.object({
  ticket: ZAdminSupportTicket,
  messages: z.array(ZSupportMessage),
  account: z.nullable(ZSupportAccountContext),
  epic: z.nullable(ZSupportLinkedEpic),
  payment: z.nullable(ZSupportLinkedPayment),
});
export type TAdminSupportThread = z.infer<typeof ZAdminSupportThread>;
