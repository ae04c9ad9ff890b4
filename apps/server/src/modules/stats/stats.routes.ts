import { ZStatsQuery, ZStatsReport } from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate.ts';
import type { StatsService } from './stats.service.ts';

/** The stats report (docs/product.md §1 "view and share stats"); figures defined in docs/decisions/stats-figures.md. */
export const statsRoutes: FastifyPluginAsyncZod<{ stats: StatsService }> = async (app, { stats }) => {
  app.get('/stats', { schema: { querystring: ZStatsQuery, response: { 200: ZStatsReport } } }, (request) =>
    stats.report(authOf(request), request.query),
  );
};
