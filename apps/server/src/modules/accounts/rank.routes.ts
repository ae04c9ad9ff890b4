import { ZRankProgress } from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate.ts';
import type { AccountRank } from './account-rank.ts';
import type { AccountsService } from './accounts.service.ts';

/** The caller's rank and progress to the next tier (docs/decisions/rank-tiers.md). */
export const rankRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService; rank: AccountRank }> = async (
  app,
  { accounts, rank },
) => {
  app.get('/rank', { schema: { response: { 200: ZRankProgress } } }, async (request) =>
    rank.progress(await accounts.requireCaller(authOf(request))),
  );
};
