import { ZApiError, ZCreateSupportTicketBody, ZSupportTicket } from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken, type TokenVerifier } from '../../auth/verify-token.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SupportService } from './support.service.ts';

const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

/** The public contact form (issue 7): no sign-in needed; a bearer token, when sent, must be valid. */
export const supportRoutes: FastifyPluginAsyncZod<{
  support: SupportService;
  verifyToken: TokenVerifier;
}> = async (app, { support, verifyToken }) => {
  app.post(
    '/support-tickets',
    { schema: { body: ZCreateSupportTicketBody, response: { 201: ZSupportTicket, 429: ZApiError } } },
    async (request, reply) => {
      const header = request.headers.authorization;
      const auth = header ? await verifyToken(bearerToken(header)) : undefined;
      const outcome = await support.create(request.body, { ip: request.ip, auth });
      if (outcome.created) return reply.code(201).send(outcome.ticket);
      reply.header('retry-after', String(outcome.retryAfterSeconds));
      throw new AppError(
        429,
        'rate-limited',
        `Too many support requests from your network. Try again in ${inMinutes(outcome.retryAfterSeconds)}, or ask in our Discord server.`,
      );
    },
  );
};
