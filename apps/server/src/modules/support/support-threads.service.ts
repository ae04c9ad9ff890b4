import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { SendMail } from '../../lib/mail/mailer.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { createOwnerQueue } from './owner-queue.ts';
import { createTicketThreads } from './ticket-threads.ts';
import { createTraderTickets } from './trader-tickets.ts';

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

/**
 * Support tickets as threads (docs/decisions/support-tickets.md): the signed-in trader's side (list, open, read,
 * reply, close, reopen — only their own tickets) and the owner's queue (every ticket, reply, close), over one
 * thread store.
 */
export const createSupportThreadsService = (deps: Deps) => {
  const now = () => deps.now?.() ?? new Date();
  const threads = createTicketThreads({ db: deps.db, bus: deps.bus, now });
  return {
    ...createTraderTickets({ accounts: deps.accounts, threads, now }),
    ...createOwnerQueue({ ...deps, threads, now }),
  };
};

export type SupportThreadsService = ReturnType<typeof createSupportThreadsService>;
