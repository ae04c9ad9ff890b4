import { expect, type Page, test, type WebSocket } from '@playwright/test';
import { journeyServer } from './support/journey-server.ts';
import { grantOwner, onboardTrader } from './support/onboarding.ts';
import { coinIdOf, createEpic, FOUR_LEVEL_LADDER } from './support/paper-market.ts';
import { expectPath, uniqueEmail } from './support/people.ts';
import { shootAtWidths } from './support/screenshots.ts';

/**
 * An owner drives the paper market from Admin → Market lab, with no token and no server code: a price, a scripted
 * path that the live price follows, a halt that refuses a new epic, and back online (docs/decisions/market-lab.md).
 */
const SYMBOL = 'SOL-USD';

const server = journeyServer();

/** The coin card's live price as a number ('$1,234.56' → 1234.56). */
const shownPrice = async (page: Page) =>
  Number((await page.getByTestId('focused-price').textContent())?.replace(/[$,]/g, '') ?? 'NaN');

/** The paper market keeps walking after a control, so a shown price is checked within a band, never exactly. */
const expectPriceNear = (page: Page, target: number, timeout = 30_000) =>
  expect
    .poll(async () => Math.abs((await shownPrice(page)) - target) / target, { timeout })
    .toBeLessThan(0.02);

/**
 * A control re-syncs the whole catalogue before it answers, which is slow on a busy machine: an upper bound for its
 * outcome to show, never a timing assertion.
 */
const CONTROL = { timeout: 30_000 };

const waitForToasts = async (page: Page) => {
  await page.mouse.move(0, 600);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 15_000 });
};

test('an owner sets a price, plays a path, halts a coin and brings it back from the Market lab', async ({
  page,
}) => {
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => sockets.push(socket));
  const email = uniqueEmail('lab-owner');
  await onboardTrader(page, server.url, email);
  await grantOwner(page, server, email);

  await page.getByRole('link', { name: 'Admin' }).filter({ visible: true }).first().click();
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Market lab' })
    .click();
  await expectPath(page, '/admin/market-lab');
  await expect(page.getByRole('heading', { name: 'Pick a coin to drive' })).toBeVisible();
  await shootAtWidths(page, 'market-lab-empty', { after: { width: 1440, height: 900 } });

  await page.getByRole('combobox', { name: 'Search coins' }).fill('sol');
  await page.getByRole('option', { name: new RegExp(SYMBOL) }).click();
  const panel = page.getByRole('region', { name: `Drive ${SYMBOL}` });
  await expect(panel).toBeVisible();
  const lastChange = panel.getByRole('status');
  // Live prices come over the realtime socket; events sent before it opens are not replayed.
  await expect.poll(() => sockets.some((socket) => !socket.isClosed()), { timeout: 15_000 }).toBe(true);

  // A price: said in the panel and shown on the coin card.
  const priceForm = panel.getByRole('form', { name: 'Set the price' });
  await priceForm.getByLabel('New price (USD)').fill('12.5x');
  await priceForm.getByRole('button', { name: 'Set price' }).click();
  await expect(priceForm.getByText('A price is a positive decimal string like 142.35.')).toBeVisible();
  await priceForm.getByLabel('New price (USD)').fill('150.255');
  await priceForm.getByRole('button', { name: 'Set price' }).click();
  await expect(priceForm.getByRole('alert')).toContainText(
    'must be positive and a multiple of 0.01',
    CONTROL,
  );
  await priceForm.getByLabel('New price (USD)').fill('150.25');
  await priceForm.getByRole('button', { name: 'Set price' }).click();
  await expect(lastChange).toContainText(`${SYMBOL} set to $150.`, CONTROL);
  await expectPriceNear(page, 150.25);

  // A path of three prices a second apart: the card follows it to the last by coin.updated alone.
  const scriptForm = panel.getByRole('form', { name: 'Play a path' });
  await scriptForm.getByLabel('Prices (USD)').fill('160, 170, 180');
  await scriptForm.getByLabel('Step (seconds)').fill('1');
  await expect(scriptForm).toContainText('3 prices, one every 1 s: reaches 180 after 2 s');
  await scriptForm.getByRole('button', { name: 'Play path' }).click();
  await expect(lastChange).toContainText(`${SYMBOL} is playing`, CONTROL);
  await expectPriceNear(page, 180);

  // Halted: the panel says so, the catalogue shows the coin offline, and a new epic on it is refused.
  await panel.getByRole('button', { name: 'Halt trading' }).click();
  await expect(lastChange).toContainText(`${SYMBOL} is halted (trading disabled).`, CONTROL);
  await expect(panel.getByRole('button', { name: 'Halt trading' })).toHaveAttribute('aria-pressed', 'true');
  const card = page.getByRole('region', { name: 'Solana price' });
  await expect(card.getByText('offline', { exact: true })).toBeVisible(CONTROL);
  const coinId = await coinIdOf(page, server.url, SYMBOL);
  await expect(createEpic(page, server.url, coinId, FOUR_LEVEL_LADDER)).rejects.toThrow(/halted/);
  await shootAtWidths(page, 'market-lab-halted', {
    after: { width: 1440, height: 900 },
    beforeShot: () => waitForToasts(page),
  });

  // Back online: the mark moves, the card drops its offline tag, and epics are taken again.
  await panel.getByRole('button', { name: 'Bring back online' }).click();
  await expect(lastChange).toContainText(`${SYMBOL} is online.`, CONTROL);
  await expect(panel.getByRole('button', { name: 'Halt trading' })).toHaveAttribute('aria-pressed', 'false');
  await expect(card.getByText('offline', { exact: true })).toHaveCount(0, CONTROL);
  const epic = await createEpic<{ id: string }>(page, server.url, coinId, FOUR_LEVEL_LADDER);
  expect(epic.id).toMatch(/^[0-9a-f-]{36}$/);
});
