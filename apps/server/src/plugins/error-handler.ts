import type { TApiError } from '@cdca/contracts';
import { INVALID_TEXT_CODE } from '@cdca/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { $ZodError } from 'zod/v4/core';
import { AppError } from '../lib/app-error.ts';

// zod/mini words its default messages only in the locale it is given ("Invalid input" otherwise); the API's
// validation messages are English whatever module loaded zod first.
z.config(z.locales.en());

const body = (code: string, message: string, details?: Record<string, unknown>): TApiError =>
  details ? { code, message, details } : { code, message };

type Issue = { path: string; message: string; code?: unknown };

/** A refusal of the product's text rules answers `invalid-text`; any other schema refusal `validation-failed`. */
const validationBody = (issues: Issue[]) => {
  const textIssue = issues.find((issue) => issue.code === INVALID_TEXT_CODE);
  const first = textIssue ?? issues[0];
  const message = first ? `${first.path}: ${first.message}` : 'The request is invalid.';
  const listed = issues.map(({ path, message }) => ({ path, message }));
  return textIssue
    ? body(INVALID_TEXT_CODE, message)
    : body('validation-failed', message, { issues: listed });
};

const customCode = (params: unknown) =>
  typeof params === 'object' && params !== null && 'params' in params
    ? (params.params as { code?: unknown } | undefined)?.code
    : undefined;

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
        code: customCode(issue.params),
      }));
      return reply.code(400).send(validationBody(issues));
    }
    // A route that parses its own input (the sandbox and identity pages) throws zod's error: still the caller's fault.
    // zod's core error, not classic zod's `ZodError`: the contracts are zod/mini schemas, whose error is not one.
    if (error instanceof $ZodError) {
      const issues = error.issues.map((issue) => ({
        path: issue.path.length ? issue.path.join('.') : 'input',
        message: issue.message,
        code: issue.code === 'custom' ? issue.params?.code : undefined,
      }));
      return reply.code(400).send(validationBody(issues));
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
