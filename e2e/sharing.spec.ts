import { type Browser, expect, type Page, test } from '@playwright/test';
import { journeyServer } from './support/journey-server.ts';
import { grantOwner, onboardTrader } from './support/onboarding.ts';
import { coinIdOf, createEpic, FOUR_LEVEL_LADDER, setPaperPrice } from './support/paper-market.ts';
import { expectPath, uniqueEmail } from './support/people.ts';
import { shootAtWidths } from './support/screenshots.ts';
import { apiAs } from './support/session.ts';

/**
 * Verified sharing (docs/decisions/verified-sharing.md): a trader's epic closes on the paper market, they share it
 * with "% only", a signed-out visitor sees the card and no dollar figure, and revoking takes the link down.
 */

const SYMBOL = 'SOL-USD';
/** A profit as the app prints it: '+$1.23', '−$0.40' (a true minus sign), '$0.00'. */
const signedUsd = (value: string) => {
  const text = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
    Math.abs(Number(value)),
  );
  if (text === '$0.00') return text;
  return `${Number(value) > 0 ? '+' : '−'}${text}`;
};
/** A dollar amount as a page would print one: '$98.00', '$2,000'. */
const DOLLAR_AMOUNT = /\$\s?\d/;

type Detail = {
  id: string;
  status: string;
  profitsDollarAmount: string | null;
  activeDcaLevel: number;
  plan: { levels: { price: string; takeProfitPrice: string }[] };
};

const server = journeyServer();
let page: Page;

test.afterAll(async () => {
  await page?.close().catch(() => undefined);
});

const detailOf = async (id: string) => (await apiAs(page, server.url, `/api/v1/epics/${id}`)) as Detail;
const setPrice = (price: string) => setPaperPrice(page, server.url, SYMBOL, price);
const times = (price: string, factor: number) => (Number(price) * factor).toFixed(2);

/** Level 1 is bought at once, then the price goes through its take-profit: the epic closes by itself. */
const closeAnEpic = async (): Promise<Detail> => {
  const coinId = await coinIdOf(page, server.url, SYMBOL);
  const created = await createEpic<{ id: string }>(page, server.url, coinId, FOUR_LEVEL_LADDER);
  const first = (await detailOf(created.id)).plan.levels[0];
  if (!first) throw new Error('the plan has no levels');
  await setPrice(times(first.price, 0.999));
  await expect
    .poll(async () => (await detailOf(created.id)).activeDcaLevel, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  await setPrice(times(first.takeProfitPrice, 0.99));
  await setPrice(times(first.takeProfitPrice, 1.03));
  await expect.poll(async () => (await detailOf(created.id)).status, { timeout: 45_000 }).toBe('closed');
  return detailOf(created.id);
};

const signedOutPage = async (browser: Browser) => (await browser.newContext()).newPage();

test('a closed epic is shared "% only", seen signed out with its card, and taken down by a revoke', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const email = uniqueEmail('sharing');
  await onboardTrader(page, server.url, email);
  await grantOwner(page, server, email);
  const epic = await closeAnEpic();
  const profit = epic.profitsDollarAmount;
  if (profit === null) throw new Error('a closed epic has a profit');

  // /stats: the closed epic's profit to the cent in the headline and in its coin's row, and its day on the chart.
  await page.goto(`${server.url}/stats`);
  await expect(page.getByLabel('Headline figures')).toContainText(signedUsd(profit));
  await expect(page.getByTestId('coin-row').filter({ hasText: 'SOL' })).toContainText(signedUsd(profit));
  await expect(page.getByRole('img', { name: /Realised P&L per day|Cumulative realised P&L/ })).toBeVisible();
  const report = (await apiAs(page, server.url, '/api/v1/stats?period=30d')) as {
    daily: { date: string; realisedPnl: string }[];
  };
  const realisedDays = report.daily.filter((day) => Number(day.realisedPnl) !== 0);
  expect(realisedDays.map((day) => Number(day.realisedPnl))).toEqual([Number(profit)]);
  await shootAtWidths(page, 'stats-after-close', { after: { width: 1440, height: 900 } });

  await page.goto(`${server.url}/epic/${epic.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('SOL');
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Share this SOL-USD epic');
  // Private by default: percentages only, coin hidden.
  await expect(dialog.getByRole('switch', { name: /Show dollar amounts/ })).not.toBeChecked();
  const showCoin = dialog.getByRole('switch', { name: /Show the coin/ });
  await expect(showCoin).not.toBeChecked();
  // The card is previewed as the choices change, drawn by the server.
  const preview = dialog.getByRole('img', { name: /Preview of the card/ });
  const drawnWidth = () =>
    preview.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);
  await expect.poll(drawnWidth, { timeout: 20_000 }).toBe(1200);
  const privateCard = await preview.getAttribute('src');
  await showCoin.check({ force: true });
  await expect.poll(() => preview.getAttribute('src'), { timeout: 20_000 }).not.toBe(privateCard);
  await showCoin.uncheck({ force: true });
  await expect.poll(drawnWidth, { timeout: 20_000 }).toBe(1200);
  await shootAtWidths(page, 'share-dialog', { fullPage: false, after: { width: 1440, height: 900 } });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Shared link' }).inputValue();
  expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByRole('img')).toHaveJSProperty('complete', true);
  await shootAtWidths(page, 'share-link-ready', { fullPage: false, after: { width: 1440, height: 900 } });
  await dialog.getByRole('button', { name: 'Done' }).click();

  // A visitor who is signed out.
  const visitor = await signedOutPage(browser);
  const answer = await visitor.goto(link);
  expect(answer?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('An epic, closed');
  await expect(visitor.getByText(/computed by CDCA from the fills/)).toBeVisible();
  const html = await visitor.content();
  expect(html).not.toMatch(DOLLAR_AMOUNT);
  expect(html).not.toContain('SOL');
  const card = visitor.locator('img.card');
  await expect
    .poll(() => card.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(1200);
  const ogImage = await visitor.locator('meta[property="og:image"]').getAttribute('content');
  expect(ogImage).toBe(`${link}/card.png`);
  const image = await visitor.request.get(ogImage ?? '');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  await shootAtWidths(visitor, 'share-public-page');

  // The owner sees the view and revokes the link.
  await page.goto(`${server.url}/settings/shared-links`);
  await expectPath(page, '/settings/shared-links');
  const row = page.getByRole('listitem').filter({ hasText: 'SOL-USD epic' });
  await expect(row).toContainText(/[1-9]\d* views?/);
  await shootAtWidths(page, 'settings-shared-links', { after: { width: 1440, height: 900 } });
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke link' }).click();
  await expect(row).toContainText('Revoked');

  const gone = await visitor.goto(link);
  expect(gone?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('This link does not exist');
  expect((await visitor.request.get(ogImage ?? '')).status()).toBe(404);
});
