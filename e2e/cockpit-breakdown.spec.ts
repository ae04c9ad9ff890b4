import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Locator, type Page, test, type WebSocket } from '@playwright/test';
import { journeyServer } from './support/journey-server.ts';
import { onboardTrader } from './support/onboarding.ts';
import {
  coinIdOf,
  createEpic,
  FOUR_LEVEL_LADDER,
  holdPaperPrice,
  setPaperPrice,
} from './support/paper-market.ts';
import { expectPath, uniqueEmail } from './support/people.ts';
import { SHOTS, shootAtWidths, shot } from './support/screenshots.ts';
import { apiAs } from './support/session.ts';

/**
 * The trader's cockpit after an epic exists: the live breakdown, the epic notices in the bell, history, and the
 * two ways out (cancel, liquidate). The owner drives the paper market so every step is deterministic.
 */

const SYMBOL = 'SOL-USD';

type Created = { id: string; coinSymbol: string };
type Detail = {
  status: string;
  plan: { levels: { level: number; price: string; takeProfitPrice: string }[] };
};

const server = journeyServer();
let page: Page;
let coinId = '';
const sockets: WebSocket[] = [];

/**
 * The realtime socket is open. Events sent before it opens are not replayed, so every epic is created while the
 * app is already listening, and screens are reached by in-app navigation (a reload would drop the socket).
 */
const listening = async () => {
  await expect.poll(() => sockets.some((socket) => !socket.isClosed()), { timeout: 15_000 }).toBe(true);
  await page.waitForTimeout(500);
};

/** In-app navigation, as a click on a link does: the socket stays open. */
const openInApp = async (path: string) => {
  // A string, because the journeys are type-checked without the DOM library.
  await page.evaluate(
    `window.history.pushState({}, '', ${JSON.stringify(path)}); window.dispatchEvent(new PopStateEvent('popstate'));`,
  );
  await expectPath(page, path.split('?')[0] ?? path);
};

const shoot = (name: string, beforeShot?: () => Promise<void>) =>
  shootAtWidths(page, name, {
    after: { width: 1440, height: 900 },
    beforeShot: async () => {
      await waitForToasts();
      await beforeShot?.();
    },
  });

const setPrice = (price: string) => setPaperPrice(page, server.url, SYMBOL, price);

/**
 * At the market's own price, so the chart shows the levels against real-looking history, then opened in the
 * app. Level 1 is a marketable limit at the price the epic started from; the random walk may have ticked above
 * it, so the owner nudges the price just under it to make the first buy certain.
 */
