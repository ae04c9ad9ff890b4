import {
  ZAcademyProgress,
  ZLessonProgress,
  ZLessonProgressBody,
  ZLessonProgressParams,
} from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate.ts';
import type { AcademyService } from './academy.service.ts';

/** The caller's academy progress: lessons read and quizzes passed (docs/decisions/academy.md). */
export const academyRoutes: FastifyPluginAsyncZod<{ academy: AcademyService }> = async (app, { academy }) => {
  app.get('/academy/progress', { schema: { response: { 200: ZAcademyProgress } } }, (request) =>
    academy.progress(authOf(request)),
  );

  app.put(
    '/academy/progress/:slug',
    {
      schema: {
        params: ZLessonProgressParams,
        body: ZLessonProgressBody,
        response: { 200: ZLessonProgress },
      },
    },
    (request) => academy.mark(authOf(request), request.params.slug, request.body),
  );
};
