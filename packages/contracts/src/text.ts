import { z } from 'zod/mini';

/**
 * What text the product accepts, decided once (docs/decisions/hostile-input.md): no NUL (PostgreSQL cannot store
 * it), no lone UTF-16 surrogate (not Unicode; it cannot be encoded as UTF-8), and no value longer than a limit.
 * The server checks every string it is sent with these; the schemas below refine their fields with them too, so the
 * browser's forms explain the same rule before anything is sent.
 */

/** The longest string any field, query or path parameter may carry when its schema sets no tighter limit. */
export const MAX_TEXT_LENGTH = 10_000;

const NUL = String.fromCharCode(0);
/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const hasForbiddenCharacter = (value: string) => value.includes(NUL) || LONE_SURROGATE.test(value);

export const TEXT_NOT_ALLOWED_MESSAGE = 'contains a character that is not allowed';
export const textTooLongMessage = (max: number) => `is too long (at most ${max} characters)`;

/** The error code the API answers when a text breaks these rules. */
export const INVALID_TEXT_CODE = 'invalid-text';

export type TextProblem = { kind: 'forbidden-character' | 'too-long'; message: string };

/** Why a text is refused, or undefined when it is fine. */
export const textProblem = (value: string, max = MAX_TEXT_LENGTH): TextProblem | undefined => {
  if (value.length > max) return { kind: 'too-long', message: textTooLongMessage(max) };
  if (hasForbiddenCharacter(value)) return { kind: 'forbidden-character', message: TEXT_NOT_ALLOWED_MESSAGE };
  return undefined;
};

export const isAcceptableText = (value: string) => textProblem(value) === undefined;

/**
 * A string field that follows the product's text rules: use it instead of `z.string()` for anything a caller sends.
 * The issue carries `params.code = 'invalid-text'` so the server can answer with that code.
 */
export const text = (message?: string) =>
  z.string(message ? { message } : undefined).check(
    z.refine((value) => !hasForbiddenCharacter(value), {
      message: TEXT_NOT_ALLOWED_MESSAGE,
      params: { code: INVALID_TEXT_CODE },
      abort: true,
    }),
    z.maxLength(MAX_TEXT_LENGTH, { message: textTooLongMessage(MAX_TEXT_LENGTH) }),
  );
