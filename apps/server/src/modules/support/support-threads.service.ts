import type {
  TAdminSupportQuery,
  TAdminSupportThread,
  TAdminSupportTicketList,
  TOpenSupportTicketBody,
  TSupportReplyBody,
  TSupportThread,
  TSupportTicketList,
  TSupportTicketStatusBody,
  TSupportTicketSummary,
} from '@cdca/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../auth/verify-token.ts';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { SendMail } from '../../lib/mail/mailer.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { plainDecimal } from '../epics/plain-decimal.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { createSupportRepository, type RateLimit, type SupportTicketRow } from './support.repository.ts';
import { hashSender } from './support.service.ts';
import {
  firstResponseSeconds,
  median,
  openingMessage,
  toAdminTicketDto,
  toMessageDto,
  toSummaryDto,
} from './support-dto.ts';

/** Ten new tickets an hour per account: a trader with more to say replies in a thread. */
export const ACCOUNT_TICKET_LIMIT: RateLimit = { max: 10, windowMs: 60 * 60 * 1000 };

type Deps = {
  db: Db;
  bus: EventBus;
  accounts: Pick<AccountsService, 'requireCaller'>;
  notifySupportReply: NotificationsService['notifySupportReply'];
  /** The mail port; the disabled mailer when SMTP_URL is unset. */
  sendMail: SendMail;
  /** Where the e-mail's link points: the app's /support page. */
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
};

const ticketNotFound = () => notFound('The ticket');
const badLink = (what: 'epic' | 'payment') =>
  new AppError(400, 'bad-request', `Link one of your own ${what}s, or none.`, { field: `${what}Id` });

/**
 * Support tickets as threads (docs/decisions/support-tickets.md): the signed-in trader's side (list, open, read,
 * reply, close, reopen — only their own tickets) and the owner's queue (every ticket, reply, close).
 */
