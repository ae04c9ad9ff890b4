import { ZAdminCharts, ZAdminChartsQuery } from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate.ts';
import type { AdminConsoleService } from './admin-console.service.ts';

export const adminConsoleRoutes: FastifyPluginAsyncZod<{ console: AdminConsoleService }> = async (
  app,
  { console },
) => {
  app.get(
    '/admin/charts',
    { schema: { querystring: ZAdminChartsQuery, response: { 200: ZAdminCharts } } },
    (request) => console.charts(authOf(request), request.query),
  );
};
