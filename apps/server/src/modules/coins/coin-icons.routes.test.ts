import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('coin icons', () => {
  it('serves the icon set’s SVG for a known coin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/coin-icons/btc.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toContain('<svg');
    expect(response.body).not.toContain('>BTC<');
  });

  it('draws a badge with the initials for a coin the set lacks', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/coin-icons/sui.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('>SUI</text>');
  });

  it('refuses anything but a plain symbol, so no path can escape the icon folder', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/coin-icons/..%2Fpackage.json' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation-failed');
  });
});
