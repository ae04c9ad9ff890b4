import { expect, type Page, test } from '@playwright/test';
import { journeyServer } from './support/journey-server.ts';
import { onboardFromBreakdown, onboardTrader } from './support/onboarding.ts';
import { expectPath, signUpFromLanding, uniqueEmail } from './support/people.ts';
import { shootAtWidths } from './support/screenshots.ts';
import { apiAs, subjectOf } from './support/session.ts';

/**
 * The partner programme end to end (issue 16): an owner makes A a partner, A creates the code ALPHA, B signs up
 * through /?rc=ALPHA at the PartnerReferral price and pays the first bill on the sandbox page, A sees B and the
 * commission, requests a payout, the owner approves it and marks it paid, and A sees it paid.
 */

const OWNER = uniqueEmail('partners-owner');
const PARTNER = uniqueEmail('partners-a');
const REFERRED = uniqueEmail('partners-b');
/** An EIP-55 reference address (checksummed) and a transaction hash. */
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TX_HASH = `0x${'ab12'.repeat(16)}`;

const pages: Page[] = [];

// Billing from the first tick (no free allowance) and payouts from $10, so one paid bill can be paid out.
const server = journeyServer({
  OWNER_EMAILS: OWNER,
  FREE_PROFIT_ALLOWANCE: '0',
  PARTNER_MIN_PAYOUT: '10',
});
test.afterAll(async () => {
  for (const page of pages) await page.close();
});

const api = <T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}) =>
  apiAs(page, server.url, path, init) as Promise<T>;

type Account = { id: string; userId: string; email: string };

