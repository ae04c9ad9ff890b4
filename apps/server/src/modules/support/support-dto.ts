import type { TAdminSupportTicket, TSupportMessage, TSupportTicketSummary } from '@cdca/contracts';
import type { SupportMessageRow, SupportTicketListRow, SupportTicketRow } from './support.repository.ts';

/** The ticket row's opening message, shown as the thread's first message (its id is the ticket's). */
export const openingMessage = (ticket: SupportTicketRow): TSupportMessage => ({
  id: `${ticket.id}:opening`,
  author: 'trader',
  body: ticket.message,
  createdAt: ticket.createdAt.toISOString(),
});

export const toMessageDto = (row: SupportMessageRow): TSupportMessage => ({
  id: row.id,
  author: row.author,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

/** A ticket with its thread's count and last author; a lone ticket row is its opening message alone. */
export const toSummaryDto = (
  row: SupportTicketRow & Partial<Pick<SupportTicketListRow, 'replyCount' | 'lastAuthor'>>,
): TSupportTicketSummary => ({
  id: row.id,
  topic: row.topic,
  subject: row.subject,
  status: row.status,
  epicId: row.epicId,
  paymentId: row.paymentId,
  createdAt: row.createdAt.toISOString(),
  lastActivityAt: row.lastActivityAt.toISOString(),
  firstResponseAt: row.firstResponseAt?.toISOString() ?? null,
  lastAuthor: row.lastAuthor ?? 'trader',
  messageCount: 1 + (row.replyCount ?? 0),
});

export const firstResponseSeconds = (row: SupportTicketRow): number | null =>
  row.firstResponseAt
    ? Math.max(0, Math.round((row.firstResponseAt.getTime() - row.createdAt.getTime()) / 1000))
    : null;

export const toAdminTicketDto = (
  row: SupportTicketRow & Partial<Pick<SupportTicketListRow, 'replyCount' | 'lastAuthor'>>,
): TAdminSupportTicket => ({
  ...toSummaryDto(row),
  email: row.email,
  name: row.name,
  accountId: row.accountId,
  firstResponseSeconds: firstResponseSeconds(row),
});

/** The middle value (the mean of the two middle ones for an even count), rounded to whole seconds. */
export const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return Math.round(value ?? 0);
};
