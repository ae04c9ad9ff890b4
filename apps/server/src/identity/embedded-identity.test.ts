import type { FastifyInstance } from 'fastify';
import { decodeJwt, type JWTVerifyGetKey } from 'jose';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTokenVerifier } from '../auth/verify-token.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import {
  browser,
  redeemCallback,
  refresh,
  signIn,
  signUp,
  startAuthorization,
  TEST_PASSWORD,
  TokenError,
} from '../testing/sign-in.ts';
import { testConfig } from '../testing/test-config.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { buildIdentityTestApp } from './testing/identity.fixture.ts';

const config: Config = testConfig();
let database: Database;
let app: FastifyInstance;
let getKey: JWTVerifyGetKey;
const providerNotices: string[] = [];

const captureProviderNotices = (...args: unknown[]) => {
  const text = args.map(String).join(' ');
  if (text.includes('oidc-provider')) providerNotices.push(text);
};

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(captureProviderNotices);
  vi.spyOn(console, 'info').mockImplementation(captureProviderNotices);
  database = await createTestDatabase();
  ({ app, getKey } = await buildIdentityTestApp(config, database));
});
afterAll(async () => {
  await app.close();
  await database.close();
  vi.restoreAllMocks();
});

const formAction = (html: string) => /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
const alertOf = (html: string) => /role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';

/** Opens the sign-in page in a fresh browser, optionally on the sign-up tab via screen_hint. */
const openAuthPage = async (screenHint?: 'signup') => {
  const tab = browser(app);
  const { response } = await startAuthorization(tab, app, screenHint ? { screenHint } : {});
  return { tab, page: response };
};