test('partners: a code, a referred sign-up at the partner price, a commission and a paid payout', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const open = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    pages.push(page);
    return page;
  };
  const owner = await open();
  const partner = await open();
  const referred = await open();

  await onboardTrader(owner, server.url, OWNER);
  await onboardTrader(partner, server.url, PARTNER);

  // The owner makes A a partner (the admin update the users screen calls), and keeps owner and partner free of
  // bills so only B is billed when the clock ticks.
  const { accounts } = await api<{ accounts: Account[] }>(
    owner,
    `/api/v1/accounts?search=${encodeURIComponent(PARTNER)}`,
  );
  const a = accounts.find((account) => account.email === PARTNER);
  if (!a) throw new Error('partner account not listed');
  await api(owner, `/api/v1/accounts/admin/${encodeURIComponent(a.userId)}`, {
    method: 'PATCH',
    body: { role: 'partner', freeAccount: true },
  });
  const me = await api<Account>(owner, `/api/v1/accounts/${encodeURIComponent(await subjectOf(owner))}`);
  await api(owner, `/api/v1/accounts/admin/${encodeURIComponent(me.userId)}`, {
    method: 'PATCH',
    body: { freeAccount: true },
  });

  // A creates the code ALPHA and sees its links and QR code.
  // Partners find their screens in the main navigation (nobody else sees the entry).
  await partner.goto(`${server.url}/dashboard`);
  await partner.getByRole('link', { name: 'Partners' }).click();
  await expectPath(partner, '/partners/referrals');
  await partner.getByLabel('New referral code').fill('ALPHA');
  await partner.getByRole('button', { name: 'Create code' }).click();
  const card = partner.getByRole('article', { name: 'Referral code ALPHA' });
  await expect(card.getByLabel('Landing page')).toHaveValue(`${server.url}/?rc=ALPHA`);
  await expect(card.getByLabel('Sign-up')).toHaveValue(`${server.url}/login?rc=ALPHA`);
  await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();

  // B arrives through A's link, signs up and sees the PartnerReferral price while onboarding.
  await signUpFromLanding(referred, server.url, REFERRED, '/?rc=ALPHA');
  await expectPath(referred, '/payment');
  const summary = referred.getByRole('region', { name: 'Payment summary' });
  await expect(summary.getByText('PartnerReferral')).toBeVisible();
  await expect(summary.getByTestId('base-price')).toHaveText('$54.98');
  await referred.getByRole('button', { name: 'Continue' }).click();
  await onboardFromBreakdown(referred);

  // The click and the sign-up show on A's code.
  await partner.reload();
  await expect(card.getByRole('definition').first()).toHaveText('1');
  await shootAtWidths(partner, 'partners-referrals');

  // The owner's clock tick bills B at the partner-referral price; B pays on the sandbox page.
  const tick = await api<{ paymentsRequested: number }>(owner, '/api/v1/billing-controls/advance', {
    method: 'POST',
    body: { hours: 0 },
  });
  expect(tick.paymentsRequested).toBe(1);
  const modal = referred.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: 'NEW PAYMENT REQUESTED' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(modal).toContainText('$54.98');
  await modal.getByRole('link', { name: /VIEW PAYMENT/ }).click();
  await expect(referred).toHaveURL(/\/sandbox-pay\//);
  await referred.locator('button[data-action="pay"]').click();
  await expect(referred.getByRole('status').filter({ hasText: 'Paid' })).toBeVisible();

  // A sees B (no e-mail) with what B paid and the commission: 20 % of $54.98, rounded down to the cent.
  await partner.goto(`${server.url}/partners/users`);
  const row = partner.getByRole('row', { name: /#1/ });
  await expect(row).toContainText('$54.98', { timeout: 15_000 });
  await expect(row).toContainText('$10.99');
  await expect(partner.getByText(REFERRED)).toHaveCount(0);
  await shootAtWidths(partner, 'partners-users');

  // A requests the available balance to a checksummed USDC address.
  await partner.goto(`${server.url}/partners/payouts`);
  const balance = partner.locator('dl[aria-label="Your partner balance"]');
  await expect(balance).toContainText('$10.99');
  await partner
    .getByLabel('USDC address (Ethereum)')
    .fill(ADDRESS.toLowerCase().replace('0x5aaeb', '0x5AAEB'));
  await partner.getByRole('button', { name: 'Request $10.99' }).click();
  await expect(partner.getByText(/checksum does not match/)).toBeVisible();
  await partner.getByLabel('USDC address (Ethereum)').fill(ADDRESS);
  await partner.getByRole('button', { name: 'Request $10.99' }).click();
  const history = partner.getByRole('table').filter({ hasText: 'Requested' });
  await expect(history).toBeVisible();
  await shootAtWidths(partner, 'partners-payouts-requested');

  // The owner approves the request and marks it paid with the transaction hash.
  await owner.goto(`${server.url}/admin/payouts`);
  const request = owner.getByRole('row').filter({ hasText: PARTNER });
  await expect(request).toContainText('$10.99');
  await shootAtWidths(owner, 'admin-payouts');
  await request.getByRole('button', { name: 'Approve' }).click();
  await request.getByRole('button', { name: 'Mark paid' }).click();
  await request.getByLabel('Transaction hash').fill(TX_HASH);
  await request.getByRole('button', { name: 'Mark paid' }).click();
  await owner.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(owner.getByRole('row').filter({ hasText: PARTNER })).toContainText('Paid');

  // A sees it paid, live (payout.updated), with the transaction.
  await expect(partner.getByRole('row').filter({ hasText: '$10.99' })).toContainText('Paid', {
    timeout: 15_000,
  });
  await expect(balance).toContainText('$10.99');
  await shootAtWidths(partner, 'partners-payouts-paid');

  // The owner's payout decisions are in the audit trail of A's account.
  const audit = await api<{ actions: { kind: string; before: unknown; after: unknown }[] }>(
    owner,
    `/api/v1/accounts/admin/${encodeURIComponent(a.userId)}/audit`,
  );
  expect(
    audit.actions.filter((action) => action.kind === 'payout-decision').map((action) => action.after),
  ).toEqual(['paid', 'approved']);
});
