import { ZApiError } from '@cdca/contracts';
import type { z } from 'zod/mini';
import { logger } from '../logger.ts';
import { ApiError } from './api-error.ts';
import { type Query, toQueryString } from './query-string.ts';

type TokenGetter = () => string | undefined;

let getAccessToken: TokenGetter = () => undefined;

/** The auth layer tells the client where the current access token lives; the client never owns sign-in. */
export const setAccessTokenGetter = (getter: TokenGetter): void => {
  getAccessToken = getter;
};

type SendOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Overrides the stored token, e.g. right after the sign-in callback. */
  token?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

type RequestOptions<Schema extends z.ZodMiniType> = SendOptions & { schema: Schema };

/** One call with the bearer token; a failed answer becomes an ApiError with the server's `{code, message}`. */
const send = async (
  path: string,
  { method = 'GET', query, body, token, headers, signal }: SendOptions,
  accept: string,
): Promise<Response> => {
  const url = `${path.startsWith('/') ? path : `/${path}`}${toQueryString(query)}`;
  const bearer = token ?? getAccessToken();
  const started = performance.now();
  const response = await fetch(url, {
    method,
    signal,
    headers: {
      accept,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  logger.debug(`${method} ${url} → ${response.status} in ${Math.round(performance.now() - started)} ms`);
  if (!response.ok) {
    const text = await response.text();
    const parsed = ZApiError.safeParse(text ? safeJson(text) : undefined);
    throw new ApiError(
      response.status,
      parsed.success
        ? parsed.data
        : { code: `http-${response.status}`, message: response.statusText || 'Request failed.' },
    );
  }
  return response;
};

/** Base path is the site root; every answer is parsed with its contract schema. */
export const apiRequest = async <Schema extends z.ZodMiniType>(
  path: string,
  { schema, ...options }: RequestOptions<Schema>,
): Promise<z.infer<Schema>> => {
  const text = await (await send(path, options, 'application/json')).text();
  return schema.parse(text ? safeJson(text) : undefined);
};

/** A binary answer (an image the server drew), with the same token and errors as apiRequest. */
export const apiBlob = async (path: string, options: SendOptions = {}): Promise<Blob> =>
  (await send(path, options, '*/*')).blob();

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
