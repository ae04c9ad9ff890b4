import { ZApiError } from '@cdca/contracts';
import type { z } from 'zod';
import { logger } from '../logger.ts';
import { ApiError } from './api-error.ts';
import { type Query, toQueryString } from './query-string.ts';

type TokenGetter = () => string | undefined;

let getAccessToken: TokenGetter = () => undefined;

/** The auth layer tells the client where the current access token lives; the client never owns sign-in. */
export const setAccessTokenGetter = (getter: TokenGetter): void => {
  getAccessToken = getter;
};

type RequestOptions<Schema extends z.ZodType> = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  schema: Schema;
  /** Overrides the stored token, e.g. right after the sign-in callback. */
  token?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** Base path is the site root; every answer is parsed with its contract schema. */
export const apiRequest = async <Schema extends z.ZodType>(
  path: string,
  { method = 'GET', query, body, schema, token, headers, signal }: RequestOptions<Schema>,
): Promise<z.infer<Schema>> => {
  const url = `${path.startsWith('/') ? path : `/${path}`}${toQueryString(query)}`;
  const bearer = token ?? getAccessToken();
  const started = performance.now();
  const response = await fetch(url, {
    method,
    signal,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  logger.debug(`${method} ${url} → ${response.status} in ${Math.round(performance.now() - started)} ms`);

  const text = await response.text();
  const json: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const parsed = ZApiError.safeParse(json);
    throw new ApiError(
      response.status,
      parsed.success
        ? parsed.data
        : { code: `http-${response.status}`, message: response.statusText || 'Request failed.' },
    );
  }
  return schema.parse(json);
};

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
