import { z } from 'zod';
import { text } from './text.ts';

/** What a support request is about; the public contact form offers these. */
export const SUPPORT_TOPICS = ['account', 'billing', 'epics', 'exchange-keys', 'partners', 'other'] as const;
export const ZSupportTopic = z.enum(SUPPORT_TOPICS, { message: 'Pick what your question is about.' });
export type TSupportTopic = z.infer<typeof ZSupportTopic>;

export const SUPPORT_TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export const ZSupportTicketStatus = z.enum(SUPPORT_TICKET_STATUSES);

/** Limits the form shows beside its fields; the server enforces the same numbers. */
export const SUPPORT_LIMITS = {
  nameMax: 100,
  subjectMin: 3,
  subjectMax: 140,
  messageMin: 20,
  messageMax: 5000,
} as const;

/** POST /api/v1/support-tickets: anyone may write; a signed-in caller's account is attached. */
export const ZCreateSupportTicketBody = z.strictObject({
  email: text('Enter your e-mail address so we can answer you.')
    .trim()
    .pipe(z.email({ message: 'Enter a valid e-mail address, like you@example.com.' })),
  name: text()
    .trim()
    .max(SUPPORT_LIMITS.nameMax, { message: `Keep your name under ${SUPPORT_LIMITS.nameMax} characters.` })
    .optional(),
  topic: ZSupportTopic,
  subject: text('Add a short subject.')
    .trim()
    .min(SUPPORT_LIMITS.subjectMin, {
      message: `Add a short subject (at least ${SUPPORT_LIMITS.subjectMin} characters).`,
    })
    .max(SUPPORT_LIMITS.subjectMax, {
      message: `Keep the subject under ${SUPPORT_LIMITS.subjectMax} characters.`,
    }),
  message: text('Tell us what happened.')
    .trim()
    .min(SUPPORT_LIMITS.messageMin, {
      message: `Tell us a little more: at least ${SUPPORT_LIMITS.messageMin} characters.`,
    })
    .max(SUPPORT_LIMITS.messageMax, {
      message: `Keep the message under ${SUPPORT_LIMITS.messageMax} characters.`,
    }),
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
