import { ZLeaderboard, ZLeaderboardPreferences, ZUpdateLeaderboardPreferencesBody } from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { LeaderboardService } from './leaderboard.service.ts';

type Options = { accounts: Pick<AccountsService, 'requireCaller'>; leaderboard: LeaderboardService };

/** The opt-in leaderboard on /rank (docs/decisions/rank-tiers.md); preferences are always the caller's own. */
export const leaderboardRoutes: FastifyPluginAsyncZod<Options> = async (app, { accounts, leaderboard }) => {
  const callerId = async (request: Parameters<typeof authOf>[0]) =>
    (await accounts.requireCaller(authOf(request))).id;

  app.get('/rank/leaderboard', { schema: { response: { 200: ZLeaderboard } } }, async (request) =>
    leaderboard.leaderboard(await callerId(request)),
  );

  app.get(
    '/rank/leaderboard/preferences',
    { schema: { response: { 200: ZLeaderboardPreferences } } },
    async (request) => leaderboard.preferences(await callerId(request)),
  );

  app.patch(
    '/rank/leaderboard/preferences',
    { schema: { body: ZUpdateLeaderboardPreferencesBody, response: { 200: ZLeaderboardPreferences } } },
    async (request) => leaderboard.updatePreferences(await callerId(request), request.body),
  );
};
