import { expect, type Page, test } from '@playwright/test';
import { journeyServer } from './support/journey-server.ts';
import { grantOwner, mintPaperKey, walkFromCoinbaseToDashboard, walkToKeys } from './support/onboarding.ts';
import { setPaperPrice } from './support/paper-market.ts';
import { expectPath, signUpFromLanding, uniqueEmail } from './support/people.ts';
import { SHOTS, shootAtWidths, shot } from './support/screenshots.ts';
import { apiAs } from './support/session.ts';

// The server's floor for the market sync interval is 5 s; top movers then update within seconds.
const server = journeyServer({ COIN_SYNC_SECONDS: '5' });

const shoot = (page: Page, name: string) => shootAtWidths(page, name, { settleMs: 300 });

const addFromSearch = async (page: Page, query: string, symbol: string) => {
  await page.getByRole('combobox', { name: 'Search coins' }).fill(query);
  await page.getByRole('option', { name: new RegExp(symbol) }).click();
  await expect(
    watchedCoins(page).getByRole('button', { name: new RegExp(`^${symbol.split('-')[0]}`) }),
  ).toBeVisible();
};

const watchedCoins = (page: Page) => page.getByRole('list', { name: 'Watched coins' });

test('a new trader connects paper keys, confirms the account, reaches the dashboard and watches coins', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = uniqueEmail('keys');
  await signUpFromLanding(page, server.url, email);

  await walkToKeys(page);

  // A key that could move funds out is refused, with the reason in place.
  await expect(page.getByRole('heading', { name: 'Paper trading' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Transfer' })).not.toBeChecked();
  await mintPaperKey(page, true);
  await page.getByRole('button', { name: 'Verify and connect' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText('This key can transfer funds');
  await expect(refusal).toContainText(/transfer/i);
  await expectPath(page, '/keys');
  await shoot(page, 'keys');

  // A view + trade key is accepted.
  await mintPaperKey(page, false);
  await page.getByRole('button', { name: 'Verify and connect' }).click();
  await expectPath(page, '/coinbase');
  const account = page.getByRole('region', { name: 'Exchange account' });
  await expect(account.getByText('$10,000.00')).toBeVisible();
  await expect(account.getByLabel('Transfer: not allowed')).toBeVisible();
  await expect(account.getByLabel('Trade: allowed')).toBeVisible();
  await shoot(page, 'coinbase');
  await walkFromCoinbaseToDashboard(page);

  // Search, add, remove.
  await expect(page.getByText('No coins yet')).toBeVisible();
  await addFromSearch(page, 'sol', 'SOL-USD');
  await expect(page.getByRole('region', { name: 'Solana price' })).toBeVisible();
  await watchedCoins(page).getByRole('button', { name: 'Remove SOL from watchlist' }).click();
  await expect(page.getByText('No coins yet')).toBeVisible();

  // Keyboard: type, arrow down, Enter.
  const search = page.getByRole('combobox', { name: 'Search coins' });
  await search.fill('Bitcoin');
  await expect(page.getByRole('option', { name: /BTC-USD/ })).toBeVisible();
  await search.press('Enter');
  await expect(watchedCoins(page).getByRole('button', { name: /^BTC/ })).toBeVisible();
  await addFromSearch(page, 'eth', 'ETH-USD');
  await expect(page.getByRole('region', { name: 'Ethereum price' })).toBeVisible();

  // Drive the paper market: this account becomes an owner, then pushes a coin that is not a top mover up hard.
  await grantOwner(page, server, email);
  await expect(watchedCoins(page).getByRole('button', { name: /^ETH/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top movers' })).toBeVisible();
  await page.waitForTimeout(1500);

  const movers = (await apiAs(page, server.url, '/api/v1/top-movers')) as { topMovers: { symbol: string }[] };
  const moving = new Set(movers.topMovers.map((mover) => mover.symbol));
  const catalogue = (await apiAs(page, server.url, '/api/v1/coins?limit=200')) as {
    coins: { symbol: string; name: string; price: string }[];
  };
  const candidates = ['LINK-USD', 'DOT-USD', 'AVAX-USD', 'ADA-USD', 'XRP-USD', 'LTC-USD'];
  const coin = catalogue.coins.find(
    (entry) => candidates.includes(entry.symbol) && !moving.has(entry.symbol),
  );
  if (!coin) throw new Error('every candidate coin is already a top mover');
  const base = coin.symbol.replace(/-USD$/, '');
  await setPaperPrice(page, server.url, coin.symbol, (Number(coin.price) * 3).toFixed(2));

  // The top mover becomes a notification; WATCH puts it on the watchlist.
  const bell = page.getByRole('button', { name: /^Notifications/ }).filter({ visible: true });
  await expect(bell).toHaveAccessibleName(/unread/, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: `Watch ${base}` })).toBeVisible();
  await shoot(page, 'dashboard');
  await bell.click();
  const notice = page
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`${base} is (moving fast! 🚀|in a channel!)`) });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'WATCH' }).click();
  await expect(watchedCoins(page).getByRole('button', { name: new RegExp(`^${base}`) })).toBeVisible();
  await expect(page.getByRole('region', { name: `${coin.name} price` })).toBeVisible();
  await bell.click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, `${SHOTS}/dashboard-watched-375.png`, { fullPage: true });

  // Settings → API keys: the connected key, masked, and the same form to replace it.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${server.url}/settings/api-keys`);
  const connected = page.getByRole('region', { name: 'Connected key' });
  await expect(connected.getByText(/^…/)).toBeVisible();
  await expect(connected.getByLabel('Transfer: not allowed')).toBeVisible();
  await shot(page, `${SHOTS}/settings-api-keys-1440.png`, { fullPage: true });
  await page.getByRole('button', { name: 'Replace key' }).click();
  await expect(page.getByRole('button', { name: 'Mint paper key' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify and replace' })).toBeDisabled();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Remove key' }).click();
  await expect(page.getByRole('dialog', { name: 'Remove this API key?' })).toContainText(
    'no longer be able to see your balances or place orders',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
});