export const createSupportThreadsService = (deps: Deps) => {
  const { db, bus, accounts, log } = deps;
  const repository = createSupportRepository(db);
  const now = () => deps.now?.() ?? new Date();

  const requireOwner = async (auth: AuthContext): Promise<AccountRow> => {
    const caller = await accounts.requireCaller(auth);
    if (caller.role !== 'owner') throw forbidden('Only owners can do this.');
    return caller;
  };

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

  /** The owner's answer also goes by e-mail when SMTP is configured; a mail failure never undoes the reply. */
  const mailReply = (ticket: SupportTicketRow, body: string) => {
    const text = `${body}\n\n—\nReply or read the whole thread at ${deps.publicUrl}/support/${ticket.id}`;
    deps
      .sendMail({ to: ticket.email, subject: `Re: ${ticket.subject}`, text })
      .catch((error: unknown) =>
        log.warn({ err: error, ticketId: ticket.id }, 'support reply e-mail failed'),
      );
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
    /**
     * The caller's tickets. Listing is where public tickets written from the account's e-mail join the account:
     * /support lists first, so a trader sees them the first time they look (docs/decisions/support-tickets.md).
     */
    listMine: async (auth: AuthContext): Promise<TSupportTicketList> => {
      const account = await accounts.requireCaller(auth);
      await repository.joinPublicTickets(account.id, account.email);
      const rows = await repository.list({ accountId: account.id });
      return { tickets: rows.map(toSummaryDto) };
    },

    open: async (auth: AuthContext, body: TOpenSupportTicketBody): Promise<TSupportTicketSummary> => {
      const account = await accounts.requireCaller(auth);
      if (body.epicId && (await repository.epicOf(body.epicId))?.accountId !== account.id)
        throw badLink('epic');
      if (body.paymentId && (await repository.paymentOf(body.paymentId))?.accountId !== account.id) {
        throw badLink('payment');
      }
      const outcome = await repository.insertWithinLimit(
        {
          accountId: account.id,
          email: account.email,
          name: [account.firstName, account.lastName].filter(Boolean).join(' ') || null,
          topic: body.topic,
          subject: body.subject,
          message: body.message,
          epicId: body.epicId ?? null,
          paymentId: body.paymentId ?? null,
          senderHash: hashSender(`account:${account.id}`),
        },
        ACCOUNT_TICKET_LIMIT,
        now(),
      );
      if (!outcome.inserted) {
        throw new AppError(
          429,
          'rate-limited',
          'You opened many tickets this hour. Reply in one of them instead.',
          {
            retryAfterSeconds: outcome.retryAfterSeconds,
          },
        );
      }
      return toSummaryDto(outcome.row);
    },

    readMine: async (auth: AuthContext, id: string): Promise<TSupportThread> => {
      const account = await accounts.requireCaller(auth);
      const thread = await threadOf(await ownTicket(account, id));
      return {
        ticket: toSummaryDto(thread.row),
        messages: thread.messages,
        epic: thread.epic,
        payment: thread.payment,
      };
    },

    replyMine: async (
      auth: AuthContext,
      id: string,
      body: TSupportReplyBody,
    ): Promise<TSupportTicketSummary> => {
      const account = await accounts.requireCaller(auth);
      const ticket = await ownTicket(account, id);
      assertWritable(ticket);
      const updated = await repository.addMessage({
        ticketId: ticket.id,
        author: 'trader',
        authorAccountId: account.id,
        body: body.message,
        now: now(),
      });
      await publishUpdated(updated);
      return summaryOf(updated);
    },

    setMineStatus: async (
      auth: AuthContext,
      id: string,
      body: TSupportTicketStatusBody,
    ): Promise<TSupportTicketSummary> => {
      const account = await accounts.requireCaller(auth);
      const ticket = await ownTicket(account, id);
      return setStatus(ticket, body);
    },

    /** The owner's queue: every ticket, public or signed-in, filtered; the median is over this filter's answered ones. */
    queue: async (auth: AuthContext, query: TAdminSupportQuery): Promise<TAdminSupportTicketList> => {
      await requireOwner(auth);
      const rows = await repository.list(query);
      const answered = rows.map(firstResponseSeconds).filter((seconds) => seconds !== null);
      return { tickets: rows.map(toAdminTicketDto), medianFirstResponseSeconds: median(answered) };
    },

    readAny: async (auth: AuthContext, id: string): Promise<TAdminSupportThread> => {
      await requireOwner(auth);
      const ticket = await anyTicket(id);
      const thread = await threadOf(ticket);
      const account = ticket.accountId ? await repository.accountOf(ticket.accountId) : undefined;
      return {
        ticket: toAdminTicketDto(thread.row),
        messages: thread.messages,
        account: account ?? null,
        epic: thread.epic,
        payment: thread.payment,
      };
    },

    /** The owner answers: the ticket becomes answered, its account hears it live and gets a notice, and an e-mail. */
    answer: async (
      auth: AuthContext,
      id: string,
      body: TSupportReplyBody,
    ): Promise<TSupportTicketSummary> => {
      const owner = await requireOwner(auth);
      const ticket = await anyTicket(id);
      assertWritable(ticket);
      const updated = await repository.addMessage({
        ticketId: ticket.id,
        author: 'owner',
        authorAccountId: owner.id,
        body: body.message,
        now: now(),
      });
      await publishUpdated(updated);
      if (updated.accountId) {
        await deps.notifySupportReply({
          accountId: updated.accountId,
          ticketId: updated.id,
          subject: updated.subject,
        });
      }
      mailReply(updated, body.message);
      return summaryOf(updated);
    },

    setAnyStatus: async (
      auth: AuthContext,
      id: string,
      body: TSupportTicketStatusBody,
    ): Promise<TSupportTicketSummary> => {
      await requireOwner(auth);
      return setStatus(await anyTicket(id), body);
    },
  };
};

export type SupportThreadsService = ReturnType<typeof createSupportThreadsService>;
