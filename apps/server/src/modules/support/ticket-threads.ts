import type { TSupportTicketStatusBody, TSupportTicketSummary } from '@cdca/contracts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import { plainDecimal } from '../epics/plain-decimal.ts';
import { createSupportRepository, type SupportTicketRow } from './support.repository.ts';
import { openingMessage, toMessageDto, toSummaryDto } from './support-dto.ts';

const ticketNotFound = () => notFound('The ticket');

/**
 * What the trader's side and the owner's queue share of a ticket thread (docs/decisions/support-tickets.md):
 * finding it, reading it whole, telling its account it changed, closing and reopening.
 */
export const createTicketThreads = ({ db, bus, now }: { db: Db; bus: EventBus; now: () => Date }) => {
  const repository = createSupportRepository(db);

  /** The ticket, only when it is the caller's: another account's ticket is as unknown as a missing one. */
  const ownTicket = async (account: AccountRow, id: string): Promise<SupportTicketRow> => {
    const ticket = await repository.findById(id);
    if (!ticket || ticket.accountId !== account.id) throw ticketNotFound();
    return ticket;
  };

  const anyTicket = async (id: string): Promise<SupportTicketRow> => {
    const ticket = await repository.findById(id);
    if (!ticket) throw ticketNotFound();
    return ticket;
  };

  const summaryOf = async (ticket: SupportTicketRow): Promise<TSupportTicketSummary> => {
    const messages = await repository.messagesOf(ticket.id);
    return toSummaryDto({
      ...ticket,
      replyCount: messages.length,
      lastAuthor: messages.at(-1)?.author ?? null,
    });
  };

  /** Tells the ticket's account, live, that it changed; a public ticket nobody joined has no one to tell. */
  const publishUpdated = async (ticket: SupportTicketRow) => {
    if (!ticket.accountId) return;
    await bus.publish({
      accountId: ticket.accountId,
      message: { routingKey: 'support-ticket.updated', event: await summaryOf(ticket) },
    });
  };

  const linkedContext = async (ticket: SupportTicketRow) => {
    const epic = ticket.epicId ? await repository.epicOf(ticket.epicId) : undefined;
    const payment = ticket.paymentId ? await repository.paymentOf(ticket.paymentId) : undefined;
    return {
      epic: epic
        ? { id: epic.id, productId: epic.productId, status: epic.status, budget: plainDecimal(epic.budget) }
        : null,
      payment: payment
        ? {
            id: payment.id,
            cycle: payment.cycle,
            status: payment.status,
            amountDue: plainDecimal(payment.amountDue),
          }
        : null,
    };
  };

  const threadOf = async (ticket: SupportTicketRow) => {
    const replies = await repository.messagesOf(ticket.id);
    return {
      row: { ...ticket, replyCount: replies.length, lastAuthor: replies.at(-1)?.author ?? null },
      messages: [openingMessage(ticket), ...replies.map(toMessageDto)],
      ...(await linkedContext(ticket)),
    };
  };

  const assertWritable = (ticket: SupportTicketRow) => {
    if (ticket.status === 'closed') throw conflict('This ticket is closed. Reopen it to write again.');
  };

  /** Close, or reopen a closed ticket; anything else (reopening an open one) changes nothing. */
  const setStatus = async (ticket: SupportTicketRow, body: TSupportTicketStatusBody) => {
    const unchanged = body.status === 'open' ? ticket.status !== 'closed' : ticket.status === 'closed';
    if (unchanged) return summaryOf(ticket);
    const updated = await repository.setStatus(ticket.id, body.status, now());
    if (!updated) throw ticketNotFound();
    await publishUpdated(updated);
    return summaryOf(updated);
  };

  return {
    repository,
    ownTicket,
    anyTicket,
    summaryOf,
    publishUpdated,
    threadOf,
    assertWritable,
    setStatus,
  };
};

export type TicketThreads = ReturnType<typeof createTicketThreads>;
