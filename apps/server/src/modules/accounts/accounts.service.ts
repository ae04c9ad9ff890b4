import type {
  TAccount,
  TAccountList,
  TAccountStatus,
  TAdminAccount,
  TAdminUpdateAccountBody,
  TAuthorizeBody,
  TListAccountsQuery,
  TUpdateAccountBody,
} from '@cdca/contracts';
import type { AuthContext } from '../../auth/verify-token.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { revokeEverythingOf } from '../../identity/drizzle-adapter.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { discountCodes as billingDiscountCodes, type DiscountCodes } from '../billing/discount-codes.ts';
import { toAccountDto } from './account-dto.ts';
import { type AccountRow, createAccountsRepository } from './accounts.repository.ts';
import { applyAdminUpdate } from './admin-update.ts';
import { resolveEmail } from './resolve-email.ts';

type Deps = {
  db: Db;
  bus: EventBus;
  config: Config;
  /** Runs once per new account (billing fixes the sign-up discount here). */
  onAccountCreated?: (account: AccountRow) => Promise<void>;
  /**
   * Billing's discount code for life, which the admin update reads and sets: billing hands out functions over its
   * table, not the table (docs/decisions/composition-root.md). Only a test would pass another.
   */
  discountCodes?: DiscountCodes;
};

