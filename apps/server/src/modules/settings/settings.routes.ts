import { ZSettings, ZSettingsParams, ZUpdateSettingsBody } from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { authOf } from '../../plugins/authenticate.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { createSettingsRepository } from './settings.repository.ts';

type Options = { accounts: AccountsService; db: Db };

/** Settings are looked up by account id (docs/product.md §3) and only ever by their own account. */
export const settingsRoutes: FastifyPluginAsyncZod<Options> = async (app, { accounts, db }) => {
  const repository = createSettingsRepository(db);

  const requireOwnAccountId = async (request: Parameters<typeof authOf>[0], id: string) => {
    const caller = await accounts.requireCaller(authOf(request));
    if (caller.id !== id) throw forbidden('These settings belong to another account.');
    return id;
  };

  app.get(
    '/settings/:id',
    { schema: { params: ZSettingsParams, response: { 200: ZSettings } } },
    async (request) => repository.get(await requireOwnAccountId(request, request.params.id)),
  );

  app.patch(
    '/settings/:id',
    { schema: { params: ZSettingsParams, body: ZUpdateSettingsBody, response: { 200: ZSettings } } },
    async (request) => {
      const updated = await repository.update(
        await requireOwnAccountId(request, request.params.id),
        request.body,
      );
      if (!updated) throw notFound('The settings');
      return updated;
    },
  );
};
