import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { EMBEDDED_CLIENT_ID } from '../config.ts';
import type { Injector, InjectResponse, SetCookie } from './http-injector.ts';

/**
 * Drives the embedded provider's real authorization-code + PKCE flow through `app.inject`, the way a browser and the
 * SPA would: authorize → sign-in/sign-up page → form post → redirects → token endpoint. No shortcut around the provider.
 */

type StoredCookie = { name: string; value: string; path: string };

const pathMatches = (requestPath: string, cookiePath: string) =>
  cookiePath === '/' ||
  requestPath === cookiePath ||
  requestPath.startsWith(cookiePath.endsWith('/') ? cookiePath : `${cookiePath}/`);

/**
 * Just enough of a browser's cookie store for `app.inject`: oidc-provider scopes its interaction cookies to
 * `/interaction/<uid>` and `/oidc/auth/<uid>`, so paths matter; one host, so domains do not.
 */
export class CookieJar {
  readonly #cookies = new Map<string, StoredCookie>();

  store(cookies: SetCookie[]): void {
    for (const cookie of cookies) {
      const path = cookie.path ?? '/';
      const key = `${cookie.name};${path}`;
      const expired =
        cookie.value === '' ||
        (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { name: cookie.name, value: cookie.value, path });
    }
  }

  /** The Cookie header a browser would send to this URL (longest path first), or undefined for none. */
  headerFor(url: string): string | undefined {
    const path = new URL(url, 'http://localhost').pathname;
    const matching = [...this.#cookies.values()]
      .filter((cookie) => pathMatches(path, cookie.path))
      .sort((a, b) => b.path.length - a.path.length);
    return matching.length
      ? matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
      : undefined;
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [key, cookie] of this.#cookies) copy.#cookies.set(key, { ...cookie });
    return copy;
  }
}

/** Meets the password policy; no word in it, so no test e-mail's local part can be inside it. */
export const TEST_PASSWORD = 'Kp7#vX2!mQ9$tR4w';

export type Tokens = { accessToken: string; refreshToken: string; idToken: string; sub: string };
/** The tokens plus the browser's cookies (the provider session), for tests about sessions and logout. */
export type SignedIn = Tokens & { cookies: CookieJar };

export class TokenError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(`token endpoint answered ${status}: ${JSON.stringify(body)}`);
    this.status = status;
    this.body = body;
  }
}

type AuthorizeOptions = { screenHint?: 'signup'; prompt?: string; extra?: Record<string, string> };

const base64url = (bytes: Buffer) => bytes.toString('base64url');

const issuerOf = async (app: Injector): Promise<string> => {
  const response = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
  const { issuer } = response.json<{ issuer: string }>();
  return issuer;
};

/** The SPA's redirect URI is `${publicUrl}/login`, and the embedded issuer is `${publicUrl}/oidc`. */
const redirectUriFor = (issuer: string) => `${issuer.replace(/\/oidc$/, '')}/login`;

const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
};

/**
 * A browser tab: a cookie jar and a way to GET or POST a same-origin URL with it, optionally from a given client
 * address (Fastify's `request.ip`), for limits kept per address.
 */
