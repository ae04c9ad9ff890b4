import {
  ZAccount,
  ZAccountList,
  ZAccountParams,
  ZAdminAccount,
  ZAdminUpdateAccountBody,
  ZAuthorizeBody,
  ZListAccountsQuery,
  ZUpdateAccountBody,
} from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate.ts';
import type { AccountsService } from './accounts.service.ts';

export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (
  app,
  { accounts },
) => {
  app.post('/authorize', { schema: { body: ZAuthorizeBody, response: { 200: ZAccount } } }, (request) =>
    accounts.authorize(authOf(request), request.body),
  );

  app.get(
    '/accounts',
    { schema: { querystring: ZListAccountsQuery, response: { 200: ZAccountList } } },
    (request) => accounts.list(authOf(request), request.query),
  );

  app.get(
    '/accounts/:userId',
    { schema: { params: ZAccountParams, response: { 200: ZAccount } } },
    (request) => accounts.getByUserId(authOf(request), request.params.userId, request.callerAccount),
  );

  app.patch(
    '/accounts/:userId',
    { schema: { params: ZAccountParams, body: ZUpdateAccountBody, response: { 200: ZAccount } } },
    (request) => accounts.updateOwn(authOf(request), request.params.userId, request.body),
  );

  app.get(
    '/accounts/admin/:userId',
    { schema: { params: ZAccountParams, response: { 200: ZAdminAccount } } },
    (request) => accounts.getAdmin(authOf(request), request.params.userId),
  );

  app.patch(
    '/accounts/admin/:userId',
    { schema: { params: ZAccountParams, body: ZAdminUpdateAccountBody, response: { 200: ZAdminAccount } } },
    (request) => accounts.adminUpdate(authOf(request), request.params.userId, request.body),
  );
};
