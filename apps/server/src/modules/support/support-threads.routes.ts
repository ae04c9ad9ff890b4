import {
  ZAdminSupportQuery,
  ZAdminSupportThread,
  ZAdminSupportTicketList,
  ZOpenSupportTicketBody,
  ZSupportReplyBody,
  ZSupportThread,
  ZSupportTicketList,
  ZSupportTicketParams,
  ZSupportTicketStatusBody,
  ZSupportTicketSummary,
} from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate.ts';
import type { SupportThreadsService } from './support-threads.service.ts';

/**
 * Signed-in support (docs/decisions/support-tickets.md): /support/tickets are the caller's own tickets;
 * /support/admin/tickets is the owner's queue, as /accounts/admin is the owner's side of accounts.
 */
export const supportThreadsRoutes: FastifyPluginAsyncZod<{ threads: SupportThreadsService }> = async (
  app,
  { threads },
) => {
  const params = ZSupportTicketParams;

  app.get('/support/tickets', { schema: { response: { 200: ZSupportTicketList } } }, (request) =>
    threads.listMine(authOf(request)),
  );

  app.post(
    '/support/tickets',
    { schema: { body: ZOpenSupportTicketBody, response: { 201: ZSupportTicketSummary } } },
    async (request, reply) => reply.code(201).send(await threads.open(authOf(request), request.body)),
  );

  app.get('/support/tickets/:id', { schema: { params, response: { 200: ZSupportThread } } }, (request) =>
    threads.readMine(authOf(request), request.params.id),
  );

  app.post(
    '/support/tickets/:id/messages',
    { schema: { params, body: ZSupportReplyBody, response: { 201: ZSupportTicketSummary } } },
    async (request, reply) =>
      reply.code(201).send(await threads.replyMine(authOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/support/tickets/:id',
    { schema: { params, body: ZSupportTicketStatusBody, response: { 200: ZSupportTicketSummary } } },
    (request) => threads.setMineStatus(authOf(request), request.params.id, request.body),
  );

  app.get(
    '/support/admin/tickets',
    { schema: { querystring: ZAdminSupportQuery, response: { 200: ZAdminSupportTicketList } } },
    (request) => threads.queue(authOf(request), request.query),
  );

  app.get(
    '/support/admin/tickets/:id',
    { schema: { params, response: { 200: ZAdminSupportThread } } },
    (request) => threads.readAny(authOf(request), request.params.id),
  );

  app.post(
    '/support/admin/tickets/:id/messages',
    { schema: { params, body: ZSupportReplyBody, response: { 201: ZSupportTicketSummary } } },
    async (request, reply) =>
      reply.code(201).send(await threads.answer(authOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/support/admin/tickets/:id',
    { schema: { params, body: ZSupportTicketStatusBody, response: { 200: ZSupportTicketSummary } } },
    (request) => threads.setAnyStatus(authOf(request), request.params.id, request.body),
  );
};
