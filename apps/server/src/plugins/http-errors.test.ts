import { ZRuntimeConfig } from '@cdca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('HTTP basics', () => {
  it('reports health with the database reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'route-not-found',
      message: 'No route GET /api/v1/nothing-here.',
    });
  });

  it('answers malformed JSON with 400 invalid-json, not a stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authorize',
      headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
      payload: '{"token": ',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);
    expect(response.body).not.toContain('at ');
  });

  it('answers malformed JSON on a public route with 400 invalid-json', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/health',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid-json');
  });

  it('serves the runtime configuration the SPA boots from, without secrets', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    const config = ZRuntimeConfig.parse(response.json());
    expect(config.auth).toEqual({
      provider: 'embedded',
      authority: 'http://localhost:3000/oidc',
      clientId: 'cdca-web',
      audience: 'http://localhost:3000/api',
    });
    expect(config.launchAt).toBe('2025-10-01T00:00:00.000Z');
  });
});
