import { ZWebhookAck } from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { BillingContext } from './billing-context.ts';
import { handleWebhook } from './handle-webhook.ts';

const ZWebhookParams = z.strictObject({ provider: z.string().min(1).max(20) });

/**
 * POST /api/v1/payments/webhooks/{provider}: no sign-in (the provider calls), the signature is the credential.
 * JSON bodies are kept as raw bytes in here, because the HMAC is over the exact bytes sent.
 */
export const paymentWebhooksRoutes: FastifyPluginAsyncZod<{ ctx: BillingContext }> = async (app, { ctx }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/payments/webhooks/:provider',
    { schema: { params: ZWebhookParams, response: { 200: ZWebhookAck } } },
    async (request) => {
      const { provider } = request.params;
      if (provider !== ctx.provider.kind) {
        throw new AppError(404, 'not-found', `This server does not take ${provider} webhooks.`);
      }
      if (!Buffer.isBuffer(request.body))
        throw new AppError(400, 'bad-request', 'Send the event as the body.');
      return handleWebhook(ctx, request.body, request.headers);
    },
  );
};
