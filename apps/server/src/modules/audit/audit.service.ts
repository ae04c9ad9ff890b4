import type { TOwnerAction, TOwnerActionList, TOwnerActionsQuery } from '@cdca/contracts';
import { desc, eq } from 'drizzle-orm';
import type { AuthContext } from '../../auth/verify-token.ts';
import type { Db } from '../../db/client.ts';
import { pageWithTotal, totalOverPage } from '../../db/page-total.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import { ownerActions } from './audit.schema.ts';

type Deps = {
  db: Db;
  requireCaller: (auth: AuthContext) => Promise<AccountRow>;
  findByUserId: (userId: string) => Promise<AccountRow | undefined>;
};

const toDto = (row: typeof ownerActions.$inferSelect): TOwnerAction => ({
  id: row.id,
  kind: row.kind,
  actorAccountId: row.actorAccountId,
  actorEmail: row.actorEmail,
  subjectAccountId: row.subjectAccountId,
  targetId: row.targetId,
  before: row.before ?? null,
  after: row.after ?? null,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
});

/** Reads the audit trail; it has no call that changes it (docs/decisions/owner-console.md). Owners only. */
export const createAuditService = ({ db, requireCaller, findByUserId }: Deps) => ({
  listFor: async (
    auth: AuthContext,
    userId: string,
    query: TOwnerActionsQuery,
  ): Promise<TOwnerActionList> => {
    const caller = await requireCaller(auth);
    if (caller.role !== 'owner') throw forbidden('Only owners can read the audit trail.');
    const subject = await findByUserId(userId);
    if (!subject) throw notFound('The account');
    const where = eq(ownerActions.subjectAccountId, subject.id);
    const page = await db
      .select({ item: ownerActions, total: totalOverPage() })
      .from(ownerActions)
      .where(where)
      .orderBy(desc(ownerActions.createdAt), desc(ownerActions.id))
      .limit(query.limit)
      .offset(query.offset);
    const { rows, total } = await pageWithTotal(db, page, {
      offset: query.offset,
      from: ownerActions,
      where,
    });
    return { actions: rows.map(toDto), total };
  },
});

export type AuditService = ReturnType<typeof createAuditService>;
