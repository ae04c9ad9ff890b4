import { RANK_TIERS, type TAccountStatus, type TListAccountsQuery, type TRankTier } from '@cdca/contracts';
import { and, desc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageWithTotal, totalOverPage } from '../../db/page-total.ts';
import { accounts, settings } from '../../db/schema.ts';
import { noteAccountWrites } from './account-changes.ts';

export type AccountRow = typeof accounts.$inferSelect;
type AccountChanges = Partial<Omit<typeof accounts.$inferInsert, 'id' | 'userId' | 'createdAt'>>;

/**
 * Read on every signed-in request (the access check, then most handlers): built once per database handle and
 * prepared under a name, so drizzle builds its SQL once and PostgreSQL parses and plans it once per connection.
 */
const prepareFindByUserId = (db: Db) =>
  db
    .select()
    .from(accounts)
    .where(eq(accounts.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('account_by_user_id');
const findByUserIdStatements = new WeakMap<Db, ReturnType<typeof prepareFindByUserId>>();
const findByUserIdOn = (db: Db) => {
  let statement = findByUserIdStatements.get(db);
  if (!statement) {
    statement = prepareFindByUserId(db);
    findByUserIdStatements.set(db, statement);
  }
  return statement;
};

/**
 * What a write returns: the row and the id of the transaction that wrote it, which the change notice carries too.
 * Every write to `accounts` in this process returns it and hands it to `noteAccountWrites` before it commits, so the
 * access check's cache does not serve the old row meanwhile (account-changes.ts, docs/decisions/account-access.md).
 */
export const writtenAccountColumns = {
  ...getTableColumns(accounts),
  txid: sql<string>`txid_current()::text`.as('txid'),
};

/** Notes the written rows and hands them back as plain rows. */
export const notedAccountWrites = (written: (AccountRow & { txid: string })[]): AccountRow[] => {
  noteAccountWrites(written);
  return written.map(({ txid: _txid, ...row }) => row);
};

export const createAccountsRepository = (db: Db) => ({
  findById: async (id: string): Promise<AccountRow | undefined> => {
    const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    return row;
  },

  findByUserId: async (userId: string): Promise<AccountRow | undefined> => {
    const [row] = await findByUserIdOn(db).execute({ userId });
    return row;
  },

  findByEmail: async (email: string): Promise<AccountRow | undefined> => {
    const [row] = await db
      .select()
      .from(accounts)
      .where(eq(sql`lower(${accounts.email})`, email.toLowerCase()))
      .limit(1);
    return row;
  },

  /**
   * Creates the account and its settings once; a second call (or a concurrent one) changes nothing. With
   * `firstIsOwner` the account is an owner when no other account exists yet (development only: the caller decides).
   */
  createIfMissing: async (
    values: { userId: string; email: string; signupReferralCode: string | null; owner: boolean },
    firstIsOwner = false,
  ) =>
    db.transaction(async (tx) => {
      const { owner, ...columns } = values;
      const role = owner
        ? sql`'owner'::account_role`
        : firstIsOwner
          ? sql`(case when exists (select 1 from accounts) then 'standard' else 'owner' end)::account_role`
          : sql`'standard'::account_role`;
      const [created] = notedAccountWrites(
        await tx
          .insert(accounts)
          .values({ ...columns, role })
          .onConflictDoNothing({ target: accounts.userId })
          .returning(writtenAccountColumns),
      );
      if (created) await tx.insert(settings).values({ accountId: created.id }).onConflictDoNothing();
      return created;
    }),

  update: async (userId: string, changes: AccountChanges): Promise<AccountRow | undefined> => {
    const [row] = notedAccountWrites(
      await db
        .update(accounts)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(accounts.userId, userId))
        .returning(writtenAccountColumns),
    );
    return row;
  },

  /** Moves an account one step only if it is still at `from`, so a step cannot be skipped or replayed. */
  advanceStatus: async (
    userId: string,
    from: TAccountStatus,
    to: TAccountStatus,
    changes: AccountChanges = {},
  ): Promise<AccountRow | undefined> => {
    const [row] = notedAccountWrites(
      await db
        .update(accounts)
        .set({ ...changes, status: to, updatedAt: sql`now()` })
        .where(and(eq(accounts.userId, userId), eq(accounts.status, from)))
        .returning(writtenAccountColumns),
    );
    return row;
  },

  /**
   * Raises the rank to `to` only from a lower tier: the guard is in the UPDATE, so two processes recomputing at
   * once can never move a rank down, and only the one that raised it gets the row (one notice, one event).
   */
  raiseRank: async (id: string, to: TRankTier): Promise<AccountRow | undefined> => {
    const below = RANK_TIERS.slice(0, RANK_TIERS.indexOf(to));
    if (below.length === 0) return undefined;
    const [row] = notedAccountWrites(
      await db
        .update(accounts)
        .set({ accountRank: to, updatedAt: sql`now()` })
        .where(and(eq(accounts.id, id), inArray(accounts.accountRank, below)))
        .returning(writtenAccountColumns),
    );
    return row;
  },

  list: async (query: TListAccountsQuery) => {
    const filters: SQL[] = [];
    const statuses = query.status === undefined ? [] : [query.status].flat();
    if (statuses.length > 0) filters.push(inArray(accounts.status, statuses));
    if (query.role) filters.push(eq(accounts.role, query.role));
    if (query.search) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const match = or(
        ilike(accounts.email, pattern),
        ilike(accounts.firstName, pattern),
        ilike(accounts.lastName, pattern),
      );
      if (match) filters.push(match);
    }
    const where = filters.length > 0 ? and(...filters) : undefined;
    const rows = await db
      .select({ item: accounts, total: totalOverPage() })
      .from(accounts)
      .where(where)
      .orderBy(desc(accounts.createdAt), desc(accounts.id))
      .limit(query.limit)
      .offset(query.offset);
    return pageWithTotal(db, rows, { offset: query.offset, from: accounts, where });
  },
});

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
