import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { isRawJson } from './hostile-values.ts';

/** One fuzz request and what it must get: `mustRefuse` requests a 4xx, every request anything below 500. */
export type Shot = {
  label: string;
  request: InjectOptions;
  mustRefuse: boolean;
  /** oidc-provider answers its own errors as OAuth `{error, error_description}`, the rest of the product as `{code, message}`. */
  oauthErrors?: boolean;
};

/** JSON text with some values written raw (1e400, `__proto__` keys, deep nesting). */
export const jsonWith = (body: Record<string, unknown>) => {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (!isRawJson(value)) return value;
    raws.push(value.raw);
    return `@@raw${raws.length - 1}@@`;
  });
  return text.replace(/"@@raw(\d+)@@"/g, (_match, index: string) => raws[Number(index)] ?? 'null');
};

/** Query strings and form bodies: arrays repeat the key, anything else is written as text. */
export const formEncode = (fields: Record<string, unknown>, encodedValues: Record<string, string> = {}) =>
  [
    ...Object.entries(fields).flatMap(([key, value]) =>
      [value]
        .flat()
        .filter((item) => item !== undefined)
        .map((item) => `${encodeURIComponent(key)}=${encodeURIComponent(textOf(item))}`),
    ),
    ...Object.entries(encodedValues).map(([key, value]) => `${encodeURIComponent(key)}=${value}`),
  ].join('&');

const textOf = (value: unknown) =>
  typeof value === 'string' ? value : isRawJson(value) ? value.raw : JSON.stringify(value);

const STACK_TRACE = /\n\s+at\s|node_modules\/|\.ts:\d+:\d+/;
const SQL_TEXT = /Failed query|\b(select|insert into|update|delete from)\s+"|\bparams:/i;

/** What is wrong with one answer, or undefined. */
export const problemWith = (shot: Shot, response: LightMyRequestResponse): string | undefined => {
  const { statusCode: status } = response;
  if (status >= 500) return `answered ${status}: ${response.body.slice(0, 200)}`;
  if (shot.mustRefuse && (status < 400 || status >= 500)) return `accepted it (${status})`;
  if (STACK_TRACE.test(response.body)) return 'answer carries a stack trace';
  if (SQL_TEXT.test(response.body)) return 'answer carries SQL';
  const json = String(response.headers['content-type'] ?? '').includes('application/json');
  if (status < 400 || !json) return undefined;
  let body: Record<string, unknown>;
  try {
    body = response.json();
  } catch {
    return 'error body is not JSON';
  }
  const ours = typeof body.code === 'string' && typeof body.message === 'string';
  const oauth = shot.oauthErrors && typeof body.error === 'string';
  return ours || oauth ? undefined : `error body is not {code, message}: ${response.body.slice(0, 120)}`;
};
