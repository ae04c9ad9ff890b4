import {
  ZCreateEpicBody,
  ZEpic,
  ZEpicDetail,
  ZEpicList,
  ZEpicParams,
  ZListEpicsQuery,
  ZPlanContext,
  ZPlanContextQuery,
  ZPlanPreview,
  ZPlanPreviewBody,
  ZUpdateEpicBody,
} from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate.ts';
import type { EpicsService } from './epics.service.ts';

/** docs/product.md §7 epics calls, plus the plan preview for the create form. */
export const epicsRoutes: FastifyPluginAsyncZod<{ epics: EpicsService }> = async (app, { epics }) => {
  app.post(
    '/epics/preview',
    { schema: { body: ZPlanPreviewBody, response: { 200: ZPlanPreview } } },
    (request) => epics.preview(authOf(request), request.body),
  );

  app.get(
    '/epics/plan-context',
    { schema: { querystring: ZPlanContextQuery, response: { 200: ZPlanContext } } },
    (request) => epics.planContext(authOf(request), request.query.coinId),
  );

  app.post(
    '/epics',
    { schema: { body: ZCreateEpicBody, response: { 201: ZEpic } } },
    async (request, reply) => reply.code(201).send(await epics.create(authOf(request), request.body)),
  );

  app.get('/epics', { schema: { querystring: ZListEpicsQuery, response: { 200: ZEpicList } } }, (request) =>
    epics.list(authOf(request), request.query),
  );

  app.get('/epics/:id', { schema: { params: ZEpicParams, response: { 200: ZEpicDetail } } }, (request) =>
    epics.get(authOf(request), request.params.id),
  );

  app.patch(
    '/epics/:id',
    { schema: { params: ZEpicParams, body: ZUpdateEpicBody, response: { 200: ZEpic } } },
    (request) => epics.update(authOf(request), request.params.id, request.body),
  );
};
