import {
  ZCandleList,
  ZCandlesQuery,
  ZCoin,
  ZCoinList,
  ZCoinParams,
  ZListCoinsQuery,
  ZTopMoverList,
} from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mapReady } from '../../lib/maybe-promise.ts';
import { sendCached } from './cached-reply.ts';
import type { CoinsService } from './coins.service.ts';

/** Market data for signed-in users: the coins catalogue, price history and top movers. */
export const coinsRoutes: FastifyPluginAsyncZod<{ coins: CoinsService }> = async (app, { coins }) => {
  // Sent as prepared text: the catalogue checked it against ZCoinList once per snapshot, not once per request.
  app.get(
    '/coins',
    { schema: { querystring: ZListCoinsQuery, response: { 200: ZCoinList } } },
    (request, reply) => mapReady(coins.list(request.query), (answer) => sendCached(request, reply, answer)),
  );

  app.get('/coins/:id', { schema: { params: ZCoinParams, response: { 200: ZCoin } } }, (request) =>
    coins.get(request.params.id),
  );

  app.get(
    '/coins/:id/candles',
    { schema: { params: ZCoinParams, querystring: ZCandlesQuery, response: { 200: ZCandleList } } },
    (request) => coins.candles(request.params.id, request.query),
  );

  app.get('/top-movers', { schema: { response: { 200: ZTopMoverList } } }, (request, reply) =>
    mapReady(coins.topMovers(), (answer) => sendCached(request, reply, answer)),
  );
};
