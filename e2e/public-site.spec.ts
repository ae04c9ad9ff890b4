import { expect, type Page, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { supportTickets } from '../apps/server/src/modules/support/support.schema.ts';
import { journeyServer } from './support/journey-server.ts';
import { PASSWORD, uniqueEmail } from './support/people.ts';
import { SCREENSHOTS_WANTED, SHOTS, shot } from './support/screenshots.ts';
import { accessTokenOf, apiAs } from './support/session.ts';

const SECTIONS = [
  ['Results', 'results', 'Closed epics'],
  ['Pricing', 'pricing', 'One plan'],
  ['Strategy', 'strategy', 'From sign-up to your first closed epic'],
  ['Community', 'community', 'Trade alongside'],
  ['FAQ', 'questions', 'Frequently asked'],
] as const;

/** Scrolls to the bottom and back, so every lazy image has loaded (a string: e2e code has no DOM types). */
const SCROLL_THROUGH = `(async () => {
  for (let y = 0; y < document.body.scrollHeight; y += 500) {
    window.scrollTo(0, y);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  window.scrollTo(0, 0);
})()`;

/** Where a section's heading sits below the sticky header once a (smooth) scroll has come to rest. */
const restingGap = async (page: Page, sectionId: string) => {
  const gapNow = () =>
    page.evaluate(
      `document.getElementById('${sectionId}').querySelector('h2').getBoundingClientRect().top - document.querySelector('header').getBoundingClientRect().bottom`,
    ) as Promise<number>;
  let last = Number.NaN;
  await expect
    .poll(
      async () => {
        const previous = last;
        last = await gapNow();
        return previous === last;
      },
      { timeout: 15_000, intervals: [250] },
    )
    .toBe(true);
  return last;
};

const countdown = (page: Page) => page.getByRole('timer');
const unit = (page: Page, name: string) => countdown(page).locator(`[data-unit="${name}"] strong`);

/** The account app and the chunk its pages share (apps/web/vite.config.ts), which no public page may load. */
const isAccountScript = (url: string) => /\/(app|account-core)-[\w-]+\.js$/.test(url);

test.describe('the public site with the default settings', () => {
  const server = journeyServer();

  test('loads without the account app, and looks right at 375 and 1440 px', async ({ page }, testInfo) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${server.url}/`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Buy the dip');
    await expect(page).toHaveTitle(/CDCA — Automated crypto dollar-cost averaging/);
    await page.waitForLoadState('networkidle');
    // The signed-in shell (oidc, TanStack Query, toasts, realtime) is its own chunk, fetched only when needed.
    expect(scripts.filter(isAccountScript)).toEqual([]);

    if (!SCREENSHOTS_WANTED) return;
    for (const [width, height] of [
      [375, 812],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      // Scroll through once so every lazy image has loaded before the full-page shot.
      await page.evaluate(SCROLL_THROUGH);
      await page.waitForTimeout(300);
      const path = `${SHOTS}/landing-${width}.png`;
      await shot(page, path, { fullPage: true });
      await testInfo.attach(`landing-${width}`, { path, contentType: 'image/png' });
    }
  });

  test('every menu item scrolls to its section and highlights it', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/`);
    const menu = page.getByRole('navigation', { name: 'Sections' });
    for (const [label, id, heading] of SECTIONS) {
      const link = menu.getByRole('link', { name: label });
      await link.click();
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(heading) })).toBeInViewport();
      await expect(link).toHaveAttribute('aria-current', 'true');
      await expect(menu.locator('[aria-current="true"]')).toHaveCount(1);
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
    }
    // Back at the top nothing is highlighted.
    await page.evaluate('window.scrollTo(0, 0)');
    await expect(menu.locator('[aria-current="true"]')).toHaveCount(0);
  });

  test('the menu reaches every section on a phone too', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${server.url}/`);
    const open = page.getByRole('button', { name: 'Open menu' });
    // The header's buttons sit at its right edge, with the bar's padding and no blank strip beyond.
    const openBox = await open.boundingBox();
    expect(375 - ((openBox?.x ?? 0) + (openBox?.width ?? 0))).toBeLessThanOrEqual(32);
    await open.click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name: /One plan/ })).toBeInViewport();

    // Each section's heading comes to rest just under the sticky header: not hidden behind it, not far below.
    for (const [label, id, heading] of SECTIONS) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await menu.getByRole('link', { name: label }).click();
      const gap = await restingGap(page, id);
      expect(gap, `${label}: heading top minus header bottom`).toBeGreaterThanOrEqual(0);
      expect(gap, `${label}: heading top minus header bottom`).toBeLessThan(120);
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(heading) })).toBeInViewport();
    }
  });

  test('the FAQ opens and closes with the mouse and the keyboard', async ({ page }) => {
    await page.goto(`${server.url}/#questions`);
    const faq = page.locator('#questions');
    const first = faq.getByRole('button', { name: 'Does CDCA hold my money?' });
    const firstAnswer = faq.getByRole('region', { name: 'Does CDCA hold my money?' });
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(firstAnswer).toBeHidden();

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(firstAnswer).toBeVisible();
    await expect(firstAnswer).toContainText('cannot transfer or withdraw');
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(firstAnswer).toBeHidden();

    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    const second = faq.getByRole('button', { name: 'What is an epic?' });
    await expect(second).toBeFocused();
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByRole('region', { name: 'What is an epic?' })).toContainText('take-profit');
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('End');
    await expect(faq.getByRole('button', { name: 'How do I get into the beta?' })).toBeFocused();
    // The first answer stayed open: questions open independently.
    await expect(first).toHaveAttribute('aria-expanded', 'true');
  });

  test('the countdown shows weeks, days and hours to launch, ticks, and disappears at the instant', async ({
    page,
  }) => {
    // Default LAUNCH_AT: 1 October 2025 00:00 UTC. The clock is paused, so the test decides when a second passes.
    await page.clock.install({ time: new Date('2025-09-13T13:59:30Z') });
    await page.goto(`${server.url}/`);
    await page.clock.pauseAt(new Date('2025-09-13T13:59:59Z'));
    await expect(countdown(page)).toHaveAccessibleName('Launch in 2 weeks, 3 days and 10 hours');
    await expect(unit(page, 'weeks')).toHaveText('2');
    await expect(unit(page, 'days')).toHaveText('3');
    await expect(unit(page, 'hours')).toHaveText('10');

    // The banner re-reads the clock every second: across 14:00 an hour is gone. (In any two seconds a
    // once-a-second timer fires at least once in the second second.)
    await page.clock.runFor(2000);
    await expect(unit(page, 'hours')).toHaveText('9');
    await expect(unit(page, 'days')).toHaveText('3');

    // The last seconds before launch, then the instant itself.
    await page.clock.pauseAt(new Date('2025-09-30T23:59:57.500Z'));
    await page.clock.runFor(1500);
    await expect(countdown(page)).toHaveAccessibleName('Launch in 0 weeks, 0 days and 0 hours');
    await page.clock.runFor(2000);
    await expect(countdown(page)).toHaveCount(0);
  });

  test('the countdown is not shown once launch has passed', async ({ page }) => {
    await page.clock.install({ time: new Date('2025-10-01T00:00:01Z') });
    await page.goto(`${server.url}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(countdown(page)).toHaveCount(0);
  });

  test('without the launch deal there is no deal banner and sign-up carries no code', async ({ page }) => {
    // The root entry remembers rc and pid for later (docs/product.md §2), signed in or not.
    await page.goto(`${server.url}/?rc=FRIEND&pid=payment-1`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const remembered = '[localStorage.getItem("cdca.referralCode"), localStorage.getItem("cdca.paymentId")]';
    expect(await page.evaluate(remembered)).toEqual(['FRIEND', 'payment-1']);
    await expect(page.getByRole('region', { name: 'Launch-day deal' })).toHaveCount(0);
    await expect(page.getByTestId('plan-price')).toHaveText('$64.98');
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/login?signup=1');
  });

  test('the support form refuses bad input with a clear message, then stores the ticket', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${server.url}/support-public`);
    await expect(page).toHaveTitle('Support — CDCA');
    // A lazy public page shares pieces with the account pages (the ticket form, an icon): not the account chunks.
    expect(scripts.filter(isAccountScript)).toEqual([]);
    await page.getByRole('searchbox', { name: /search the frequently asked questions/i }).fill('usdc');
    await expect(page.getByText('1 answer matches “usdc”')).toBeVisible();
    await expect(page.getByRole('button', { name: 'How do I pay?' })).toBeVisible();

    const form = page.locator('form');
    await form.getByLabel('E-mail').fill('not-an-email');
    await form.getByLabel('Subject').fill('Paying with USDC');
    await form.getByLabel('Message').fill('Help');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please fix the fields marked below.');
    await expect(form.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('E-mail')).toHaveAccessibleDescription(/Enter a valid e-mail address/);
    await expect(form.getByLabel('Message')).toHaveAccessibleDescription(/at least 20 characters/);

    const subject = `USDC on Base ${Date.now()}`;
    await form.getByLabel('E-mail').fill('visitor@example.test');
    await form.getByLabel('Topic').selectOption({ label: 'Billing and payments' });
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill('Can I pay my CDCA invoice with USDC sent on the Base network?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Thanks — your message is with the team.')).toBeVisible();
    const reference = await page.getByTestId('ticket-reference').innerText();

    // The ticket is in the database (the embedded one serves one process at a time, so stop the server).
    await server.stop();
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: server.dataDir });
    try {
      const [ticket] = await database.db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.subject, subject));
      expect(ticket).toMatchObject({
        email: 'visitor@example.test',
        topic: 'billing',
        status: 'open',
        accountId: null,
      });
      expect(ticket?.id.slice(0, 8).toUpperCase()).toBe(reference);
    } finally {
      await database.close();
      await server.restart();
    }
  });

  test('each public page has its own title, robots.txt and a sitemap', async ({ page, request }) => {
    for (const [path, title] of [
      ['/plans', 'Plans and pricing — CDCA'],
      ['/terms-of-service', 'Terms of service — CDCA'],
      ['/privacy-policy', 'Privacy policy — CDCA'],
      ['/partner-stack', 'Partner programme — CDCA'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    // Moving between public pages happens in place (no reload), and updates the title.
    await page.evaluate('globalThis.notReloaded = true');
    await page
      .getByRole('navigation', { name: 'Legal' })
      .getByRole('link', { name: 'Terms of service' })
      .click();
    await expect(page).toHaveURL(`${server.url}/terms-of-service`);
    await expect(page).toHaveTitle('Terms of service — CDCA');
    expect(await page.evaluate('globalThis.notReloaded')).toBe(true);
    // An unknown address leads to the landing page.
    await page.goto(`${server.url}/no-such-page`);
    await expect(page).toHaveURL(`${server.url}/`);

    expect((await request.get(`${server.url}/robots.txt`)).ok()).toBe(true);
    const sitemap = await (await request.get(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${server.url}/privacy-policy</loc>`);
  });
});

test.describe('the public site with the launch deal on', () => {
  const server = journeyServer({ LAUNCH_DEAL: 'true', LAUNCH_REFERRAL_CODE: 'LAUNCH15' });

  test('shows the deal, prices the card from it and signs people up with the launch code', async ({
    page,
  }) => {
    await page.goto(`${server.url}/`);
    const deal = page.getByRole('region', { name: 'Launch-day deal' });
    await expect(deal).toContainText('$15 off for life');
    await expect(deal).toContainText('$49.98');
    await expect(page.getByTestId('plan-price')).toHaveText('$49.98');
    await expect(page.getByText('$15 OFF FOR LIFE', { exact: true })).toBeVisible();

    const signUp = page.getByRole('link', { name: 'Sign up' });
    await expect(signUp).toHaveAttribute('href', '/login?signup=1&rc=LAUNCH15');
    await signUp.click();
    await page.getByLabel('E-mail').fill(uniqueEmail('launch'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/payment');

    expect(await page.evaluate(() => localStorage.getItem('cdca.referralCode'))).toBe('LAUNCH15');
    const { sub } = decodeJwt(await accessTokenOf(page));
    const account = await apiAs(page, server.url, `/api/v1/accounts/${sub}`);
    expect(account).toMatchObject({ signupReferralCode: 'LAUNCH15' });
  });
});
