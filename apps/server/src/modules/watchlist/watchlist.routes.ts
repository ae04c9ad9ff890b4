import {
  ZCreateWatchlistItemBody,
  ZListWatchlistItemsQuery,
  ZWatchlistItem,
  ZWatchlistItemList,
  ZWatchlistItemParams,
} from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate.ts';
import type { WatchlistService } from './watchlist.service.ts';

/** docs/product.md §7 watchlist calls. */
export const watchlistRoutes: FastifyPluginAsyncZod<{ watchlist: WatchlistService }> = async (
  app,
  { watchlist },
) => {
  app.post(
    '/watchlist-items',
    { schema: { body: ZCreateWatchlistItemBody, response: { 200: ZWatchlistItem, 201: ZWatchlistItem } } },
    async (request, reply) => {
      const { item, created } = await watchlist.create(authOf(request), request.body);
      return reply.code(created ? 201 : 200).send(item);
    },
  );

  app.get(
    '/watchlist-items',
    { schema: { querystring: ZListWatchlistItemsQuery, response: { 200: ZWatchlistItemList } } },
    (request) => watchlist.list(authOf(request), request.query),
  );

  app.delete(
    '/watchlist-items/:id',
    { schema: { params: ZWatchlistItemParams, response: { 200: ZWatchlistItem } } },
    (request) => watchlist.remove(authOf(request), request.params.id),
  );
};
