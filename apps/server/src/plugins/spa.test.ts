import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';

/** A stand-in for the web build: the shell's head as Vite writes it, and one hashed asset. */
const fakeBuild = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cdca-spa-'));
  mkdirSync(join(dir, 'static/js'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    [
      '<!doctype html><html lang="en"><head>',
      '<title>Build title</title>',
      '<meta name="description" content="Build description" />',
      '<script type="module" src="/static/js/main-abc.js"></script>',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'static/js/main-abc.js'), 'console.log("app")');
  writeFileSync(join(dir, 'static/js/main-abc.js.br'), brotliCompressSync('console.log("app")'));
  return dir;
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: {
      WEB_DIST_DIR: fakeBuild(),
      PUBLIC_URL: 'https://cdca.example',
      LAUNCH_DEAL: 'true',
    },
  });
});
afterAll(() => t.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the SPA shell', () => {
  it('gives the landing page its title, description, Open Graph tags and the runtime config inline', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const html = response.body;
    expect(html).toContain('<title>CDCA — Automated crypto dollar-cost averaging');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('Build description');
    expect(html).toContain('<link rel="canonical" href="https://cdca.example/" />');
    expect(html).toContain('<meta property="og:image" content="https://cdca.example/og-image.png" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const config = /<script id="cdca-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(config ?? 'null')).toMatchObject({
      launchDeal: true,
      launchAt: '2025-10-01T00:00:00.000Z',
    });
  });

  it('gives each public page its own head and keeps account pages out of search results', async () => {
    const plans = (await page('/plans/')).body;
    expect(plans).toContain('<title>Plans and pricing — CDCA</title>');
    expect(plans).toContain('<meta property="og:url" content="https://cdca.example/plans" />');
    expect(plans).not.toContain('noindex');
    const dashboard = (await page('/dashboard?tab=1')).body;
    expect(dashboard).toContain('<meta name="robots" content="noindex" />');
    expect(dashboard).not.toContain('rel="canonical"');
  });

  it('sends the shell compressed when the browser accepts it', async () => {
    const response = await page('/privacy-policy', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain(
      '<title>Privacy policy — CDCA</title>',
    );
  });

  it('serves a hashed asset precompressed, for good, from the file written beside it', async () => {
    const response = await page('/static/js/main-abc.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log("app")');
    const plain = await page('/static/js/main-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('serves robots.txt and a sitemap of the public pages with absolute addresses', async () => {
    const robots = await page('/robots.txt');
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Sitemap: https://cdca.example/sitemap.xml');
    const sitemap = await page('/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    expect(sitemap.body).toContain('<loc>https://cdca.example/</loc>');
    expect(sitemap.body).toContain('<loc>https://cdca.example/terms-of-service</loc>');
    expect(sitemap.body).not.toContain('/dashboard');
  });

  it('still answers JSON 404s for unknown API paths', async () => {
    const response = await page('/api/v1/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'route-not-found' });
  });
});
