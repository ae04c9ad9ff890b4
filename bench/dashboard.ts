/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from '@playwright/test';
import { createEpic, holdPaperPrice, onIncrement } from '../e2e/support/paper-market.ts';
import { uniqueEmail } from '../e2e/support/people.ts';
import { type RunningServer, startServer } from '../e2e/support/server.ts';
import { apiAs } from '../e2e/support/session.ts';
import { onboard } from './trader-journey.ts';

/**
 * The trader's dashboard, measured in Chromium against a fresh server on the paper exchange:
 *  (a) the JavaScript a signed-in trader's cold visit to /dashboard downloads: every script it fetched, summed as
 *      gzip (level 9) and brotli (quality 11, what `npm run build` precompresses) of the build's files, and as
 *      transferred (compressed only when the build was precompressed);
 *  (b) fill → dashboard: from the moment the paper price is set so that it fills the next level of a live epic
 *      to the moment the dashboard row shows that level filled (realtime all the way, nothing polls); p50 of
 *      several fills.
 * Usage: [WEB_DIST_DIR=…] [FILLS=9] npx node bench/dashboard.ts
 */
const dist = process.env.WEB_DIST_DIR ?? new URL('../apps/web/dist', import.meta.url).pathname;
const fills = Number(process.env.FILLS ?? 9);
const levels = fills + 1;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** (a) A cold signed-in visit: a new browser context with the session but an empty HTTP cache. */
const measureJavaScript = async (browser: Browser, server: RunningServer, signedIn: Page) => {
  const storageState = await signedIn.context().storageState();
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const sizes = await request.sizes().catch(() => undefined);
    scripts.set(new URL(request.url()).pathname, sizes?.responseBodySize ?? 0);
  });
  await page.goto(`${server.url}/dashboard`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Live epics' }).waitFor();
  let gzip = 0;
  let brotli = 0;
  let transferred = 0;
  const rows: string[] = [];
  for (const [script, bodySize] of [...scripts].sort()) {
    const content = readFileSync(join(dist, script));
    const zipped = gzipSync(content, { level: 9 }).length;
    gzip += zipped;
    brotli += brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    transferred += bodySize;
    rows.push(`    ${script}  ${kb(zipped)} gzip`);
  }
  if (process.env.VERBOSE) console.log(rows.join('\n'));
  await context.close();
  return { scripts: scripts.size, gzip, brotli, transferred };
};

type PlanLevel = { price: string };
type Epic = { id: string; plan: { levels: PlanLevel[] } };

/** (b) Fill → dashboard for each level after the first. */
const measureFillLatency = async (page: Page, server: RunningServer) => {
  const coins = (await apiAs(page, server.url, '/api/v1/coins?limit=50')) as {
    coins: { id: string; symbol: string; price: string }[];
  };
  const coin = coins.coins.find((entry) => entry.symbol === 'SOL-USD') ?? coins.coins[0];
  if (!coin) throw new Error('no coins');
  const hold = (price: string) => holdPaperPrice(page, server.url, coin.symbol, price);
  await hold(coin.price);
  const context = (await apiAs(page, server.url, `/api/v1/epics/plan-context?coinId=${coin.id}`)) as {
    product: { priceIncrement: string };
  };
  const created = await createEpic<{ id: string }>(page, server.url, coin.id, {
    budget: '5000',
    dcaLevels: levels,
    scaling: 'fibonacci',
    load: 'back',
    direction: 'below',
    buySpread: '1',
    sellSpread: '3',
    stopSpread: null,
  });
  // The plan is in the epic's detail only.
  const epic = (await apiAs(page, server.url, `/api/v1/epics/${created.id}`)) as Epic;

  const row = page.locator(
    `[data-testid="live-epic"][data-epic-id="${epic.id}"] [data-testid="epic-levels"]`,
  );
  await row.waitFor();
  await page.waitForFunction(
    ([selector, text]) => document.querySelector(selector ?? '')?.textContent === text,
    [`[data-epic-id="${epic.id}"] [data-testid="epic-levels"]`, `1/${levels}`] as const,
    { timeout: 30_000 },
  );
  // The page notes the wall-clock moment each level count is first shown.
  await page.evaluate((epicId) => {
    const seen: Record<string, number> = {};
    (window as unknown as { levelSeenAt: Record<string, number> }).levelSeenAt = seen;
    const target = document.querySelector(`[data-epic-id="${epicId}"]`);
    if (!target) throw new Error('no epic row');
    new MutationObserver(() => {
      const text = target.querySelector('[data-testid="epic-levels"]')?.textContent ?? '';
      if (!(text in seen)) seen[text] = Date.now();
    }).observe(target, { subtree: true, childList: true, characterData: true });
  }, epic.id);

  const latencies: number[] = [];
  for (let level = 2; level <= levels; level += 1) {
    const here = Number(epic.plan.levels[level - 1]?.price);
    const next = Number(epic.plan.levels[level]?.price ?? here * 0.995);
    const price = onIncrement((here + next) / 2, context.product.priceIncrement);
    const setAt = Date.now();
    await hold(price);
    const text = `${level}/${levels}`;
    await page.waitForFunction(
      (wanted) =>
        (window as unknown as { levelSeenAt: Record<string, number> }).levelSeenAt[wanted] !== undefined,
      text,
      { timeout: 30_000 },
    );
    const shownAt = await page.evaluate(
      (wanted) => (window as unknown as { levelSeenAt: Record<string, number> }).levelSeenAt[wanted] ?? 0,
      text,
    );
    latencies.push(shownAt - setAt);
  }
  return latencies;
};

const server = await startServer(4108, { WEB_DIST_DIR: dist, COIN_SYNC_SECONDS: '5' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const email = uniqueEmail('bench-dashboard');
  await onboard(page, server.url, email);

  const js = await measureJavaScript(browser, server, page);
  console.log(
    `/dashboard (signed in, cold cache): ${js.scripts} scripts, ${kb(js.gzip)} gzip, ${kb(js.brotli)} brotli, ${kb(js.transferred)} transferred as this build is served`,
  );

  await server.stop();
  await server.admin('grant-owner', email);
  await server.restart();
  await page.goto(`${server.url}/dashboard`);
  await page.getByRole('heading', { name: 'Live epics' }).waitFor();

  const latencies = await measureFillLatency(page, server);
  console.log(
    `fill → dashboard over ${latencies.length} fills: p50 ${percentile(latencies, 50)} ms, min ${Math.min(...latencies)} ms, max ${Math.max(...latencies)} ms`,
  );
  console.log(`  each (ms): ${latencies.join(', ')}`);
} finally {
  await browser.close();
  await server.stop();
}
