import { describe, expect, it } from 'vitest';
import { appForAllTests } from '../testing/app-lifecycle.ts';
import { buildTestApp } from '../testing/test-app.ts';

const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'http',
  'x-forwarded-port': '8080',
  forwarded: 'host=evil.example;proto=http',
};

type Discovery = { issuer: string; token_endpoint: string; authorization_endpoint: string; jwks_uri: string };

describe.each(['false', 'true'])('the identity provider with TRUST_PROXY=%s', (trustProxy) => {
  const t = appForAllTests(() =>
    buildTestApp({ env: { PUBLIC_URL: 'https://cdca.example', TRUST_PROXY: trustProxy } }),
  );

  it('names PUBLIC_URL in discovery whatever Host and X-Forwarded-* say, and says how to cache it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: FORGED,
    });
    expect(response.statusCode).toBe(200);
    const discovery = response.json<Discovery>();
    expect(discovery.issuer).toBe('https://cdca.example/oidc');
    expect(discovery.token_endpoint).toBe('https://cdca.example/oidc/token');
    expect(discovery.authorization_endpoint).toBe('https://cdca.example/oidc/auth');
    expect(discovery.jwks_uri).toBe('https://cdca.example/oidc/jwks');
    expect(response.body).not.toContain('evil.example');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('starts a sign-in on PUBLIC_URL, with cookies only https carries, whatever the request claims', async () => {
    const params = new URLSearchParams({
      client_id: 'cdca-web',
      response_type: 'code',
      redirect_uri: 'https://cdca.example/login',
      scope: 'openid email offline_access',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'state',
    });
    const response = await t.app.inject({ method: 'GET', url: `/oidc/auth?${params}`, headers: FORGED });
    expect(response.statusCode).toBe(303);
    expect(String(response.headers.location)).toMatch(/^(\/|https:\/\/cdca\.example\/)interaction\//);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.cookies.length).toBeGreaterThan(0);
    for (const cookie of response.cookies) expect(cookie.secure).toBe(true);
  });
});
