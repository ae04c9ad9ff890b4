import { createHash } from 'node:crypto';
import type { TCreateSupportTicketBody, TSupportTicket } from '@cdca/contracts';
import type { AuthContext } from '../../auth/verify-token.ts';
import type { Db } from '../../db/client.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { createSupportRepository, type RateLimit, type SupportTicketRow } from './support.repository.ts';

/** Five requests an hour per network: plenty for a person, too few to be worth spamming. */
export const SUPPORT_RATE_LIMIT: RateLimit = { max: 5, windowMs: 60 * 60 * 1000 };

type Deps = {
  db: Db;
  accounts: Pick<AccountsService, 'findByUserId'>;
  rateLimit?: RateLimit;
  now?: () => Date;
};

export type CreateTicketOutcome =
  | { created: true; ticket: TSupportTicket }
  | { created: false; retryAfterSeconds: number };

export const hashSender = (ip: string) => createHash('sha256').update(`cdca-support:${ip}`).digest('hex');

const toTicketDto = (row: SupportTicketRow): TSupportTicket => ({
  id: row.id,
  topic: row.topic,
  subject: row.subject,
  status: row.status,
  accountAttached: row.accountId !== null,
  createdAt: row.createdAt.toISOString(),
});

export const createSupportService = ({ db, accounts, rateLimit = SUPPORT_RATE_LIMIT, now }: Deps) => {
  const repository = createSupportRepository(db);
  return {
    /** Stores a ticket from the public form; a signed-in caller with an account gets it attached. */
    create: async (
      body: TCreateSupportTicketBody,
      sender: { ip: string; auth: AuthContext | undefined },
    ): Promise<CreateTicketOutcome> => {
      const account = sender.auth ? await accounts.findByUserId(sender.auth.sub) : undefined;
      const outcome = await repository.insertWithinLimit(
        {
          accountId: account?.id ?? null,
          email: body.email,
          name: body.name ? body.name : null,
          topic: body.topic,
          subject: body.subject,
          message: body.message,
          senderHash: hashSender(sender.ip),
        },
        rateLimit,
        now?.() ?? new Date(),
      );
      return outcome.inserted
        ? { created: true, ticket: toTicketDto(outcome.row) }
        : { created: false, retryAfterSeconds: outcome.retryAfterSeconds };
    },
  };
};

export type SupportService = ReturnType<typeof createSupportService>;
