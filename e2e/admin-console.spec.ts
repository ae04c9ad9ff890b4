import { expect, type Page, test } from '@playwright/test';
import { journeyServer } from './support/journey-server.ts';
import { onboardTrader } from './support/onboarding.ts';
import { expectPath, uniqueEmail } from './support/people.ts';
import { shootAtWidths } from './support/screenshots.ts';
import { apiAs } from './support/session.ts';

/**
 * The owner's console (docs/decisions/owner-console.md): a trader with a believable history and a paid payment shows up in every
 * chart of /admin/charts; the owner then changes the trader's free flag, rank, discount code and role on the
 * trader's admin page, and each step — with the payment marked paid before — is listed in the trader's audit trail.
 */
const OWNER = uniqueEmail('console-owner');
const TRADER = uniqueEmail('console-trader');

const server = journeyServer({ OWNER_EMAILS: OWNER });

type Account = { id: string; userId: string; email: string };
type Payment = { id: string; status: string; amountDue: string };

/** Toasts are a moment's news, not part of the screen being judged. */
const letToastsGo = async (page: Page) => {
  await page.mouse.move(0, 600);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 15_000 });
};

test('the owner reads every chart and every change lands in the audit trail', async ({ browser }) => {
  test.setTimeout(300_000);
  const ownerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const traderContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const owner = await ownerContext.newPage();
  const trader = await traderContext.newPage();
  const api = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
    apiAs(owner, server.url, path, init) as Promise<T>;

  await onboardTrader(owner, server.url, OWNER);
  await onboardTrader(trader, server.url, TRADER);

  // 30 closed epics over the past 90 days (the embedded database serves one process at a time).
  await server.stop();
  await expect(server.admin('seed-history', TRADER, '30')).resolves.toContain(TRADER);
  await server.restart();
  await owner.reload();
  await expectPath(owner, '/dashboard');

  // Past the free allowance, billing asks the trader to pay; the owner records it as paid another way.
  await api('/api/v1/billing-controls/advance', { method: 'POST', body: { hours: 0 } });
  const { accounts } = await api<{ accounts: Account[] }>(
    `/api/v1/accounts?search=${encodeURIComponent(TRADER)}`,
  );
  const account = accounts[0];
  if (!account) throw new Error('the trader is not listed');
  const { payments } = await api<{ payments: Payment[] }>(`/api/v1/payments?accountId=${account.id}`);
  const payment = payments.find((candidate) => candidate.status !== 'paid');
  if (!payment) throw new Error('no payment was requested');
  await api(`/api/v1/payments/${payment.id}`, {
    method: 'PATCH',
    body: { status: 'paid', note: 'Paid by bank transfer, ref 7' },
  });

  // Every chart is drawn from the database, with the trader's history in it.
  await owner.goto(`${server.url}/admin/charts`);
  const card = (id: string) => owner.locator(`[data-chart="${id}"]`);
  for (const id of [
    'signups',
    'active-traders',
    'revenue',
    'mrr',
    'volume',
    'realised-profit',
    'commissions',
  ]) {
    await expect(card(id).locator('canvas').first()).toBeVisible();
  }
  await expect(card('signups')).toContainText('2');
  await expect(card('revenue')).toContainText(`$${Number(payment.amountDue).toFixed(2)}`);
  await expect(card('mrr')).toContainText(`$${Number(payment.amountDue).toFixed(2)}`);
  await expect(card('volume')).not.toContainText('$0.00');
  await expect(card('active-traders').getByRole('heading')).toBeVisible();
  await expect(card('commissions')).toContainText('$');
  await expect(card('accounts-by-status').getByRole('list', { name: 'Accounts by status' })).toContainText(
    'active',
  );
  await expect(card('epics-by-status').getByRole('list', { name: 'Epics by status' })).toContainText(
    'closed',
  );
  await shootAtWidths(owner, 'admin-charts', { after: { width: 1440, height: 900 } });
  await owner.getByRole('button', { name: '90 days' }).click();
  await expect(owner).toHaveURL(/period=90d/);
  await expect(card('realised-profit')).not.toContainText('$0.00');
  await owner.getByRole('button', { name: '365 days' }).click();
  await expect(owner.getByRole('heading', { name: /Charts/ })).toContainText('→');

  // Admin users: search, then the trader's own page.
  await owner.goto(`${server.url}/admin/users`);
  await owner.getByRole('searchbox', { name: 'Search users' }).fill(TRADER.slice(0, 20));
  await owner.getByRole('link', { name: TRADER }).click();
  await expectPath(owner, `/admin/users/${encodeURIComponent(account.userId)}`);
  await expect(owner.getByRole('heading', { name: TRADER })).toBeVisible();
  const trail = owner.getByRole('list', { name: 'Owner actions' });
  await expect(trail.locator('[data-kind="payment-note"]')).toContainText('Paid by bank transfer, ref 7');

  const save = async () => {
    await owner.getByRole('button', { name: 'Save changes' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(owner.getByRole('dialog')).toBeHidden();
  };
  await owner.getByRole('switch', { name: /Free account/ }).check({ force: true });
  await save();
  await expect(trail.locator('[data-kind="free-account"]')).toContainText('no → yes');
  await owner.getByLabel('Rank').selectOption('gold');
  await save();
  await expect(trail.locator('[data-kind="rank"]')).toContainText('→ gold');
  await owner.getByLabel('Discount code').selectOption('BetaTesterSpecial');
  await save();
  await expect(trail.locator('[data-kind="discount-code"]')).toContainText('→ BetaTesterSpecial');
  await owner.getByLabel('Role').selectOption('partner');
  await save();
  await expect(trail.locator('[data-kind="role"]')).toContainText('standard → partner');
  await expect(trail.locator('li')).toHaveCount(5);
  await expect(trail).toContainText(OWNER);
  await letToastsGo(owner);
  await shootAtWidths(owner, 'admin-user-audit', { after: { width: 1440, height: 900 } });

  // The list shows what changed.
  await owner.getByRole('link', { name: 'All users' }).click();
  await owner.getByRole('searchbox', { name: 'Search users' }).fill(TRADER.slice(0, 20));
  await expect(owner.getByRole('combobox', { name: `Change role of ${TRADER}` })).toHaveValue('partner');
  await shootAtWidths(owner, 'admin-users', { after: { width: 1440, height: 900 } });

  await ownerContext.close();
  await traderContext.close();
});