export const createAccountsService = ({
  db,
  bus,
  config,
  onAccountCreated,
  discountCodes = billingDiscountCodes,
}: Deps) => {
  const repository = createAccountsRepository(db);

  const publishUpdated = async (row: AccountRow) => {
    // Deleting an account signs it out everywhere: the provider forgets its sessions and refresh tokens, and
    // every process closes its sockets when it hears this account.updated (realtime-connections.ts).
    if (row.status === 'deleted') await revokeEverythingOf(db, row.userId);
    const account = toAccountDto(row);
    await bus.publish({ accountId: row.id, message: { routingKey: 'account.updated', event: account } });
    return account;
  };

  /** The caller's own account; a signed-in identity that has not called authorize yet has none. */
  const requireCaller = async (auth: AuthContext): Promise<AccountRow> => {
    const row = await repository.findByUserId(auth.sub);
    if (!row) throw new AppError(404, 'account-not-found', 'No account yet: finish signing in first.');
    return row;
  };

  const updateByEmail = async (email: string, changes: { role?: 'owner'; status?: TAccountStatus }) => {
    const row = await repository.findByEmail(email);
    if (!row) return undefined;
    const updated = await repository.update(row.userId, changes);
    if (updated) await publishUpdated(updated);
    return updated;
  };

  const requireOwner = async (auth: AuthContext) => {
    const caller = await requireCaller(auth);
    if (caller.role !== 'owner') throw forbidden('Only owners can do this.');
    return caller;
  };

  const assertAllowedInStaging = (email: string) => {
    if (config.appEnv !== 'staging' || config.stagingAllowedEmails.has(email.toLowerCase())) return;
    throw new AppError(403, 'email-not-allowed-in-staging', 'This e-mail address is not on the beta list.');
  };

  return {
    publishUpdated,
    findByUserId: (userId: string) => repository.findByUserId(userId),
    requireCaller,

    /** POST /authorize: creates the account on first sign-in; calling it again changes nothing. */
    authorize: async (auth: AuthContext, body: TAuthorizeBody): Promise<TAccount> => {
      if (body.token.replace(/^Bearer\s+/i, '') !== auth.token) {
        throw new AppError(
          400,
          'bad-request',
          'The token in the body must be the bearer token of the request.',
        );
      }
      const existing = await repository.findByUserId(auth.sub);
      const email = existing?.email ?? (await resolveEmail(auth, config.auth));
      assertAllowedInStaging(email);
      const listedOwner = config.ownerEmails.has(email.toLowerCase());
      if (existing) {
        // Listed after the account was made: it becomes an owner at its next sign-in, no command needed.
        if (!listedOwner || existing.role === 'owner') return toAccountDto(existing);
        const promoted = await repository.update(existing.userId, { role: 'owner' });
        return promoted ? publishUpdated(promoted) : toAccountDto(existing);
      }
      const created = await repository.createIfMissing(
        { userId: auth.sub, email, signupReferralCode: body.signupReferralCode ?? null, owner: listedOwner },
        // A newcomer running the product locally reaches the admin area and the market lab without a restart.
        config.appEnv === 'development',
      );
      if (created) await onAccountCreated?.(created);
      return toAccountDto(created ?? (await requireCaller(auth)));
    },

    /** `known`: the caller's row this request already read (the access check's), so it is not read twice. */
    getByUserId: async (auth: AuthContext, userId: string, known?: AccountRow): Promise<TAccount> => {
      if (userId === auth.sub) {
        return toAccountDto(known?.userId === auth.sub ? known : await requireCaller(auth));
      }
      await requireOwner(auth);
      const row = await repository.findByUserId(userId);
      if (!row) throw notFound('The account');
      return toAccountDto(row);
    },

    updateOwn: async (auth: AuthContext, userId: string, body: TUpdateAccountBody): Promise<TAccount> => {
      if (userId !== auth.sub) throw forbidden('You can only edit your own account.');
      await requireCaller(auth);
      const row = await repository.update(userId, body);
      if (!row) throw notFound('The account');
      return publishUpdated(row);
    },

    adminUpdate: async (
      auth: AuthContext,
      userId: string,
      body: TAdminUpdateAccountBody,
    ): Promise<TAdminAccount> => {
      const caller = await requireOwner(auth);
      if (caller.userId === userId && body.role !== undefined && body.role !== caller.role) {
        throw conflict('You cannot change your own role; ask another owner.');
      }
      const actor = { id: caller.id, email: caller.email };
      const { row, discountCode } = await applyAdminUpdate(db, discountCodes, { actor, userId, body });
      return { ...(await publishUpdated(row)), discountCode };
    },

    /** GET /accounts/admin/{userId}: one account as owners see it, with its discount code. */
    getAdmin: async (auth: AuthContext, userId: string): Promise<TAdminAccount> => {
      await requireOwner(auth);
      const row = await repository.findByUserId(userId);
      if (!row) throw notFound('The account');
      const codes = await discountCodes.read(db, [row.id]);
      return { ...toAccountDto(row), discountCode: codes.get(row.id) ?? null };
    },

    list: async (auth: AuthContext, query: TListAccountsQuery): Promise<TAccountList> => {
      await requireOwner(auth);
      const { rows, total } = await repository.list(query);
      const codes = await discountCodes.read(
        db,
        rows.map((row) => row.id),
      );
      const accounts = rows.map((row) => ({ ...toAccountDto(row), discountCode: codes.get(row.id) ?? null }));
      return { accounts, total };
    },

    /** Moves the caller from one onboarding status to the next, refusing skips and replays with 409. */
    advanceOnboarding: async (
      auth: AuthContext,
      from: TAccountStatus,
      to: TAccountStatus,
      changes: Parameters<typeof repository.advanceStatus>[3] = {},
    ): Promise<TAccount> => {
      const row = await repository.advanceStatus(auth.sub, from, to, changes);
      if (row) return publishUpdated(row);
      const current = await requireCaller(auth);
      throw new AppError(
        409,
        'onboarding-step-out-of-order',
        `This step is not open: the account is at ${current.status}.`,
        { currentStatus: current.status, expectedStatus: from },
      );
    },

    /** Used by the admin command line: owners are made by hand, never through the API. */
    grantOwner: (email: string) => updateByEmail(email, { role: 'owner' }),
    setStatusByEmail: (email: string, status: TAccountStatus) => updateByEmail(email, { status }),
  };
};

export type AccountsService = ReturnType<typeof createAccountsService>;
