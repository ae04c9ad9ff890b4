import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServer } from '../e2e/support/server.ts';

/**
 * The JavaScript a first visit downloads, per page: loads each path in Chromium against a fresh server, records
 * every script it fetches, and sums their raw, gzip (level 9) and brotli (quality 11, as the build precompresses)
 * sizes. Measures the build in WEB_DIST_DIR, or apps/web/dist (npm run build first).
 * Usage: [WEB_DIST_DIR=…] npx node bench/initial-js.ts [/path …]   (default: /)
 */
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/'];
const dist = process.env.WEB_DIST_DIR ?? new URL('../apps/web/dist', import.meta.url).pathname;

const sizesOf = (file: string) => {
  const content = readFileSync(file);
  return {
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// Not 4190: fetch and Chromium refuse it (a "bad port" of the fetch standard).
const server = await startServer(4195, { WEB_DIST_DIR: dist });
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
    const rows: string[] = [];
    for (const script of [...scripts].sort()) {
      const sizes = sizesOf(join(dist, script));
      totals.raw += sizes.raw;
      totals.gzip += sizes.gzip;
      totals.brotli += sizes.brotli;
      rows.push(`    ${script}  ${kb(sizes.gzip)} gzip`);
    }
    console.log(
      `${path}: ${scripts.size} scripts, ${kb(totals.raw)} raw, ${kb(totals.gzip)} gzip, ${kb(totals.brotli)} brotli`,
    );
    if (process.env.VERBOSE) console.log(rows.join('\n'));
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
