import type {
  TAdminSupportQuery,
  TAdminSupportThread,
  TAdminSupportTicketList,
  TSupportReplyBody,
  TSupportTicketStatusBody,
  TSupportTicketSummary,
} from '@cdca/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../auth/verify-token.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { SendMail } from '../../lib/mail/mailer.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { SupportTicketRow } from './support.repository.ts';
import { firstResponseSeconds, median, toAdminTicketDto } from './support-dto.ts';
import type { TicketThreads } from './ticket-threads.ts';

type Deps = {
  accounts: Pick<AccountsService, 'requireCaller'>;
  threads: TicketThreads;
  notifySupportReply: NotificationsService['notifySupportReply'];
  /** The mail port; the disabled mailer when SMTP_URL is unset. */
  sendMail: SendMail;
  /** Where the e-mail's link points: the app's /support page. */
  publicUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
};

/** The owner's queue: every ticket, public or signed-in; read, answer (live, as a notice and by e-mail), close. */
export const createOwnerQueue = ({
  accounts,
  threads,
  notifySupportReply,
  sendMail,
  publicUrl,
  log,
  now,
}: Deps) => {
  const { repository, anyTicket, threadOf, assertWritable, publishUpdated, summaryOf, setStatus } = threads;

  const requireOwner = async (auth: AuthContext): Promise<AccountRow> => {
    const caller = await accounts.requireCaller(auth);
    if (caller.role !== 'owner') throw forbidden('Only owners can do this.');
    return caller;
  };

  /** The owner's answer also goes by e-mail when SMTP is configured; a mail failure never undoes the reply. */
  const mailReply = (ticket: SupportTicketRow, body: string) => {
    const text = `${body}\n\n—\nReply or read the whole thread at ${publicUrl}/support/${ticket.id}`;
    sendMail({ to: ticket.email, subject: `Re: ${ticket.subject}`, text }).catch((error: unknown) =>
      log.warn({ err: error, ticketId: ticket.id }, 'support reply e-mail failed'),
    );
  };

  return {
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
        await notifySupportReply({
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
