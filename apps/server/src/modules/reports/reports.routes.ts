import { ZReportPreferences, ZSettingsParams, ZUpdateReportPreferencesBody } from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../lib/app-error.ts';
import { authOf } from '../../plugins/authenticate.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { createReportPreferencesRepository } from './report-preferences.repository.ts';

type Options = { accounts: Pick<AccountsService, 'requireCaller'>; db: Db };

/**
 * The daily report's preferences sit beside the account's settings, looked up by account id and only ever by
 * their own account (docs/decisions/daily-report.md).
 */
export const reportsRoutes: FastifyPluginAsyncZod<Options> = async (app, { accounts, db }) => {
  const repository = createReportPreferencesRepository(db);

  const requireOwnAccountId = async (request: Parameters<typeof authOf>[0], id: string) => {
    const caller = await accounts.requireCaller(authOf(request));
    if (caller.id !== id) throw forbidden('These settings belong to another account.');
    return id;
  };

  app.get(
    '/settings/:id/daily-report',
    { schema: { params: ZSettingsParams, response: { 200: ZReportPreferences } } },
    async (request) => repository.get(await requireOwnAccountId(request, request.params.id)),
  );

  app.patch(
    '/settings/:id/daily-report',
    {
      schema: {
        params: ZSettingsParams,
        body: ZUpdateReportPreferencesBody,
        response: { 200: ZReportPreferences },
      },
    },
    async (request) => repository.update(await requireOwnAccountId(request, request.params.id), request.body),
  );
};
