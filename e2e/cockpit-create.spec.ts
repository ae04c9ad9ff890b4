import { expect, type Locator, type Page, test } from '@playwright/test';
import { journeyServer } from './support/journey-server.ts';
import { grantOwner, onboardTrader } from './support/onboarding.ts';
import { holdPaperPrice, onIncrement } from './support/paper-market.ts';
import { expectPath, uniqueEmail } from './support/people.ts';
import { shootAtWidths } from './support/screenshots.ts';
import { apiAs } from './support/session.ts';

type PlanLevel = {
  level: number;
  price: string;
  baseSize: string;
  cost: string;
  avgBuyRate: string;
  takeProfitPrice: string;
};
type Plan = { referencePrice: string; levels: PlanLevel[] };
type Preview = { ok: true; plan: Plan } | { ok: false; problems: { code: string; message: string }[] };
type Epic = { id: string; status: string; activeDcaLevel: number };
type EpicDetail = Epic & { plan: Plan };
type PlanContext = { product: { priceIncrement: string }; referencePrice: string };

const server = journeyServer({ COIN_SYNC_SECONDS: '5' });

const shoot = async (page: Page, name: string, fullPage = true) => {
  // Toasts are a moment's news, not part of the screen being judged.
  for (const close of await page.getByRole('button', { name: 'close' }).all())
    await close.click({ timeout: 1_000 }).catch(() => {});
  // SHOTS_EDGES=1 adds the narrowest and widest screens docs/product.md §2 supports, for a look at the extremes.
  await shootAtWidths(page, name, { fullPage, edges: Boolean(process.env.SHOTS_EDGES) });
};

const holdPrice = (page: Page, symbol: string, price: string) =>
  holdPaperPrice(page, server.url, symbol, price);

const ladderRows = (page: Page) =>
  page.getByRole('table', { name: 'Ladder preview' }).getByTestId('ladder-row');

const readLadder = async (rows: Locator) =>
  rows.evaluateAll((elements) =>
    elements.map((row) => ({
      level: Number(row.getAttribute('data-level')),
      price: row.getAttribute('data-price'),
      baseSize: row.getAttribute('data-size'),
      cost: row.getAttribute('data-cost'),
      avgBuyRate: row.getAttribute('data-average'),
      takeProfitPrice: row.getAttribute('data-take-profit'),
    })),
  );

const pick = ({ level, price, baseSize, cost, avgBuyRate, takeProfitPrice }: PlanLevel) => ({
  level,
  price,
  baseSize,
  cost,
  avgBuyRate,
  takeProfitPrice,
});

const setField = async (page: Page, name: string, value: string) => {
  const field = page.locator(`input[name="${name}"]`);
  await field.fill(value);
  await expect(field).toHaveValue(value);
};

