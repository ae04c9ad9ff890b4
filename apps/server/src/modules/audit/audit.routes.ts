import { ZOwnerActionList, ZOwnerActionParams, ZOwnerActionsQuery } from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate.ts';
import type { AuditService } from './audit.service.ts';

/** The audit trail is read-only through the product: one GET, and no route that edits or deletes it. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/accounts/admin/:userId/audit',
    {
      schema: {
        params: ZOwnerActionParams,
        querystring: ZOwnerActionsQuery,
        response: { 200: ZOwnerActionList },
      },
    },
    (request) => audit.listFor(authOf(request), request.params.userId, request.query),
  );
};