describe('sign-up', () => {
  test('issues JWT access tokens the API accepts, carrying sub and e-mail', async () => {
    const tokens = await signUp(app, { email: '  New.Trader@Example.test ' });
    const verify = createTokenVerifier(config.auth, getKey);
    const auth = await verify(tokens.accessToken);
    expect(auth).toMatchObject({ sub: tokens.sub, email: 'new.trader@example.test' });
    const claims = decodeJwt(tokens.accessToken);
    expect(claims).toMatchObject({
      iss: config.auth.issuer,
      aud: config.auth.audience,
      client_id: 'cdca-web',
    });
    // 15-minute access tokens.
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(15 * 60);
    expect(decodeJwt(tokens.idToken)).toMatchObject({ sub: tokens.sub, email: 'new.trader@example.test' });
  });

  test('an id_token is not accepted as an access token (its audience is the client)', async () => {
    const { idToken } = await signUp(app, { email: 'id-token@example.test' });
    const verify = createTokenVerifier(config.auth, getKey);
    await expect(verify(idToken)).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });

  test('screen_hint=signup opens the create-account form; the default is sign-in; tabs switch', async () => {
    const signup = await openAuthPage('signup');
    expect(signup.page.statusCode).toBe(200);
    expect(signup.page.headers['content-type']).toContain('text/html');
    expect(signup.page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(signup.page.body).toMatch(/<button class="button" type="submit">Create account<\/button>/);
    expect(formAction(signup.page.body)).toMatch(/^\/interaction\/[\w-]+\/sign-up$/);
    expect(signup.page.body).toContain('name="email"');
    expect(signup.page.body).toContain('name="password"');
    expect(signup.page.body).toContain('<label for="email">');

    const signin = await openAuthPage();
    expect(signin.page.body).toMatch(/type="submit">Sign in<\/button>/);
    expect(formAction(signin.page.body)).toMatch(/\/sign-in$/);

    const switched = await signin.tab.get(
      `${formAction(signin.page.body).replace(/\/sign-in$/, '')}?mode=signup`,
    );
    expect(formAction(switched.body)).toMatch(/\/sign-up$/);
  });

  // docs/decisions/sign-in-throttling.md: sign-up never says "this e-mail has an account".
  test('answers a taken e-mail as a sign-in: a failed one with another password, keeping what was typed', async () => {
    await signUp(app, { email: 'taken@example.test' });
    const { tab, page } = await openAuthPage('signup');
    const response = await tab.post(formAction(page.body), {
      email: 'Taken@example.test',
      password: 'Another-pass-42',
    });
    expect(response.statusCode).toBe(401);
    expect(alertOf(response.body)).toBe('That e-mail and password do not match. Check both and try again.');
    expect(response.body).not.toContain('already exists');
    expect(response.body).toContain('value="taken@example.test"');
  });

  test('signs a person in who signs up again with the right password', async () => {
    const first = await signUp(app, { email: 'again@example.test' });
    const second = await signUp(app, { email: 'Again@example.test' });
    expect(second.sub).toBe(first.sub);
  });

  test('refuses a weak password and says why', async () => {
    const { tab, page } = await openAuthPage('signup');
    const response = await tab.post(formAction(page.body), {
      email: 'weak@example.test',
      password: 'password1',
    });
    expect(response.statusCode).toBe(400);
    const alert = alertOf(response.body);
    expect(alert).toContain('Use at least 10 characters.');
    expect(alert).toContain('This password is too common.');
    expect(response.body).toContain('value="weak@example.test"');
  });

  test('refuses an invalid e-mail address', async () => {
    const { tab, page } = await openAuthPage('signup');
    const response = await tab.post(formAction(page.body), {
      email: 'not-an-email',
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(alertOf(response.body)).toContain('Enter a valid e-mail address');
  });
});

describe('sign-in', () => {
  test('signs an existing identity in with any capitalisation of the e-mail', async () => {
    const created = await signUp(app, { email: 'returning@example.test' });
    const again = await signIn(app, { email: ' RETURNING@example.test', password: TEST_PASSWORD });
    expect(again.sub).toBe(created.sub);
  });

  test('gives the same message for a wrong password and an unknown e-mail', async () => {
    await signUp(app, { email: 'careful@example.test' });
    const attempts = [
      { email: 'careful@example.test', password: 'wrong-password-1' },
      { email: 'nobody@example.test', password: TEST_PASSWORD },
    ];
    const alerts = [];
    for (const attempt of attempts) {
      const { tab, page } = await openAuthPage();
      const response = await tab.post(formAction(page.body), attempt);
      expect(response.statusCode).toBe(401);
      expect(response.body).toContain(`value="${attempt.email}"`);
      alerts.push(alertOf(response.body));
    }
    expect(alerts[0]).toBe('That e-mail and password do not match. Check both and try again.');
    expect(alerts[1]).toBe(alerts[0]);
  });

  test('escapes what it echoes back', async () => {
    const { tab, page } = await openAuthPage();
    const response = await tab.post(formAction(page.body), {
      email: '"><script>alert(1)</script>',
      password: 'x',
    });
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(response.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  test('an expired or foreign interaction shows a way to start again instead of an error dump', async () => {
    const response = await app.inject({ method: 'GET', url: '/interaction/does-not-exist' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('This sign-in page has expired');
    expect(response.body).toContain(`href="${config.publicUrl}/login"`);
    const posted = await app.inject({
      method: 'POST',
      url: '/interaction/does-not-exist/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.test&password=x',
    });
    expect(posted.statusCode).toBe(400);
  });

  test('an existing session signs in silently (prompt=none), and prompt=consent is granted without a dead end', async () => {
    const { cookies } = await signUp(app, { email: 'silent@example.test' });
    for (const prompt of ['none', 'consent']) {
      const { callback } = await startAuthorization(browser(app, cookies.clone()), app, { prompt });
      expect(callback?.searchParams.get('code'), prompt).toEqual(expect.any(String));
    }
  });

  test('authorization errors render in the product look, not the provider default', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/oidc/auth?client_id=not-ours&response_type=code&scope=openid',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Sign-in could not continue');
    expect(response.body).toContain('#0b0e14');
  });
});

describe('tokens and sessions', () => {
  test('refresh rotates the refresh token, and reusing the old one is refused', async () => {
    const tokens = await signUp(app, { email: 'refresh@example.test' });
    const rotated = await refresh(app, tokens.refreshToken);
    expect(rotated.refreshToken).not.toBe(tokens.refreshToken);
    expect(rotated.sub).toBe(tokens.sub);
    expect(decodeJwt(rotated.accessToken)).toMatchObject({
      aud: config.auth.audience,
      email: 'refresh@example.test',
    });
    await expect(refresh(app, tokens.refreshToken)).rejects.toBeInstanceOf(TokenError);
  });

  test('a restart keeps keys and sessions: a second instance accepts the first one’s tokens and cookies', async () => {
    const tokens = await signUp(app, { email: 'restart@example.test' });
    const second = await buildIdentityTestApp(config, database);
    try {
      const verifyOnSecond = createTokenVerifier(config.auth, second.getKey);
      await expect(verifyOnSecond(tokens.accessToken)).resolves.toMatchObject({ sub: tokens.sub });

      // The first instance's session cookie signs in silently on the second, and its code redeems there.
      const flow = await startAuthorization(browser(second.app, tokens.cookies.clone()), second.app, {
        prompt: 'none',
      });
      if (!flow.callback) throw new Error(`expected a callback, got ${flow.response.statusCode}`);
      const silent = await redeemCallback(second.app, { ...flow, callback: flow.callback });
      expect(silent.sub).toBe(tokens.sub);

      const refreshed = await refresh(second.app, tokens.refreshToken);
      await expect(createTokenVerifier(config.auth, getKey)(refreshed.accessToken)).resolves.toMatchObject({
        sub: tokens.sub,
      });
    } finally {
      await second.app.close();
    }
  });

  test('logout from the app ends the session and its refresh tokens', async () => {
    const tokens = await signUp(app, { email: 'logout@example.test' });
    const tab = browser(app, tokens.cookies);
    const params = new URLSearchParams({
      id_token_hint: tokens.idToken,
      post_logout_redirect_uri: `${config.publicUrl}/`,
      state: 'bye',
    });
    const page = await tab.get(`/oidc/session/end?${params}`);
    expect(page.statusCode).toBe(200);
    // Asked by our own app with a valid id_token_hint: the styled page submits itself.
    expect(page.body).toContain('Signing you out');
    expect(page.body).toContain("document.getElementById('sign-out').click();");
    expect(page.headers['content-security-policy']).toMatch(/script-src 'sha256-/);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const confirmed = await tab.post('/oidc/session/end/confirm', { xsrf, logout: 'yes' });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`${config.publicUrl}/?state=bye`);

    const { callback } = await startAuthorization(tab, app, { prompt: 'none' });
    expect(callback?.searchParams.get('error')).toBe('login_required');
    await expect(refresh(app, tokens.refreshToken)).rejects.toMatchObject({
      body: { error: 'invalid_grant' },
    });
  });

  test('a logout link without an id_token_hint asks first, and signs out to a styled page', async () => {
    const { cookies } = await signUp(app, { email: 'asked@example.test' });
    const tab = browser(app, cookies);
    const page = await tab.get('/oidc/session/end');
    expect(page.body).toContain('Sign out of CDCA?');
    expect(page.body).not.toContain('<script>');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const confirmed = await tab.post('/oidc/session/end/confirm', { xsrf, logout: 'yes' });
    expect(confirmed.statusCode).toBe(303);
    const done = await tab.get(String(confirmed.headers.location));
    expect(done.body).toContain('You are signed out');
  });

  test('the token endpoint allows CORS from the app origin only', async () => {
    const tokens = await signUp(app, { email: 'cors@example.test' });
    const call = (origin: string, refreshToken: string) =>
      app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: 'cdca-web',
        }).toString(),
      });
    const foreign = await call('https://evil.example', tokens.refreshToken);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(foreign.statusCode).toBe(400);
    const ours = await call(new URL(config.publicUrl).origin, tokens.refreshToken);
    expect(ours.statusCode).toBe(200);
    expect(ours.headers['access-control-allow-origin']).toBe(new URL(config.publicUrl).origin);
  });

  test('oidc-provider has nothing to warn about', () => {
    expect(providerNotices).toEqual([]);
  });
});
