import type { TApiError } from '@cdca/contracts/errors.ts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

const body = (code: string, message: string, details?: Record<string, unknown>): TApiError =>
  details ? { code, message, details } : { code, message };

/** Turns every failure into `{code, message}` with the right status; never a stack trace. */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: `${error.validationContext ?? 'body'}${issue.instancePath.replaceAll('/', '.')}`,
        message: issue.message ?? 'is invalid',
      }));
      const first = issues[0];
      const message = first ? `${first.path}: ${first.message}` : 'The request is invalid.';
      return reply.code(400).send(body('validation-failed', message, { issues }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send(body('internal-error', 'Something went wrong on our side.'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.code(400).send(body('invalid-json', 'The request body is not valid JSON.'));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(body('payload-too-large', 'The request body is too large.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(body('bad-request', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(body('internal-error', 'Something went wrong on our side.'));
  });
};
