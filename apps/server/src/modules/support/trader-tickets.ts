import type {
  TOpenSupportTicketBody,
  TSupportReplyBody,
  TSupportThread,
  TSupportTicketList,
  TSupportTicketStatusBody,
  TSupportTicketSummary,
} from '@cdca/contracts';
import type { AuthContext } from '../../auth/verify-token.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { RateLimit } from './support.repository.ts';
import { hashSender } from './support.service.ts';
import { toSummaryDto } from './support-dto.ts';
import type { TicketThreads } from './ticket-threads.ts';

/** Ten new tickets an hour per account: a trader with more to say replies in a thread. */
export const ACCOUNT_TICKET_LIMIT: RateLimit = { max: 10, windowMs: 60 * 60 * 1000 };

const badLink = (what: 'epic' | 'payment') =>
  new AppError(400, 'bad-request', `Link one of your own ${what}s, or none.`, { field: `${what}Id` });

type Deps = {
  accounts: Pick<AccountsService, 'requireCaller'>;
  threads: TicketThreads;
  now: () => Date;
};

/** The signed-in trader's side: list, open, read, reply, close, reopen — only their own tickets. */
export const createTraderTickets = ({ accounts, threads, now }: Deps) => {
  const { repository, ownTicket, threadOf, assertWritable, publishUpdated, summaryOf, setStatus } = threads;
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
  };
};
