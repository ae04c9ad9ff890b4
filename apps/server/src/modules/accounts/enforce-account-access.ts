import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { whenReady } from '../../lib/maybe-promise.ts';
import { API_PREFIX, accessRuleFor, assertAccountAllowed, routeKey } from './account-access.ts';
import { createAccountCache } from './account-cache.ts';
import { type AccountRow, createAccountsRepository } from './accounts.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every `METHOD /api/v1/...` route registered, so the access test can hold the table against it. */
    apiRouteKeys: ReadonlySet<string>;
  }
  interface FastifyRequest {
    /**
     * The caller's account as the access check read it for this request: a handler that needs only the caller's own
     * row answers from it instead of reading it again (docs/decisions/catalogue-in-memory.md, "Around it").
     */
    callerAccount: AccountRow | undefined;
  }
}

/**
 * Applies ACCOUNT_ACCESS to every API route. Call it on the root instance before any route plugin is
 * registered: child plugins copy their parent's hooks when they are created. It runs in preValidation, after
 * each module's authenticate hook (onRequest) has set `request.auth` and before the body is validated, so a
 * deleted account hears "account-deleted" whatever it sent. A caller without an account yet passes: the route
 * answers 404 account-not-found, or creates it (POST /authorize). The caller's row comes from a per-process cache
 * that every committed change to it empties (account-cache.ts; docs/decisions/account-access.md).
 */
export const enforceAccountAccess = async (app: FastifyInstance, { database }: { database: Database }) => {
  const accounts = createAccountsRepository(database.db);
  const callers = await createAccountCache({ database, log: app.log });
  app.addHook('onClose', callers.close);
  const apiRouteKeys = new Set<string>();
  app.decorate('apiRouteKeys', apiRouteKeys);
  app.decorateRequest('callerAccount', undefined);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRouteKeys.add(routeKey(method, route.url));
    }
  });

  // A callback hook: a held row answers without a promise (docs/decisions/request-fast-path.md).
  app.addHook('preValidation', (request, _reply, done) => {
    const url = request.routeOptions.url;
    if (!request.auth || !url?.startsWith(API_PREFIX)) return done();
    const rule = accessRuleFor(request.method, url);
    if (rule === 'public') return done();
    const { sub } = request.auth;
    whenReady(
      callers.find(sub, () => accounts.findByUserId(sub)),
      (account) => {
        request.callerAccount = account;
        if (account) assertAccountAllowed(rule, account.status);
        done();
      },
      done,
    );
  });
};
