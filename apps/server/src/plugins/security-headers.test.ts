import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appForAllTests } from '../testing/app-lifecycle.ts';
import type { InjectResponse } from '../testing/http-injector.ts';
import { browser, startAuthorization } from '../testing/sign-in.ts';
import { buildTestApp } from '../testing/test-app.ts';

/** A stand-in for the web build: a shell with one module script, as Vite writes it. */
const fakeBuild = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cdca-headers-'));
  mkdirSync(join(dir, 'static/js'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>t</title><script type="module" src="/static/js/main-abc.js"></script></head><body></body></html>',
  );
  writeFileSync(join(dir, 'static/js/main-abc.js'), 'console.log("app")');
  return dir;
};

/** The CSP's directives by name, each with its sources. */
const cspOf = (response: InjectResponse) =>
  new Map(
    String(response.headers['content-security-policy'] ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );

const expectNoFramingNoSniffing = (response: InjectResponse) => {
  expect(cspOf(response).get('frame-ancestors')).toEqual(["'none'"]);
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toMatch(
    /^(strict-origin-when-cross-origin|no-referrer|same-origin)$/,
  );
};

describe('security headers over http (PUBLIC_URL http://localhost:3000)', () => {
  const t = appForAllTests(() => buildTestApp({ env: { WEB_DIST_DIR: fakeBuild() } }));

  it.each(['/', '/dashboard', '/login'])('%s carries a strict CSP and no-framing headers', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expectNoFramingNoSniffing(response);
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = cspOf(response);
    // Scripts from our own origin only: never inline, never eval, never another host.
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000']);
    // No HSTS on plain http: a browser would refuse the product until it has https.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('an identity page keeps its own stricter CSP, with the same no-framing headers', async () => {
    const { response } = await startAuthorization(browser(t.app), t.app);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<form');
    expectNoFramingNoSniffing(response);
    const csp = cspOf(response);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'none'"]);
    expect(csp.get('style-src')?.[0]).toMatch(/^'sha256-/);
    expect(csp.get('form-action')).toEqual(["'self'"]);
  });

  it("the provider's own answers carry the headers too", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('API answers are never stored by a cache; answers that chose their own caching keep it', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/accounts/someone' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const icon = await t.app.inject({ method: 'GET', url: '/coin-icons/btc.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=604800');
  });

  it('an API answer is data: a policy that allows nothing, no framing, no sniffing, no document-only headers', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expectNoFramingNoSniffing(health);
    const csp = cspOf(health);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.has('script-src')).toBe(false);
    expect(health.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection'])
      expect(health.headers[documentOnly]).toBeUndefined();
    // The pages keep theirs.
    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('error pages carry them too', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expectNoFramingNoSniffing(missing);
  });
});

describe('security headers over https (PUBLIC_URL https://cdca.example)', () => {
  const t = appForAllTests(() =>
    buildTestApp({ env: { WEB_DIST_DIR: fakeBuild(), PUBLIC_URL: 'https://cdca.example' } }),
  );

  it('adds HSTS for this host and upgrades insecure requests', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    const csp = cspOf(response);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://cdca.example']);
  });
});

describe('security headers with an external identity provider (AUTH_DOMAIN)', () => {
  const t = appForAllTests(() =>
    buildTestApp({
      env: {
        WEB_DIST_DIR: fakeBuild(),
        AUTH_DOMAIN: 'tenant.eu.auth0.com',
        AUTH_CLIENT_ID: 'abc',
        AUTH_AUDIENCE: 'https://api.cdca.example',
      },
    }),
  );

  it('lets the web app talk to it, and nothing else', async () => {
    const csp = cspOf(await t.app.inject({ method: 'GET', url: '/dashboard' }));
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000', 'https://tenant.eu.auth0.com']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://tenant.eu.auth0.com']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });
});