export const browser = (app: Injector, cookies = new CookieJar(), remoteAddress?: string) => {
  const request = async (method: 'GET' | 'POST', url: string, form?: Record<string, string>) => {
    const path = pathOf(url);
    const cookie = cookies.headerFor(path);
    const response = await app.inject({
      method,
      url: path,
      ...(remoteAddress ? { remoteAddress } : {}),
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    cookies.store(response.cookies);
    return response;
  };
  return {
    cookies,
    get: (url: string) => request('GET', url),
    post: (url: string, form: Record<string, string>) => request('POST', url, form),
  };
};
export type Browser = ReturnType<typeof browser>;

/** Follows redirects from a response until one leaves for the SPA's redirect URI (or a page renders). */
const followUntil = async (tab: Browser, first: InjectResponse, stopAt: string) => {
  let response = first;
  for (let hops = 0; hops < 10; hops += 1) {
    const location = response.headers.location;
    if (response.statusCode < 300 || response.statusCode >= 400 || typeof location !== 'string')
      return { response };
    if (location.startsWith(stopAt)) return { response, callback: new URL(location) };
    response = await tab.get(location);
  }
  throw new Error('too many redirects');
};

const alertText = (html: string) =>
  /role="alert"[^>]*>([\s\S]*?)<\/div>/
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, ' ')
    .trim();

/** Starts an authorization request; answers with the first non-redirect page or the callback URL. */
export const startAuthorization = async (tab: Browser, app: Injector, options: AuthorizeOptions = {}) => {
  const issuer = await issuerOf(app);
  const redirectUri = redirectUriFor(issuer);
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const params = new URLSearchParams({
    client_id: EMBEDDED_CLIENT_ID,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid email offline_access',
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    state,
    nonce: base64url(randomBytes(16)),
    ...(options.screenHint ? { screen_hint: options.screenHint } : {}),
    ...(options.prompt ? { prompt: options.prompt } : {}),
    ...options.extra,
  });
  const { response, callback } = await followUntil(tab, await tab.get(`/oidc/auth?${params}`), redirectUri);
  return { response, callback, verifier, state, redirectUri };
};

/** Trades the callback's code for tokens, checking state like oidc-client-ts does. */
export const redeemCallback = async (
  app: Injector,
  flow: { callback: URL; verifier: string; state: string; redirectUri: string },
): Promise<Tokens> => {
  const { callback } = flow;
  if (callback.searchParams.get('state') !== flow.state) throw new Error('state mismatch');
  const code = callback.searchParams.get('code');
  if (!code)
    throw new Error(`authorization failed: ${callback.searchParams.get('error')} ${callback.search}`);
  return tokenRequest(app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: flow.redirectUri,
    code_verifier: flow.verifier,
  });
};

const tokenRequest = async (app: Injector, form: Record<string, string>): Promise<Tokens> => {
  const response = await app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: EMBEDDED_CLIENT_ID, ...form }).toString(),
  });
  const body = response.json<Record<string, unknown>>();
  if (response.statusCode !== 200) throw new TokenError(response.statusCode, body);
  const { access_token: accessToken, refresh_token: refreshToken, id_token: idToken } = body;
  if (typeof accessToken !== 'string' || typeof refreshToken !== 'string' || typeof idToken !== 'string') {
    throw new TokenError(response.statusCode, body);
  }
  const { sub } = decodeJwt(idToken);
  if (!sub) throw new Error('id_token without sub');
  return { accessToken, refreshToken, idToken, sub };
};

const submitCredentials = async (
  app: Injector,
  mode: 'sign-in' | 'sign-up',
  input: { email: string; password?: string },
  tab: Browser = browser(app),
): Promise<SignedIn> => {
  const flow = await startAuthorization(tab, app, mode === 'sign-up' ? { screenHint: 'signup' } : {});
  const page = flow.response;
  const action = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1];
  if (page.statusCode !== 200 || !action)
    throw new Error(`expected the ${mode} page, got ${page.statusCode}`);
  const posted = await tab.post(action.replaceAll('&amp;', '&'), {
    email: input.email,
    password: input.password ?? TEST_PASSWORD,
  });
  const { response, callback } = await followUntil(tab, posted, flow.redirectUri);
  if (!callback)
    throw new Error(`${mode} failed (${response.statusCode}): ${alertText(response.body) ?? response.body}`);
  const tokens = await redeemCallback(app, { ...flow, callback });
  return { ...tokens, cookies: tab.cookies };
};

/** Creates an identity through the sign-up form and returns real tokens for it. */
export const signUp = (app: Injector, input: { email: string; password?: string }): Promise<SignedIn> =>
  submitCredentials(app, 'sign-up', input);

/** Signs an existing identity in through the sign-in form (fresh browser unless one is given). */
export const signIn = (
  app: Injector,
  input: { email: string; password?: string },
  tab?: Browser,
): Promise<SignedIn> => submitCredentials(app, 'sign-in', input, tab);

/** The refresh_token grant, as the SPA's silent renew does it. Throws TokenError when refused. */
export const refresh = (app: Injector, refreshToken: string): Promise<Tokens> =>
  tokenRequest(app, { grant_type: 'refresh_token', refresh_token: refreshToken });
