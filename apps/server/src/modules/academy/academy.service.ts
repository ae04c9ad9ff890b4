import type { TAcademyProgress, TLessonProgress, TLessonProgressBody, TLessonSlug } from '@cdca/contracts';
import { ZLessonSlug } from '@cdca/contracts';
import type { AuthContext } from '../../auth/verify-token.ts';
import type { Db } from '../../db/client.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { createAcademyRepository, type LessonProgressRow } from './academy.repository.ts';

type Deps = { db: Db; accounts: Pick<AccountsService, 'requireCaller'> };

const toProgressDto = (row: LessonProgressRow): TLessonProgress | null => {
  // A row for a lesson since removed from the course is kept but not shown.
  const slug = ZLessonSlug.safeParse(row.slug);
  if (!slug.success) return null;
  return {
    slug: slug.data,
    read: row.read,
    quizPassed: row.quizPassed,
    updatedAt: row.updatedAt.toISOString(),
  };
};

/**
 * Per-account academy progress (docs/decisions/academy.md). Every call acts on the caller's own account, found
 * from the token: there is no account id in the path to probe.
 */
export const createAcademyService = ({ db, accounts }: Deps) => {
  const repository = createAcademyRepository(db);
  return {
    progress: async (auth: AuthContext): Promise<TAcademyProgress> => {
      const caller = await accounts.requireCaller(auth);
      const rows = await repository.list(caller.id);
      return { lessons: rows.flatMap((row) => toProgressDto(row) ?? []) };
    },

    mark: async (
      auth: AuthContext,
      slug: TLessonSlug,
      body: TLessonProgressBody,
    ): Promise<TLessonProgress> => {
      const caller = await accounts.requireCaller(auth);
      const row = await repository.mark(caller.id, slug, {
        read: body.read === true,
        quizPassed: body.quizPassed === true,
      });
      const dto = toProgressDto(row);
      if (!dto) throw new Error(`progress for unknown lesson ${slug}`);
      return dto;
    },
  };
};

export type AcademyService = ReturnType<typeof createAcademyService>;