test('a trader creates an epic from a top mover, checks its ladder and follows it live to its close', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = uniqueEmail('cockpit');
  await onboardTrader(page, server.url, email);

  // A new trader is told what an epic is and how to start one.
  await expect(page.getByText('No epics running')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create your first epic' })).toBeVisible();
  await expect(page.getByTestId('cash-available')).toContainText('$10,000.00');
  await shoot(page, 'dashboard-empty');

  // Owner rights to drive the paper market (the embedded database serves one process at a time).
  await grantOwner(page, server, email);

  // The top mover the create page offers first, its price held still so the ladder cannot drift.
  const movers = (await apiAs(page, server.url, '/api/v1/top-movers')) as {
    topMovers: { coinId: string; symbol: string; exchangeRateT24Ratio: string }[];
  };
  const mover = [...movers.topMovers].sort(
    (a, b) => Math.abs(Number(b.exchangeRateT24Ratio) - 1) - Math.abs(Number(a.exchangeRateT24Ratio) - 1),
  )[0];
  if (!mover) throw new Error('the paper market has no top mover');
  const base = mover.symbol.split('-')[0] ?? mover.symbol;
  const coin = (await apiAs(page, server.url, `/api/v1/coins/${mover.coinId}`)) as {
    price: string;
    name: string;
  };
  await holdPrice(page, mover.symbol, coin.price);

  await page.getByRole('link', { name: 'New epic' }).click();
  await expectPath(page, '/dashboard/new-epic');
  await page
    .getByRole('list', { name: 'Top movers' })
    .getByRole('button', { name: new RegExp(`^${base}`) })
    .click();
  await expect(page.getByRole('region', { name: 'Price and ladder' })).toContainText(coin.name);

  // Intermediate traders see scaling, load and the stop; the inputs are explained in place when wrong.
  await setField(page, 'budget', '1000');
  await setField(page, 'dcaLevels', '4');
  await setField(page, 'buySpread', '3');
  await setField(page, 'sellSpread', '2');
  await page.getByRole('radio', { name: 'Quadratic' }).check({ force: true });
  await page.getByRole('radio', { name: 'Back' }).check({ force: true });

  await setField(page, 'sellSpread', '900');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The sell spread must be a percent' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Epic' })).toBeDisabled();
  await setField(page, 'sellSpread', '2');

  // Exponential with many levels cannot meet the exchange minimum: the form says so and offers the cap.
  await setField(page, 'budget', '100');
  await page.getByRole('radio', { name: 'Exponential' }).check({ force: true });
  await setField(page, 'dcaLevels', '20');
  const guidance = page.getByTestId('levels-guidance');
  await expect(guidance).toContainText('Exponential scaling doubles each level');
  const useCap = guidance.getByRole('button', { name: /^Use \d+ levels?$/ });
  const cap = (await useCap.textContent())?.match(/\d+/)?.[0] ?? '';
  await useCap.click();
  await expect(page.locator('input[name="dcaLevels"]')).toHaveValue(cap);
  await expect(guidance).toHaveCount(0);
  await expect(ladderRows(page)).toHaveCount(Number(cap));

  await page.getByRole('radio', { name: 'Quadratic' }).check({ force: true });
  await setField(page, 'budget', '1000');
  await setField(page, 'dcaLevels', '4');
  await expect(ladderRows(page)).toHaveCount(4);

  // The ladder on screen is the server's plan for the same inputs, level for level.
  const inputs = {
    budget: '1000',
    dcaLevels: 4,
    scaling: 'quadratic',
    load: 'back',
    direction: 'below',
    buySpread: '3',
    sellSpread: '2',
    stopSpread: null,
  };
  const preview = (await apiAs(page, server.url, '/api/v1/epics/preview', {
    method: 'POST',
    body: { coinId: mover.coinId, inputs },
  })) as Preview;
  if (!preview.ok) throw new Error(`server refused the plan: ${JSON.stringify(preview.problems)}`);
  expect(await readLadder(ladderRows(page))).toEqual(preview.plan.levels.map(pick));
  await expect(page.getByTestId('reference-price')).toBeVisible();

  // Inputs survive a reload.
  await page.reload();
  await expect(page.locator('input[name="sellSpread"]')).toHaveValue('2');
  await expect(ladderRows(page)).toHaveCount(4);

  // How this ladder would have done on the coin's own past (the paper market's history), agreeing with the API.
  const backtest = page.getByRole('region', { name: 'How this ladder did' });
  const figures = backtest.getByLabel('Backtest figures');
  await expect(figures).toContainText('Close rate', { timeout: 90_000 });
  const report = (await apiAs(page, server.url, '/api/v1/backtests', {
    method: 'POST',
    body: { coinId: mover.coinId, inputs, window: '90d', startEvery: '1d' },
  })) as { summary: { starts: number; refused: number; closed: number } };
  const traded = report.summary.starts - report.summary.refused;
  expect(traded).toBeGreaterThan(0);
  await expect(figures).toContainText(`${report.summary.closed} of ${traded} starts`);
  await expect(backtest).toContainText('History does not repeat');
  await shoot(page, 'create-epic');

  // Create Epic → a confirmation listing what will be placed → the epic on the dashboard.
  await page.getByRole('button', { name: 'Create Epic' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Bought now at the market');
  await expect(
    dialog.getByRole('list', { name: 'Limit buys resting on the exchange' }).getByRole('listitem'),
  ).toHaveCount(3);
  // A modal's backdrop covers the viewport, so the confirmation is judged as the trader sees it.
  await shoot(page, 'create-epic-confirm', false);

  // The market halts while the trader reads: the server refuses, and the toast gives its reason.
  const setStatus = (status: string) =>
    apiAs(page, server.url, `/api/v1/paper/products/${mover.symbol}/status`, {
      method: 'POST',
      body: { status },
    });
  await setStatus('trading-disabled');
  await dialog.getByRole('button', { name: 'Create Epic' }).click();
  await expect(
    page
      .locator('.Toastify__toast')
      .filter({ hasText: `${mover.symbol} can't be traded right now (trading is halted)` }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await setStatus('online');
  // If the halt reached the preview meanwhile, the trader checks the market again once it is back; the preview
  // may also recover by itself on the next market update, taking the button away between a look and a click.
  const checkAgain = page.getByRole('button', { name: 'Check again' });
  const create = page.getByRole('button', { name: 'Create Epic' });
  await expect(async () => {
    if (await checkAgain.isVisible()) await checkAgain.click({ timeout: 2_000 });
    await expect(create).toBeEnabled({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Create Epic' }).click();
  await dialog.getByRole('button', { name: 'Create Epic' }).click();
  await expect(page.getByText(/Epic .+\[[0-9a-f]{4}\] created/)).toBeVisible();
  await expectPath(page, '/dashboard');

  const epics = (await apiAs(page, server.url, '/api/v1/epics')) as { epics: Epic[] };
  const created = epics.epics[0];
  if (!created) throw new Error('no epic was created');
  const epic = (await apiAs(page, server.url, `/api/v1/epics/${created.id}`)) as EpicDetail;
  expect(epic.plan.levels.map(pick)).toEqual(preview.plan.levels.map(pick));

  const row = page.locator(`[data-testid="live-epic"][data-epic-id="${epic.id}"]`);
  const levels = row.getByTestId('epic-levels');
  await expect(levels).toHaveText('1/4', { timeout: 20_000 });
  await expect(row).toContainText('Active');

  // Down through level 2, then level 3: the row follows each fill live.
  const context = (await apiAs(
    page,
    server.url,
    `/api/v1/epics/plan-context?coinId=${mover.coinId}`,
  )) as PlanContext;
  const increment = context.product.priceIncrement;
  const price = (level: number) => Number(epic.plan.levels[level - 1]?.price);
  await holdPrice(page, mover.symbol, onIncrement((price(2) + price(3)) / 2, increment));
  await expect(levels).toHaveText('2/4', { timeout: 20_000 });
  await expect(row).toContainText('Active');
  await shoot(page, 'dashboard-epics');

  await holdPrice(page, mover.symbol, onIncrement((price(3) + price(4)) / 2, increment));
  await expect(levels).toHaveText('3/4', { timeout: 20_000 });

  // Up through the take-profit: the epic closes and leaves the live list; today's P&L shows the profit.
  const takeProfit = Number(epic.plan.levels[2]?.takeProfitPrice);
  await holdPrice(page, mover.symbol, onIncrement(takeProfit * 1.02, increment));
  await expect(row).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('No epics running')).toBeVisible();
  await expect(page.getByTestId('today-pnl')).toContainText('1 epic ended today');
  await expect(page.getByTestId('today-pnl')).toContainText('+$');
  // …and the trader is told, in the closed notice's words: the bell lists it (toasts come and go in 3 s).
  await page
    .getByRole('button', { name: /^Notifications/ })
    .first()
    .click();
  const notices = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(
    notices.getByText(new RegExp(`Your epic ${base}\\[[0-9a-f]{4}\\] was closed on 3/4 at a`)),
  ).toBeVisible({
    timeout: 30_000,
  });

  // A quiet coin jumps: at the next market sync (5 s here) it enters the top movers, and the open bell shows it.
  const moving = (await apiAs(page, server.url, '/api/v1/top-movers')) as { topMovers: { symbol: string }[] };
  const listed = (await apiAs(page, server.url, '/api/v1/coins?limit=200')) as {
    coins: { symbol: string; price: string; status: string }[];
  };
  const quiet = listed.coins.find(
    (candidate) =>
      candidate.status === 'online' &&
      candidate.symbol !== mover.symbol &&
      !moving.topMovers.some((entry) => entry.symbol === candidate.symbol),
  );
  if (!quiet) throw new Error('every coin is already a top mover');
  const quietBase = quiet.symbol.split('-')[0] ?? quiet.symbol;
  const decimals = quiet.price.split('.')[1]?.length ?? 0;
  await holdPrice(page, quiet.symbol, (Number(quiet.price) * 3).toFixed(decimals));
  await expect(notices.getByText(new RegExp(`^${quietBase} is (moving fast! 🚀|in a channel!)`))).toBeVisible(
    {
      timeout: 60_000,
    },
  );
});