const createAndOpenEpic = async (): Promise<Created> => {
  await listening();
  const epic = await createEpic<Created>(page, server.url, coinId, FOUR_LEVEL_LADDER);
  await openInApp(`/epic/${epic.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(labelOf(epic));
  const first = (await detailOf(epic)).plan.levels[0];
  if (!first) throw new Error('the plan has no levels');
  await setPrice(times(first.price, 0.999));
  return epic;
};

const detailOf = async (epic: Created) =>
  (await apiAs(page, server.url, `/api/v1/epics/${epic.id}`)) as Detail;

/** A price this factor away from a decimal string, to the cent. */
const times = (price: string, factor: number) => (Number(price) * factor).toFixed(2);

/** docs/product.md §4: the last 4 characters after position 8 of the id's fifth part, after the coin. */
const labelOf = (epic: Created) => `SOL[${epic.id.split('-')[4]?.slice(8, 12)}]`;

const level = (n: number): Locator => page.getByTestId(`level-${n}`);
/** A tile of a <dl> (the position figures, the history totals) by its exact term. */
const tile = (list: string, term: string): Locator =>
  page
    .locator(`dl[aria-label="${list}"] > div`)
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) });
const figure = (term: string) => tile('Position', term);
/** Toasts sit over the mobile header for 3 s (and pause while hovered): let them go before using the bell. */
const waitForToasts = async () => {
  await page.mouse.move(0, 600);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 15_000 });
};
const bell = () => page.getByRole('button', { name: /^Notifications/ }).filter({ visible: true });

/** The shell's quiet note while the realtime socket is down (components/layouts/connection-banner.tsx). */
const connectionBanner = () => page.getByText('Reconnecting… figures may be out of date');

/**
 * Only an owner may drive the paper market, and owners are made with the server stopped (the embedded database
 * serves one process at a time): the restart a deploy would do, with the dashboard open. The trader sees the note
 * while the server is away, and it goes by itself once the socket is back, without a reload.
 */
const grantOwnerThroughARestart = async (email: string) => {
  await listening();
  await server.stop();
  // Upper bounds for a busy machine, not timing assertions.
  await expect(connectionBanner()).toBeVisible({ timeout: 30_000 });
  // It fades in after a moment (so a one-second token renewal never flashes it): shoot it once it has.
  await connectionBanner().evaluate((element) =>
    Promise.all(
      element
        .closest('p')
        ?.getAnimations()
        .map((animation) => animation.finished) ?? [],
    ),
  );
  await shootAtWidths(page, 'connection-banner', { fullPage: false, after: { width: 1440, height: 900 } });
  await server.admin('grant-owner', email);
  await server.restart();
  // The client retries with back-off (up to a minute between attempts), so the note may outlive the restart a while.
  await expect(connectionBanner()).toBeHidden({ timeout: 150_000 });
  await page.reload();
  await expectPath(page, '/dashboard');
};

const onboard = async (browser: Browser) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('websocket', (socket) => sockets.push(socket));
  const email = uniqueEmail('cockpit');
  await onboardTrader(page, server.url, email);
  await grantOwnerThroughARestart(email);
  coinId = await coinIdOf(page, server.url, SYMBOL);
};

test.describe
  .serial('cockpit: breakdown, notifications, history', () => {
    test.beforeAll(async ({ browser }) => {
      // Sign-up, onboarding and a server restart waited out by the realtime client's back-off.
      test.setTimeout(360_000);
      await onboard(browser);
    });
    // The file's hook stops the server after this one, even when the page is already gone.
    test.afterAll(async () => {
      await page?.close().catch(() => undefined);
    });

    test('an epic fills two levels and its take-profit live on the breakdown, notifies, and lands in history', async () => {
      test.setTimeout(180_000);
      const epic = await createAndOpenEpic();
      // Level 1 is bought at once; the rest rest on the exchange.
      await expect(level(1)).toContainText('Filled', { timeout: 20_000 });
      await expect(level(2)).toContainText('Buy order open');
      await expect(page.getByRole('region', { name: 'Epic status' })).toContainText('Active');
      const takeProfitBefore = await figure('Take profit').textContent();
      const { levels } = (await detailOf(epic)).plan;
      const [, second, third] = levels;
      if (!second || !third) throw new Error('the plan has fewer than three levels');

      // Down through levels 2 and 3: the page follows without a reload.
      await setPrice(times(second.price, 1.01));
      const crossed = Date.now();
      await setPrice(times(second.price, 0.995));
      await expect(level(2)).toContainText('Filled', { timeout: 20_000 });
      // The figure the issue asks for: from the price crossing a level on the paper exchange to the page showing
      // the fill (engine pass + realtime + render), measured at Playwright's polling resolution.
      console.log(`fill → breakdown: ${Date.now() - crossed} ms`);
      await setPrice(times(third.price, 1.005));
      await setPrice(times(third.price, 0.995));
      await expect(level(3)).toContainText('Filled', { timeout: 20_000 });
      await expect(level(4)).toContainText('Buy order open');
      await expect(figure('Levels filled')).toContainText('3/4');
      await expect(figure('Take profit')).not.toHaveText(takeProfitBefore ?? '');
      await expect(page.getByRole('region', { name: 'Fills' })).toContainText('3 trades');

      // Level fills arrive as notices.
      await expect(bell()).toHaveAccessibleName(/unread/, { timeout: 20_000 });
      await shoot('breakdown-live');

      // Up through the take-profit: the epic closes by itself.
      await setPrice(times(third.takeProfitPrice, 0.99));
      await setPrice(times(third.takeProfitPrice, 1.02));
      await expect(page.getByRole('region', { name: 'Epic status' })).toContainText('Closed', {
        timeout: 30_000,
      });
      await expect(figure('Realised P&L')).toContainText('+$');
      await expect(page.getByRole('button', { name: 'Liquidate' })).toHaveCount(0);

      // The page stays open after the close: the chart follows the same price events as the header (it used to
      // stay at an old price until a reload). Held, so the random walk does not move it mid-assertion.
      const held = times(third.takeProfitPrice, 1.04);
      await holdPaperPrice(page, server.url, SYMBOL, held);
      const shown = `$${Number(held).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      await expect(figure('Price').locator('dd').first()).toHaveText(shown, { timeout: 30_000 });
      const chart = page.getByRole('img', { name: /price with the epic's levels/ });
      await expect
        .poll(() => chart.getAttribute('aria-label'), { timeout: 30_000 })
        .toContain(`, last ${shown}`);
      await shoot('breakdown-closed');

      // The bell holds the closed notice (docs/product.md §4 wording) and the level notices.
      await expect(bell()).toHaveAccessibleName(/unread/);
      await waitForToasts();
      await bell().click();
      const list = page.getByRole('region', { name: 'Notifications', exact: true });
      await expect(
        list.getByRole('listitem').filter({ hasText: `Your epic ${labelOf(epic)} was closed on 3/4 at a $` }),
      ).toBeVisible();
      await expect(
        list.getByRole('listitem').filter({ hasText: `Your epic ${labelOf(epic)} filled level 3/4` }),
      ).toBeVisible();
      await expect(list.getByText('Unread').first()).toBeVisible();
      await shot(page, `${SHOTS}/notifications-open-1440.png`);
      await bell().click();
      await expect(bell()).toHaveAccessibleName('Notifications');
      await page.setViewportSize({ width: 375, height: 812 });
      await waitForToasts();
      await bell().click();
      await expect(page.getByRole('region', { name: 'Notifications', exact: true })).toBeVisible();
      await page.waitForTimeout(300);
      await shot(page, `${SHOTS}/notifications-open-375.png`);
      await bell().click();
      await page.setViewportSize({ width: 1440, height: 900 });

      // Marked read on the server, so a reload does not bring the badge back.
      const notices = (await apiAs(page, server.url, '/api/v1/notifications')) as { unread: number };
      expect(notices.unread).toBe(0);

      // History lists it, with totals, and links back to the breakdown.
      await openInApp('/history');
      const row = page.getByTestId('history-row').filter({ hasText: labelOf(epic) });
      await expect(row).toContainText('Closed');
      await expect(row).toContainText('+$');
      await expect(tile('Totals', 'Epics').locator('dd')).toHaveText('1');
      await expect(tile('Totals', 'Total profit')).toContainText('+$');
      await row.click();
      await expectPath(page, `/epic/${epic.id}`);
    });

    test('cancel asks first, says the coins stay, and the epic ends cancelled', async () => {
      const epic = await createAndOpenEpic();
      await expect(level(1)).toContainText('Filled', { timeout: 20_000 });
      await page.getByRole('button', { name: 'Cancel epic' }).click();
      const dialog = page.getByRole('dialog', { name: `Cancel ${labelOf(epic)}?` });
      await expect(dialog).toContainText('Nothing is sold');
      await expect(dialog).toContainText('stay in your exchange account');
      await dialog.getByRole('button', { name: 'Keep epic running' }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole('button', { name: 'Cancel epic' }).click();
      await dialog.getByRole('button', { name: 'Cancel epic' }).click();
      await expect(page.getByText(`${labelOf(epic)} is being cancelled`)).toBeVisible();
      await expect(page.getByRole('region', { name: 'Epic status' })).toContainText('Cancelled', {
        timeout: 30_000,
      });
      await expect(level(2)).toContainText('Cancelled');
      await openInApp('/history?status=cancelled');
      await expect(page.getByTestId('history-row')).toHaveCount(1);
      await expect(page.getByTestId('history-row')).toContainText(labelOf(epic));
    });

    test('liquidate asks first, says everything is sold now, and the epic ends liquidated', async () => {
      const epic = await createAndOpenEpic();
      await expect(level(1)).toContainText('Filled', { timeout: 20_000 });
      await page.getByRole('button', { name: 'Liquidate' }).click();
      const dialog = page.getByRole('dialog', { name: `Liquidate ${labelOf(epic)}?` });
      await expect(dialog).toContainText('sold at the market price now');
      await page.setViewportSize({ width: 375, height: 812 });
      await shot(page, `${SHOTS}/breakdown-liquidate-confirm-375.png`);
      await page.setViewportSize({ width: 1440, height: 900 });
      await dialog.getByRole('button', { name: 'Sell everything now' }).click();
      await expect(page.getByRole('region', { name: 'Epic status' })).toContainText('Liquidated', {
        timeout: 30_000,
      });
      await expect(page.getByRole('region', { name: 'Fills' })).toContainText('Liquidation');

      // History: all three finished epics, filterable by status.
      await openInApp('/history');
      await expect(page.getByTestId('history-row')).toHaveCount(3);
      await shoot('history');
      await page.getByRole('button', { name: 'Liquidated' }).click();
      await expect(page.getByTestId('history-row')).toHaveCount(1);
      await expect(page).toHaveURL(/status=liquidated/);
    });

    test('an epic that is not there, or not yours, reads as not found', async () => {
      await page.goto(`${server.url}/epic/${randomUUID()}`);
      await expect(page.getByRole('heading', { name: 'Epic not found' })).toBeVisible();
      await page.goto(`${server.url}/epic/not-an-id`);
      await expect(page.getByRole('heading', { name: 'Epic not found' })).toBeVisible();
    });

    test('the alert settings switch a kind of notice off and on, and it sticks', async () => {
      await page.goto(`${server.url}/settings/notifications`);
      const levelAlerts = () => page.getByRole('switch', { name: /Level filled/ });
      await expect(levelAlerts()).toBeChecked();
      await levelAlerts().click();
      await expect(levelAlerts()).not.toBeChecked();
      await expect(page.getByText('Settings saved')).toBeVisible();
      await page.reload();
      await expect(levelAlerts()).not.toBeChecked();
      await shoot('settings-notifications');
      await levelAlerts().click();
      await expect(levelAlerts()).toBeChecked();
    });
  });
