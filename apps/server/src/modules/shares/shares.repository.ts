import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shares } from './shares.schema.ts';

export type ShareRow = typeof shares.$inferSelect;
export type NewShareRow = typeof shares.$inferInsert;

/** A trader keeps at most this many links listed; older ones stay valid, the list is for managing recent ones. */
const LIST_LIMIT = 200;

export const createSharesRepository = (db: Db) => ({
  insert: async (values: NewShareRow): Promise<ShareRow> => {
    const [row] = await db.insert(shares).values(values).returning();
    if (!row) throw new Error('share insert returned nothing');
    return row;
  },

  listOwn: (accountId: string): Promise<ShareRow[]> =>
    db
      .select()
      .from(shares)
      .where(eq(shares.accountId, accountId))
      .orderBy(desc(shares.createdAt), desc(shares.id))
      .limit(LIST_LIMIT),

  /** Revokes the caller's own share (idempotent: a revoked one keeps its first revocation time). */
  revokeOwn: async (accountId: string, id: string, at: Date): Promise<ShareRow | undefined> => {
    const [row] = await db
      .update(shares)
      .set({ revokedAt: sql`coalesce(${shares.revokedAt}, ${at.toISOString()}::timestamptz)` })
      .where(and(eq(shares.id, id), eq(shares.accountId, accountId)))
      .returning();
    return row;
  },

  /** A page view: counts it and answers the share in one statement, never a revoked one. */
  view: async (token: string): Promise<ShareRow | undefined> => {
    const [row] = await db
      .update(shares)
      .set({ views: sql`${shares.views} + 1` })
      .where(and(eq(shares.token, token), isNull(shares.revokedAt)))
      .returning();
    return row;
  },

  findLive: async (token: string): Promise<ShareRow | undefined> => {
    const [row] = await db
      .select()
      .from(shares)
      .where(and(eq(shares.token, token), isNull(shares.revokedAt)));
    return row;
  },
});

export type SharesRepository = ReturnType<typeof createSharesRepository>;
