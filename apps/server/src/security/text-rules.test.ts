import {
  MAX_TEXT_LENGTH,
  text,
  textProblem,
  ZCreateSupportTicketBody,
  ZScriptPaperPriceBody,
} from '@cdca/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { registerErrorHandler } from '../plugins/error-handler.ts';

/** The product's one text rule (docs/decisions/hostile-input.md), as the schemas and the browser's forms apply it. */

describe('textProblem', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD83Db'],
    ['a lone low surrogate', 'a\uDE00b'],
    ['a high surrogate at the end', 'abc\uD83D'],
  ])('refuses %s', (_name, value) => {
    expect(textProblem(value)?.kind).toBe('forbidden-character');
  });

  it('accepts emoji, accents, right-to-left text and line breaks', () => {
    for (const value of ['😀 ok', 'Ça marche', 'שלום', 'two\nlines\ttab', ''])
      expect(textProblem(value)).toBeUndefined();
  });

  it('refuses text over the limit', () => {
    expect(textProblem('x'.repeat(MAX_TEXT_LENGTH))).toBeUndefined();
    expect(textProblem('x'.repeat(MAX_TEXT_LENGTH + 1))?.kind).toBe('too-long');
    expect(textProblem('abcd', 3)?.message).toBe('is too long (at most 3 characters)');
  });
});

describe('the schemas', () => {
  it('explain the rule on the field, as the contact form shows it', () => {
    const parsed = ZCreateSupportTicketBody.safeParse({
      email: 'a@b.test',
      topic: 'account',
      subject: 'Hello\u0000there',
      message: 'A long enough message for the form.',
    });
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['subject'], message: 'contains a character that is not allowed' }),
    ]);
  });
});

describe('the error handler', () => {
  it('answers a zod error thrown by a handler with 400, invalid-text for the text rule', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/text', async (request) => z.object({ q: text().check(z.maxLength(5)) }).parse(request.query));
    const refused = await app.inject({ method: 'GET', url: '/text?q=%00' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'invalid-text',
      message: 'q: contains a character that is not allowed',
    });
    const tooLong = await app.inject({ method: 'GET', url: '/text?q=abcdefgh' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'validation-failed' });
    await app.close();
  });

  it('answers a contract schema (zod/mini) parsed by a handler with 400 and an English message', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.post('/script', async (request) => ZScriptPaperPriceBody.parse(request.body));
    const refused = await app.inject({
      method: 'POST',
      url: '/script',
      payload: { prices: ['1'], stepMs: 'x' },
    });
    expect(refused.statusCode).toBe(400);
    // zod's own wording, which zod/mini leaves as "Invalid input" without a locale.
    expect(refused.json()).toMatchObject({
      code: 'validation-failed',
      message: 'stepMs: Invalid input: expected number, received string',
    });
    await app.close();
  });
});
