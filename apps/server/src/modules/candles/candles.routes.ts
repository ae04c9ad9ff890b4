import {
  ZApiError,
  ZBacktestBody,
  ZBacktestReport,
  ZCandleSeries,
  ZCandleSeriesParams,
  ZCandleSeriesQuery,
} from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/authenticate.ts';
import { type CandleLimits, rateLimited } from './account-limits.ts';
import type { CandlesService } from './candles.service.ts';
import type { RunBacktest } from './run-backtest.ts';

/**
 * Candle history and server-side backtests (issue #18; docs/decisions/candle-store.md). Both are limited per
 * account; candles answer with an ETag and a minute of private caching, as the window only moves by the minute.
 */
export const candlesRoutes: FastifyPluginAsyncZod<{
  candles: CandlesService;
  runBacktest: RunBacktest;
  limits: CandleLimits;
}> = async (app, { candles, runBacktest, limits }) => {
  app.get(
    '/candles/:coin',
    {
      schema: {
        params: ZCandleSeriesParams,
        querystring: ZCandleSeriesQuery,
        response: { 200: ZCandleSeries, 304: z.null(), 429: ZApiError },
      },
    },
    async (request, reply) => {
      const limited = await limits.candles(authOf(request).sub);
      if (limited) {
        reply.header('retry-after', String(limited.retryAfterSeconds));
        throw rateLimited(limited.retryAfterSeconds);
      }
      const series = await candles.series(request.params.coin, request.query);
      const etag = `"${[series.productId, series.window, series.granularity, series.to, series.count, series.heldFrom, series.complete].join('-')}"`;
      reply.header('cache-control', 'private, max-age=60');
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return series;
    },
  );

  app.post(
    '/backtests',
    { schema: { body: ZBacktestBody, response: { 200: ZBacktestReport, 429: ZApiError } } },
    async (request, reply) => {
      const limited = await limits.backtests(authOf(request).sub);
      if (limited) {
        reply.header('retry-after', String(limited.retryAfterSeconds));
        throw rateLimited(limited.retryAfterSeconds);
      }
      return runBacktest(request.body);
    },
  );
};
