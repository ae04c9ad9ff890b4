/**
 * Issue #18's end-to-end figure: from a change in the create-epic form to the backtest panel showing the answer for
 * it, with a year of minute candles loaded (the 365-day window: 365 daily starts), in Debian's Chromium against the
 * real server (sources, PGlite, or PostgreSQL when DATABASE_URL is set) and the built app. Each round types a new
 * budget (never a cached answer) the way a trader does — one change, then the panel — and times, inside the page,
 * from the input event to the frame after the panel's figures stop being marked as updating. Then it shoots the
 * panel for a ladder on both sides of the price at phone and desktop widths (test-results/screenshots).
 * Run: npm run build && ROUNDS=40 npx playwright test -c bench/browser backtest-panel
 */
import { loadavg } from 'node:os';
import { expect, type Page, test } from '@playwright/test';
import { journeyServer } from '../../e2e/support/journey-server.ts';
import { onboardTrader } from '../../e2e/support/onboarding.ts';
import { uniqueEmail } from '../../e2e/support/people.ts';
import { shootAtWidths } from '../../e2e/support/screenshots.ts';
import { scratchDatabase } from '../bench-server.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 40);
/** On PostgreSQL a database of the run's own: a server's secrets are sealed with its data dir's key, so a second
 * run's fresh data dir could not read the first's (the server refuses to start, as it should). */
let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
const server = journeyServer(async (): Promise<Record<string, string>> => {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return {};
  scratch = await scratchDatabase(adminUrl, `bench_panel_${process.pid}`);
  return { DATABASE_URL: scratch.url };
});
test.afterAll(async () => {
  await scratch?.drop();
});

const setField = async (page: Page, name: string, value: string) => {
  const field = page.locator(`input[name="${name}"]`);
  await field.fill(value);
  await expect(field).toHaveValue(value);
};

/** In the page: set the budget as typing does, then wait for the panel to go busy and settle again; ms. */
const changeToPanel = (page: Page, budget: string) =>
  page.evaluate(async (value) => {
    const input = document.querySelector<HTMLInputElement>('input[name="budget"]');
    const body = document.querySelector('[aria-label="Backtest figures"]')?.closest('[aria-busy]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    if (!input || !body || !setValue) throw new Error('the form or the panel is not on screen');
    const started = performance.now();
    const settled = new Promise<void>((resolve) => {
      let sawBusy = false;
      const check = () => {
        if (body.getAttribute('aria-busy') === 'true') sawBusy = true;
        else if (sawBusy) {
          observer.disconnect();
          resolve();
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(body, { attributes: true, attributeFilter: ['aria-busy'] });
    });
    setValue.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await settled;
    // The updated figures are on screen once the browser has painted the frame after the change.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const total = performance.now() - started;
    // Where the time went: the change until the request left, the request (server and network), the rest.
    const request = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('/api/v1/backtests') && entry.startTime >= started)
      .at(-1) as PerformanceResourceTiming | undefined;
    const asked = request ? request.startTime - started : Number.NaN;
    const answered = request ? request.responseEnd - request.startTime : Number.NaN;
    return { total, asked, answered, shown: total - asked - answered };
  }, budget);

const percentile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

test('a change in the form → the updated backtest panel, with a year loaded', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await onboardTrader(page, server.url, uniqueEmail('panel-bench'));
  await page.getByRole('link', { name: 'New epic' }).click();
  await page.getByRole('list', { name: 'Top movers' }).getByRole('button').first().click();
  await setField(page, 'budget', '1000');
  await setField(page, 'dcaLevels', '4');
  await setField(page, 'buySpread', '3');
  await setField(page, 'sellSpread', '2');
  const panel = page.getByRole('region', { name: 'How this ladder did' });
  const settledPanel = panel.getByLabel('Backtest figures').locator('xpath=ancestor::*[@aria-busy][1]');
  // The first year of a paper coin is generated and stored once: minutes, not part of the figure.
  const yearAnswered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/backtests') &&
      (response.request().postDataJSON() as { window?: string }).window === '365d',
    { timeout: 600_000 },
  );
  await panel.getByRole('button', { name: '1 year' }).click();
  expect((await yearAnswered).status()).toBe(200);
  await expect(settledPanel).toHaveAttribute('aria-busy', 'false');
  await expect(panel).toContainText('every day over');

  for (let i = 0; i < 3; i++) await changeToPanel(page, String(900 + i)); // warm-up: JIT, the window's minutes
  const rounds: Awaited<ReturnType<typeof changeToPanel>>[] = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await changeToPanel(page, String(1001 + i)));
  const sorted = (part: keyof (typeof rounds)[number]) => rounds.map((r) => r[part]).sort((a, b) => a - b);
  const times = sorted('total');
  const ms = (q: number) => `${percentile(times, q).toFixed(0)} ms`;
  const median = (part: 'asked' | 'answered' | 'shown') => `${percentile(sorted(part), 0.5).toFixed(0)} ms`;
  console.log(
    `change → updated panel, 365 days (365 starts), ${ROUNDS} rounds, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ` +
      `p50 ${ms(0.5)}, p95 ${ms(0.95)}, max ${ms(1)} (target p95 ≤ 150 ms); medians: change → request ${median('asked')}, ` +
      `request → answer ${median('answered')}, answer → painted ${median('shown')}; load average ${loadavg()
        .map((v) => v.toFixed(1))
        .join(' ')}`,
  );

  // A look at the panel for a ladder on both sides of the price (triggers above, resting levels below).
  await page.getByRole('button', { name: /^All settings/ }).click();
  await page.getByRole('radio', { name: 'Both' }).check({ force: true });
  await setField(page, 'sellSpread', '4');
  await expect(
    panel.getByLabel('Backtest figures').locator('xpath=ancestor::*[@aria-busy][1]'),
  ).toHaveAttribute('aria-busy', 'false');
  await shootAtWidths(page, 'backtest-panel-both');
});
