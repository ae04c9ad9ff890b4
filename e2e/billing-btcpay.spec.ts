import { expect, type Page, test } from '@playwright/test';
import { type BtcpayForJourney, invoiceIdOf, startBtcpayForJourney } from './support/fake-btcpay.ts';
import { journeyServer } from './support/journey-server.ts';
import { grantOwner, onboardTrader } from './support/onboarding.ts';
import { expectPath, uniqueEmail } from './support/people.ts';
import { apiAs } from './support/session.ts';

/**
 * Billing through BTCPay Server, on the truthful fake (docs/providers.md): only money BTCPay counts settled is
 * booked (docs/decisions/book-only-confirmed-money.md). A past-due trader's charge expires unpaid and is paid late
 * with 0 confirmations: /payment shows it confirming and the account stays de-activated; the payment confirms and
 * the account is active again. Next cycle a 0-conf payment is replaced (RBF) with no webhook: the server finds it
 * on its own re-read, nothing is credited, and the payment comes due again. The fake's clock and the server's
 * billing clock move together, by the journey's hand; the server learns of the chain through BTCPay's signed
 * webhooks and its own re-reads.
 */

/** The Standard price: no discount code, no usage, no credit. */
const PRICE = '64.98';

let btcpay: BtcpayForJourney;
let page: Page;

test.describe.configure({ mode: 'serial' });

// The fake BTCPay first, told the server's address; then the server, told BTCPay's.
const server = journeyServer(async (url) => {
  btcpay = await startBtcpayForJourney(url);
  return {
    ...btcpay.env,
    // Billing starts at the first scheduler run, without an epic having to realise the free allowance first.
    FREE_PROFIT_ALLOWANCE: '0',
    CHARGE_MINUTES: '60',
  };
});
// After the server has stopped: a page that fails to close must not leave it running on the port.
test.afterAll(async () => {
  await btcpay?.close();
  await page?.close();
});

type Tick = { paymentsRequested: number; pastDue: number; billingStarted: number; offsetHours: number };

/** Moves BTCPay's clock, then the server's billing clock by as much, and runs the scheduler once. */
const advanceClocks = async (hours: number) => {
  btcpay.advance(hours);
  const tick = (await apiAs(page, server.url, '/api/v1/billing-controls/advance', {
    method: 'POST',
    body: { hours },
  })) as Tick;
  // Both clocks read the same wall clock; their offsets must agree, or expiry means two different things.
  expect(tick.offsetHours).toBe(btcpay.offsetHours());
  return tick;
};

/** The invoice behind a pay link on screen. */
const invoiceBehind = async (link: ReturnType<Page['getByRole']>) =>
  invoiceIdOf(await link.getAttribute('href'));

const payLink = () =>
  page.getByRole('region', { name: 'Payment summary' }).getByRole('link', { name: `Pay $${PRICE}` });

