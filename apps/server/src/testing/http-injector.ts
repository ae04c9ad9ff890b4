/**
 * The part of Fastify's `inject` the sign-in helpers (sign-in.ts) use, over real HTTP: for a server in another
 * process — the bundle `npm start` runs (server-bundle.test.ts) — where there is no app object to inject into.
 */
export type SetCookie = { name: string; value: string; path?: string; expires?: Date; maxAge?: number };

export type InjectRequest = {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  remoteAddress?: string;
};

export type InjectResponse = {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  cookies: SetCookie[];
  body: string;
  json: <T = unknown>() => T;
};

/** What the sign-in helpers need of an app: Fastify's `app.inject`, or `httpInjector`'s. */
export type Injector = { inject(request: InjectRequest): PromiseLike<InjectResponse> };

const parseSetCookie = (line: string): SetCookie => {
  const [pair = '', ...attributes] = line.split(';');
  const split = pair.indexOf('=');
  const cookie: SetCookie = { name: pair.slice(0, split).trim(), value: pair.slice(split + 1).trim() };
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=').map((part) => part.trim());
    if (key.toLowerCase() === 'path') cookie.path = value;
    else if (key.toLowerCase() === 'max-age') cookie.maxAge = Number(value);
    else if (key.toLowerCase() === 'expires') cookie.expires = new Date(value);
  }
  return cookie;
};

/** `inject` as HTTP requests to `baseUrl`, redirects not followed (the helpers follow them, as a browser does). */
export const httpInjector = (baseUrl: string): Injector => ({
  inject: async ({ method, url, headers, payload }) => {
    const response = await fetch(new URL(url, baseUrl), {
      method,
      redirect: 'manual',
      ...(headers ? { headers } : {}),
      ...(payload !== undefined ? { body: payload } : {}),
    });
    const body = await response.text();
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      cookies: response.headers.getSetCookie().map(parseSetCookie),
      body,
      json: <T>() => JSON.parse(body) as T,
    };
  },
});
