import { expect, type Page, test } from '@playwright/test';
import { journeyServer } from './support/journey-server.ts';
import { grantOwner, onboardFromBreakdown } from './support/onboarding.ts';
import { coinIdOf, createEpic, type EpicInputs, setPaperPrice } from './support/paper-market.ts';
import { expectPath, signUpFromLanding, uniqueEmail } from './support/people.ts';
import { shootAtWidths } from './support/screenshots.ts';
import { apiAs, subjectOf } from './support/session.ts';

/**
 * Crypto billing end to end: a launch-deal sign-up, onboarding at $0.00, the free allowance used up by a
 * profitable epic, a payment requested and paid on the sandbox's hosted charge page (an expired charge renewed on
 * the way), then a payment left past due: the account is de-activated (its epic pauses, nothing is bought or
 * sold), paid, and active again. The owner moves the billing clock instead of waiting 35 days.
 */

const SYMBOL = 'SOL-USD';

type Epic = { id: string; status: string; activeDcaLevel: number; profitsDollarAmount: string | null };
type Payment = {
  id: string;
  status: string;
  cycle: number;
  amountDue: string;
  chargeHostedUrl: string | null;
  chargeExpDate: string | null;
};
type Account = { status: string };

let page: Page;

// The journey drives the scheduler with the billing controls; it also runs on its own, as in production.
const server = journeyServer({ BILLING_SCHEDULER: 'on' });
// After the server has stopped (hooks run in the order written): a page that fails to close must not leave it
// running on the port.
test.afterAll(async () => {
  await page?.close();
});

const api = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
  apiAs(page, server.url, path, init) as Promise<T>;

const shoot = (name: string) => shootAtWidths(page, name);

const advanceBillingClock = (hours: number) =>
  api<{ paymentsRequested: number; pastDue: number; billingStarted: number }>(
    '/api/v1/billing-controls/advance',
    {
      method: 'POST',
      body: { hours },
    },
  );

const setPrice = (price: string) => setPaperPrice(page, server.url, SYMBOL, price);

const startEpic = (coinId: string, inputs: EpicInputs) => createEpic<Epic>(page, server.url, coinId, inputs);

const epic = (id: string) => api<Epic>(`/api/v1/epics/${id}`);

const waitForEpic = async (id: string, check: (epic: Epic) => boolean, what: string) => {
  await expect
    .poll(async () => check(await epic(id)), { message: what, timeout: 30_000, intervals: [250, 500, 1000] })
    .toBe(true);
  return epic(id);
};

const payments = async (accountId: string) =>
  (await api<{ payments: Payment[] }>(`/api/v1/payments?accountId=${accountId}`)).payments;

