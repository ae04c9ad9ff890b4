import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { academyProgress } from './academy.schema.ts';

export type LessonProgressRow = typeof academyProgress.$inferSelect;

export const createAcademyRepository = (db: Db) => ({
  list: (accountId: string): Promise<LessonProgressRow[]> =>
    db
      .select()
      .from(academyProgress)
      .where(eq(academyProgress.accountId, accountId))
      .orderBy(asc(academyProgress.slug)),

  /**
   * Sets the marks asked for in one statement (no read-then-write race between two tabs). A mark already set
   * stays set, and `updatedAt` moves only when a mark really changes, so a repeated PUT is a true no-op.
   */
  mark: async (
    accountId: string,
    slug: string,
    marks: { read: boolean; quizPassed: boolean },
  ): Promise<LessonProgressRow> => {
    const read = sql`${academyProgress.read} OR excluded.read`;
    const quizPassed = sql`${academyProgress.quizPassed} OR excluded.quiz_passed`;
    const [row] = await db
      .insert(academyProgress)
      .values({ accountId, slug, ...marks })
      .onConflictDoUpdate({
        target: [academyProgress.accountId, academyProgress.slug],
        set: {
          read,
          quizPassed,
          updatedAt: sql`CASE WHEN (${read}) IS DISTINCT FROM ${academyProgress.read}
            OR (${quizPassed}) IS DISTINCT FROM ${academyProgress.quizPassed}
            THEN now() ELSE ${academyProgress.updatedAt} END`,
        },
      })
      .returning();
    if (!row) throw new Error('academy progress upsert returned nothing');
    return row;
  },
});