test('a charge paid late with 0 confirmations waits for its confirmation before the account is reactivated', async ({
  browser,
}) => {
  // An upper bound, not a timing assertion (as billing.spec.ts): sign-up, onboarding and a server restart on a
  // machine busy with other suites.
  test.setTimeout(300_000);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const email = uniqueEmail('btcpay');
  await onboardTrader(page, server.url, email);
  // An owner, to move the billing clock; before any clock moves, as the restart resets the server's offset.
  await grantOwner(page, server, email);

  // Billing starts and the first payment is requested: a BTCPay invoice, shown in the past-due modal.
  expect(await advanceClocks(0)).toMatchObject({ billingStarted: 1, paymentsRequested: 1 });
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: 'NEW PAYMENT REQUESTED' })).toBeVisible();
  await expect(modal).toContainText(`$${PRICE}`);
  const firstInvoice = await invoiceBehind(modal.getByRole('link', { name: /VIEW PAYMENT/ }));
  await modal.getByRole('button', { name: 'NOT NOW' }).click();
  await expect(modal).toBeHidden();

  // Five days on, nothing paid: the payment is past due, the account de-activated, the trader taken to /payment,
  // where the expired invoice is replaced by a fresh one by itself.
  await advanceClocks(5 * 24);
  expect(btcpay.fake.invoices.get(firstInvoice)?.status).toBe('Expired');
  await expectPath(page, '/payment');
  await expect(page.getByRole('heading', { name: 'Your payment is past due' })).toBeVisible();
  await expect.poll(() => invoiceBehind(payLink())).not.toBe(firstInvoice);
  const lateInvoice = await invoiceBehind(payLink());

  // An hour on, that charge expires unpaid too; back on the page the trader is offered another.
  await advanceClocks(1);
  await page.reload();
  await expectPath(page, '/payment');
  await expect.poll(() => invoiceBehind(payLink())).not.toBe(lateInvoice);

  // The trader's wallet pays the expired invoice anyway, seen on the chain with 0 confirmations: BTCPay leaves it
  // Expired + PaidLate and says so by webhook. The money is shown confirming; nothing is credited.
  await btcpay.fake.pay(lateInvoice, PRICE, { confirmations: 0 });
  expect(btcpay.fake.invoices.get(lateInvoice)).toMatchObject({
    status: 'Expired',
    additionalStatus: 'PaidLate',
  });
  await expect(page.getByRole('heading', { name: 'Your payment is confirming' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Payment summary' });
  await expect(summary.getByText('Confirming', { exact: true }).first()).toBeVisible();
  await expect(summary.getByTestId('confirming')).toContainText(`$${PRICE}`);
  await expect(summary.getByRole('link', { name: /^Pay / })).toHaveCount(0);
  // Still de-activated: the guard keeps the trader on /payment.
  await page.goto(`${server.url}/dashboard`);
  await expectPath(page, '/payment');
  await expect(page.getByRole('heading', { name: 'Your payment is confirming' })).toBeVisible();

  // One confirmation: BTCPay counts the payment settled (InvoicePaymentSettled). The payment is paid and the
  // account active again, and the guard lets the trader back in, live.
  await btcpay.fake.confirm(lateInvoice, { confirmations: 1 });
  await expectPath(page, '/dashboard');
  await page.goto(`${server.url}/settings/billing`);
  const payment = page.getByRole('article').first();
  await expect(payment.getByText('Paid', { exact: true })).toBeVisible();
  await expect(payment).toContainText('Paid on');
});

test('a 0-conf payment that is replaced leaves no credit, and the payment comes due again', async () => {
  // Thirty days on, the next payment is requested while the account is active.
  await page.goto(`${server.url}/dashboard`);
  await expectPath(page, '/dashboard');
  expect((await advanceClocks(30 * 24)).paymentsRequested).toBe(1);
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: 'NEW PAYMENT REQUESTED' })).toBeVisible();
  const invoice = await invoiceBehind(modal.getByRole('link', { name: /VIEW PAYMENT/ }));
  await modal.getByRole('button', { name: 'NOT NOW' }).click();
  await expect(modal).toBeHidden();

  // Paid in time, but only seen on the chain (0 confirmations): BTCPay makes the invoice Processing. Settings →
  // billing shows the payment confirming.
  await page.goto(`${server.url}/settings/billing`);
  const latest = page.getByRole('article').first();
  await expect(latest.getByText('Pending', { exact: true })).toBeVisible();
  const paymentId = await btcpay.fake.pay(invoice, PRICE, { confirmations: 0 });
  expect(btcpay.fake.invoices.get(invoice)?.status).toBe('Processing');
  await expect(latest.getByText('Confirming', { exact: true })).toBeVisible();

  // The wallet replaces it (RBF) before it confirms: it drops out of paidAmount and BTCPay sends no webhook. An
  // hour on, the server's re-read of the charge in flight finds the money gone (and the invoice expired unpaid).
  btcpay.fake.replace(invoice, paymentId);
  await advanceClocks(1);
  expect(btcpay.fake.invoices.get(invoice)).toMatchObject({ status: 'Expired', paidAmount: '0' });
  await expect(latest.getByText('Pending', { exact: true })).toBeVisible();
  await expect(latest.getByText('Confirming', { exact: true })).toHaveCount(0);
  await expect(latest).not.toContainText('Paid on');

  // Nothing was credited: when the payment comes due it is past due, and the whole price is owed.
  // (Which call marks it past due, the scheduler's run or the page's own re-read, is a race: the screen tells.)
  await advanceClocks(5 * 24);
  await expectPath(page, '/payment');
  await expect(page.getByRole('heading', { name: 'Your payment is past due' })).toBeVisible();
  const due = page.getByRole('region', { name: 'Payment summary' });
  await expect(due.getByTestId('due-today')).toHaveText(`$${PRICE}`);
  await expect(due.getByTestId('confirming')).toHaveCount(0);
});