const payOnSandboxPage = async (action: 'pay' | 'overpay' = 'pay') => {
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await page.locator(`button[data-action="${action}"]`).click();
  await expect(page.getByRole('status').filter({ hasText: 'Paid' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to CDCA' }).click();
};

test('billing: launch discount, free allowance, a paid charge, a past-due payment, de-activation, reactivation and credit', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const email = uniqueEmail('billing');

  // Sign up from a launch-deal link: ?rc= fixes the discount for the life of the account.
  await signUpFromLanding(page, server.url, email, '/?rc=LAUNCH');

  // /payment: the plan with its discount, and nothing due today.
  await expectPath(page, '/payment');
  const summary = page.getByRole('region', { name: 'Payment summary' });
  await expect(summary.getByText('LaunchSpecial')).toBeVisible();
  await expect(summary.locator('s')).toHaveText('was $64.98');
  await expect(summary.getByTestId('base-price')).toHaveText('$49.98');
  await expect(summary.getByTestId('usage-fees')).toHaveText('None');
  await expect(summary.getByTestId('total')).toHaveText('$49.98');
  await expect(summary.getByTestId('due-today')).toHaveText('$0.00');
  await expect(page.getByRole('navigation', { name: 'Onboarding progress' })).toContainText('Step 1 of 6');
  await shoot('billing-payment-onboarding');
  await page.getByRole('button', { name: 'Continue' }).click();
  await onboardFromBreakdown(page);

  // The trader becomes an owner so the journey can drive the paper market and the billing clock.
  await grantOwner(page, server, email);
  const me = await api<{ id: string; freeAccount: boolean }>(
    `/api/v1/accounts/${encodeURIComponent(await subjectOf(page))}`,
  );
  const billing = await api<{ state: string; discountCode: string | null }>(
    `/api/v1/billing?accountId=${me.id}`,
  );
  expect(billing).toMatchObject({ state: 'allowance', discountCode: 'LaunchSpecial' });
  const coinId = await coinIdOf(page, server.url, SYMBOL);

  // The free allowance: one epic closes with more than $100 of realised profit.
  await setPrice('100.00');
  const winner = await startEpic(coinId, {
    budget: '2000.00',
    dcaLevels: 1,
    scaling: 'quadratic',
    load: 'back',
    direction: 'below',
    buySpread: '5',
    sellSpread: '10',
    stopSpread: null,
  });
  await waitForEpic(winner.id, (e) => e.activeDcaLevel === 1, 'the first epic buys');
  await setPrice('115.00');
  const closed = await waitForEpic(
    winner.id,
    (e) => e.status === 'closed',
    'the first epic closes at a profit',
  );
  expect(Number(closed.profitsDollarAmount)).toBeGreaterThan(100);

  // A second epic keeps running: it shows what de-activation does to a live epic.
  await setPrice('100.00');
  const runner = await startEpic(coinId, {
    budget: '600.00',
    dcaLevels: 3,
    scaling: 'quadratic',
    load: 'back',
    direction: 'below',
    buySpread: '5',
    sellSpread: '5',
    stopSpread: null,
  });
  await waitForEpic(
    runner.id,
    (e) => e.status === 'active' && e.activeDcaLevel === 1,
    'the second epic is live',
  );

  // The scheduler sees the allowance used up: billing starts and the first payment is requested at once.
  const started = await advanceBillingClock(0);
  expect(started).toMatchObject({ billingStarted: 1, paymentsRequested: 1 });

  // The past-due modal opens live (payment.updated), with the payment card and its QR code.
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: 'NEW PAYMENT REQUESTED' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(modal).toContainText('$49.98');
  await expect(modal.getByRole('img', { name: 'QR code of the payment link' })).toBeVisible();
  await shoot('billing-past-due-modal');

  // First visit to the hosted charge: the trader lets it expire.
  await modal.getByRole('link', { name: /VIEW PAYMENT/ }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  const expiredUrl = page.url();
  await page.locator('button[data-action="expire"]').click();
  await expect(page.getByRole('status').filter({ hasText: 'Expired' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to CDCA' }).click();

  // Back with ?pid=: 5 s after sign-in the payment's status is checked, and the modal stays shut meanwhile.
  const statusCheck = page.waitForRequest(
    (request) =>
      request.method() === 'POST' && request.url().includes('/api/v1/payments/check-payment-status/'),
    { timeout: 15_000 },
  );
  await expectPath(page, '/dashboard');
  const checkedAt = Date.now();
  await statusCheck;
  expect(Date.now() - checkedAt).toBeGreaterThan(3_000);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cdca.paymentId'))).toBeNull();

  // Settings → billing renews the expired charge by itself; paying the fresh one keeps the account active.
  await page.goto(`${server.url}/settings/billing`);
  const firstCard = page.getByRole('article').first();
  await expect(firstCard.getByText('Pending')).toBeVisible();
  const payLink = firstCard.getByRole('link', { name: /Pay \$49\.98/ });
  await expect(payLink).toBeVisible();
  await expect.poll(() => payLink.getAttribute('href')).not.toBe(expiredUrl);
  await payLink.click();
  await payOnSandboxPage();
  // Back where they left: the remembered page.
  await expectPath(page, '/settings/billing');
  await expect.poll(async () => (await payments(me.id))[0]?.status).toBe('paid');
  expect((await api<Account>(`/api/v1/accounts/${encodeURIComponent(await subjectOf(page))}`)).status).toBe(
    'active',
  );

  await page.goto(`${server.url}/settings/billing`);
  await expect(page.getByRole('article').first().getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Free allowance used' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await shoot('billing-settings');

  // 30 days on: the next payment is requested; this one is left unpaid.
  await page.goto(`${server.url}/dashboard`);
  await expectPath(page, '/dashboard');
  const cycle2 = await advanceBillingClock(30 * 24);
  expect(cycle2.paymentsRequested).toBe(1);
  await expect(modal.getByRole('heading', { name: 'NEW PAYMENT REQUESTED' })).toBeVisible({
    timeout: 15_000,
  });
  const requestedLink = await modal.getByRole('link', { name: /VIEW PAYMENT/ }).getAttribute('href');
  await modal.getByRole('button', { name: 'NOT NOW' }).click();
  await expect(modal).toBeHidden();

  // 4 days on, 23 hours before it is due. The browser's clock has not moved, but it judges by the server's: back
  // in the app, the modal comes again as a warning, and the charge that expired meanwhile is renewed by itself.
  await advanceBillingClock(4 * 24 + 1);
  const renewal = page.waitForRequest((request) =>
    request.url().includes('/api/v1/payments/generate-new-charge/'),
  );
  await page.reload();
  await expectPath(page, '/dashboard');
  await expect(modal.getByRole('heading', { name: 'PAST-DUE WARNING' })).toBeVisible({ timeout: 15_000 });
  await expect(modal).toContainText('is due in 22 hours');
  await expect(modal).toContainText('will be de-activated');
  await renewal;
  const viewLink = modal.getByRole('link', { name: /VIEW PAYMENT/ });
  await expect.poll(() => viewLink.getAttribute('href')).not.toBe(requestedLink);
  await shoot('billing-past-due-warning');
  await modal.getByRole('button', { name: 'NOT NOW' }).click();
  await expect(modal).toBeHidden();

  // A day later it is past due: the account is de-activated and the trader is taken to /payment, live. The tick
  // finds it while sweeping the expired charge, and counts it.
  const pastDueTick = await advanceBillingClock(24);
  expect(pastDueTick.pastDue).toBe(1);
  expect((await payments(me.id)).map((payment) => payment.status)).toEqual(['past-due', 'paid']);
  await expectPath(page, '/payment');
  await expect(page.getByRole('heading', { name: 'Your payment is past due' })).toBeVisible();
  const due = page.getByRole('region', { name: 'Payment summary' });
  await expect(due.getByText('Past due')).toBeVisible();
  await expect(due.getByTestId('due-today')).toHaveText('$49.98');
  await expect(due.getByRole('img', { name: 'QR code of the payment link' })).toBeVisible();
  expect((await api<Account>(`/api/v1/accounts/${encodeURIComponent(await subjectOf(page))}`)).status).toBe(
    'deactivated',
  );
  // Paying to come back is not onboarding: no "Step 1 of 6" over it.
  await expect(page.getByRole('navigation', { name: 'Onboarding progress' })).toHaveCount(0);
  await shoot('billing-payment-past-due');
  // The guard keeps a de-activated account on /payment.
  await page.goto(`${server.url}/dashboard`);
  await expectPath(page, '/payment');

  // The paused epic: waiting buys cancelled, nothing bought as the market falls through its levels, nothing sold.
  const paused = await waitForEpic(runner.id, (e) => e.status === 'warning', 'the live epic pauses');
  expect(paused.activeDcaLevel).toBe(1);
  await setPrice('94.00');
  await setPrice('89.00');
  await page.waitForTimeout(3_000);
  const stillPaused = await epic(runner.id);
  expect(stillPaused).toMatchObject({ status: 'warning', activeDcaLevel: 1 });

  // Paying the past-due payment (with $5.00 too much) reactivates the account; the epic resumes and buys its levels.
  await due.getByRole('link', { name: /Pay \$49\.98/ }).click();
  await payOnSandboxPage('overpay');
  await expectPath(page, '/dashboard');
  expect((await api<Account>(`/api/v1/accounts/${encodeURIComponent(await subjectOf(page))}`)).status).toBe(
    'active',
  );
  expect((await payments(me.id)).filter((payment) => payment.status !== 'paid')).toEqual([]);
  await waitForEpic(runner.id, (e) => e.status === 'active' && e.activeDcaLevel === 3, 'the epic resumes');
  await expect(page.getByRole('dialog')).toBeHidden();

  // The surplus waits as credit for the next payment.
  await page.goto(`${server.url}/settings/billing`);
  await expect(page.getByRole('region', { name: 'Standard plan' }).getByTestId('credit')).toHaveText(
    '$5.00 off your next payment (over-paid earlier)',
  );

  // Cancelling takes a reason and a confirmation; the paid 30 days still run, and it can be taken back.
  await page.getByRole('button', { name: 'Cancel my plan…' }).click();
  await page.getByRole('radio', { name: 'Too expensive' }).check();
  await page
    .getByRole('textbox', { name: /Anything we should know/ })
    .fill('Trying a cheaper bot for a while.');
  await shoot('billing-settings-cancel');
  await page.getByRole('button', { name: 'Cancel plan', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel your plan?' });
  await expect(confirm).toContainText('keep running until');
  await confirm.getByRole('button', { name: 'Yes, cancel my plan' }).click();
  const cancelled = page.getByRole('region', { name: 'Plan cancelled' });
  await expect(cancelled).toContainText('Too expensive');
  await expect(cancelled).toContainText('keep running until');
  const afterCancel = await api<{ state: string; cancellation: { reason: string; comment: string } | null }>(
    `/api/v1/billing?accountId=${me.id}`,
  );
  expect(afterCancel).toMatchObject({
    state: 'cancelled',
    cancellation: { reason: 'too-expensive', comment: 'Trying a cheaper bot for a while.' },
  });
  expect((await api<Account>(`/api/v1/accounts/${encodeURIComponent(await subjectOf(page))}`)).status).toBe(
    'active',
  );
  await cancelled.getByRole('button', { name: 'Resume my plan' }).click();
  await expect(page.getByRole('button', { name: 'Cancel my plan…' })).toBeVisible();
  expect((await api<{ state: string }>(`/api/v1/billing?accountId=${me.id}`)).state).toBe('billing');

  // 30 days after the reactivating payment the next is requested, with the $5.00 credit taken off.
  const cycle3 = await advanceBillingClock(30 * 24);
  expect(cycle3.paymentsRequested).toBe(1);
  await expect(modal.getByRole('heading', { name: 'NEW PAYMENT REQUESTED' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(modal).toContainText('$44.98');
  await expect(modal).toContainText('−$5.00');
  await shoot('billing-credit-modal');
});
