import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../testing/sign-in.ts';
import { bearer, buildTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { APP_ENV: 'staging', STAGING_ALLOWED_EMAILS: 'Beta@Example.test' } });
});
afterAll(() => t.close());

const authorize = (accessToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/authorize',
    headers: bearer(accessToken),
    payload: { token: accessToken },
  });

describe('staging', () => {
  it('admits an allow-listed e-mail whatever its case', async () => {
    const { accessToken } = await signUp(t.app, { email: 'beta@example.test' });
    const response = await authorize(accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe('beta@example.test');
  });

  it('refuses any other e-mail with email-not-allowed-in-staging and creates no account', async () => {
    const { accessToken, sub } = await signUp(t.app, { email: 'outsider@example.test' });
    const response = await authorize(accessToken);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('email-not-allowed-in-staging');
    const account = await t.app.inject({
      method: 'GET',
      url: `/api/v1/accounts/${sub}`,
      headers: bearer(accessToken),
    });
    expect(account.json().code).toBe('account-not-found');
  });

  it('tells the browser to show the beta label', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(config.json().appEnv).toBe('staging');
  });
});
