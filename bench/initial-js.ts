import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startServer } from '../e2e/support/server.ts';

/**
 * The JavaScript a first visit downloads, per page: loads each path in Chromium, records every script it
 * fetches, and sums their raw, gzip and brotli sizes from the build (npm run build first).
 * Usage: npx node bench/initial-js.ts [/path …]   (default: /)
 */
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/'];
const dist = new URL('../apps/web/dist', import.meta.url).pathname;
const sizeOf = (file: string) => (existsSync(file) ? readFileSync(file).length : 0);

// Not 4190: fetch and Chromium refuse it (a "bad port" of the fetch standard).
const server = await startServer(4195);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  for (const path of paths) {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
    const totals = { raw: 0, gzip: 0, brotli: 0 };
    for (const script of scripts) {
      const file = join(dist, script);
      totals.raw += sizeOf(file);
      totals.gzip += sizeOf(`${file}.gz`) || sizeOf(file);
      totals.brotli += sizeOf(`${file}.br`) || sizeOf(file);
    }
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(
      `${path}: ${scripts.size} scripts, ${kb(totals.raw)} raw, ${kb(totals.gzip)} gzip, ${kb(totals.brotli)} brotli`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
