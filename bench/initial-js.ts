import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Browser, type BrowserContextOptions, chromium } from '@playwright/test';
import { onboardTrader } from '../e2e/support/onboarding.ts';
import { uniqueEmail } from '../e2e/support/people.ts';
import { startServer } from '../e2e/support/server.ts';

/**
 * The JavaScript a first visit downloads, per page: loads each path in Chromium against a fresh server, records
 * every script it fetches until none has arrived for 2 s, and sums their raw, gzip (level 9) and brotli (quality
 * 11, as the build precompresses) sizes. Paths after `--signed-in` are loaded by a trader who has finished
 * onboarding (signed up through the embedded provider first, with an empty browser cache for each page). Measures
 * the build in WEB_DIST_DIR, or apps/web/dist (npm run build first).
 * Usage: [WEB_DIST_DIR=…] [BENCH_PORT=…] [VERBOSE=1] npx node bench/initial-js.ts [/path …] [--signed-in /path …]   (default: /)
 */
const args = process.argv.slice(2);
const split = args.indexOf('--signed-in');
const visitorPaths = split === -1 ? args : args.slice(0, split);
const signedInPaths = split === -1 ? [] : args.slice(split + 1);
if (visitorPaths.length === 0 && signedInPaths.length === 0) visitorPaths.push('/');
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

/** Loads `path` in a fresh context (empty cache) and prints the scripts it fetched until the network was idle. */
const measure = async (
  browser: Browser,
  baseUrl: string,
  path: string,
  label: string,
  state?: BrowserContextOptions,
) => {
  const context = await browser.newContext(state);
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  // On a loaded machine the page can be quiet for the 500 ms "network idle" needs while it still runs the code
  // that asks for its next chunks (a signed-in dashboard once counted 17 scripts instead of 52): the count is
  // taken once no new script has arrived for 2 s.
  for (let counted = -1; counted !== scripts.size; ) {
    counted = scripts.size;
    await page.waitForTimeout(2000);
    await page.waitForLoadState('networkidle');
  }
  const landed = new URL(page.url()).pathname;
  const totals = { raw: 0, gzip: 0, brotli: 0 };
  const rows: string[] = [];
  for (const script of [...scripts].sort()) {
    const sizes = sizesOf(join(dist, script));
    totals.raw += sizes.raw;
    totals.gzip += sizes.gzip;
    totals.brotli += sizes.brotli;
    rows.push(`    ${script}  ${kb(sizes.gzip)} gzip`);
  }
  const where = landed === path ? '' : ` (ended on ${landed})`;
  console.log(
    `${label}${where}: ${scripts.size} scripts, ${kb(totals.raw)} raw, ${kb(totals.gzip)} gzip, ${kb(totals.brotli)} brotli`,
  );
  if (process.env.VERBOSE) console.log(rows.join('\n'));
  await context.close();
};

/** A trader who has finished onboarding, as browser state (the session lives in localStorage). */
const signedInState = async (browser: Browser, baseUrl: string): Promise<BrowserContextOptions> => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await onboardTrader(page, baseUrl, uniqueEmail('initial-js'));
  const storageState = await context.storageState();
  await context.close();
  return { storageState };
};

// Not 4190: fetch and Chromium refuse it (a "bad port" of the fetch standard). BENCH_PORT lets two runs share a machine.
const server = await startServer(Number(process.env.BENCH_PORT ?? 4195), { WEB_DIST_DIR: dist });
// The server is stopped even when Chromium fails to start (it was left running, holding the terminal's output).
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    for (const path of visitorPaths) await measure(browser, server.url, path, path);
    if (signedInPaths.length > 0) {
      const state = await signedInState(browser, server.url);
      for (const path of signedInPaths) await measure(browser, server.url, path, `${path} signed in`, state);
    }
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
