import { expect, type Page, test, type WebSocket } from '@playwright/test';
import { journeyServer } from './support/journey-server.ts';
import { onboardTrader } from './support/onboarding.ts';
import { coinIdOf, createEpic, FOUR_LEVEL_LADDER } from './support/paper-market.ts';
import { expectPath, signUpFromLanding, uniqueEmail } from './support/people.ts';
import { shootAtWidths } from './support/screenshots.ts';

/**
 * In-app support (docs/decisions/support-tickets.md): a trader opens a ticket about one of their epics, the owner
 * finds it in the queue with the epic beside it and answers, the trader's open thread shows the answer live with a
 * notice in the bell, and the trader closes the ticket.
 */

const server = journeyServer();

/** Toasts are a moment's news, not part of the screen being judged. */
const letToastsGo = async (page: Page) => {
  await page.mouse.move(0, 600);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 15_000 });
};

test('a ticket about an epic goes from the trader to the owner and back, live', async ({ browser }) => {
  test.setTimeout(240_000);
  const ownerEmail = uniqueEmail('support-owner');
  const traderEmail = uniqueEmail('support-trader');
  const ownerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const traderContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const owner = await ownerContext.newPage();
  const trader = await traderContext.newPage();

  // Owners are made on the server by hand; the embedded database serves one process at a time.
  await signUpFromLanding(owner, server.url, ownerEmail);
  await expectPath(owner, '/payment');
  await server.stop();
  await expect(server.admin('grant-owner', ownerEmail)).resolves.toContain('is now an owner');
  await expect(server.admin('set-status', ownerEmail, 'active')).resolves.toContain('is now active');
  await server.restart();

  await onboardTrader(trader, server.url, traderEmail);
  const epic = await createEpic<{ id: string }>(
    trader,
    server.url,
    await coinIdOf(trader, server.url, 'SOL-USD'),
    FOUR_LEVEL_LADDER,
  );
  const epicLabel = `SOL[${epic.id.split('-')[4]?.slice(8, 12)}]`;

  // The trader opens a ticket about that epic from /support.
  const sockets: WebSocket[] = [];
  trader.on('websocket', (socket) => sockets.push(socket));
  await trader.goto(`${server.url}/support`);
  await expect(trader.getByRole('heading', { name: 'New ticket' })).toBeVisible();
  await trader.getByLabel('Topic').selectOption('epics');
  await trader.getByLabel('About').selectOption(`epic:${epic.id}`);
  await trader.getByLabel('Subject').fill('Second level never placed');
  await trader
    .getByLabel('Message')
    .fill('My SOL epic bought level 1, but I cannot see the order for level 2.');
  await shootAtWidths(trader, 'support-new-ticket', { after: { width: 1440, height: 900 } });
  await trader.getByRole('button', { name: 'Open ticket' }).click();
  await expect(trader.getByRole('heading', { name: 'Second level never placed' })).toBeVisible();
  await expect(trader.getByRole('link', { name: epicLabel })).toBeVisible();
  const ticketPath = new URL(trader.url()).pathname;
  expect(ticketPath).toMatch(/^\/support\/[0-9a-f-]{36}$/);
  await expect.poll(() => sockets.some((socket) => !socket.isClosed()), { timeout: 15_000 }).toBe(true);
  // A mark on this very page instance; a reload would wipe it.
  await trader.evaluate(() => {
    (globalThis as { notReloaded?: boolean }).notReloaded = true;
  });

  // The owner finds it in the open queue, with the trader's account and the epic beside the thread.
  await owner.goto(`${server.url}/admin/support?status=open`);
  const row = owner
    .getByRole('list', { name: 'Support queue' })
    .getByRole('button', { name: /Second level never placed/ });
  await expect(row).toContainText(traderEmail);
  await row.click();
  const thread = owner.getByRole('article');
  await expect(thread.getByRole('heading', { name: 'Second level never placed' })).toBeVisible();
  await expect(thread).toContainText(traderEmail);
  await expect(thread).toContainText(epicLabel);
  await expect(thread).toContainText('first response pending');
  await shootAtWidths(owner, 'support-admin-queue', { after: { width: 1440, height: 900 } });

  await owner
    .getByLabel('Answer')
    .fill('Level 2 waits as a limit order 5% under the first fill: it is on the book.');
  await owner.getByRole('button', { name: 'Send answer' }).click();
  await expect(thread.getByText('Level 2 waits as a limit order')).toBeVisible();
  // Answered, it leaves the open filter; over all tickets the median first response now has a value.
  await owner.getByRole('button', { name: 'All', exact: true }).click();
  await expect(owner.getByTestId('median-first-response')).not.toContainText('—');

  // The trader's open thread shows the answer without a reload, and the bell has the notice.
  await expect(trader.getByText('Level 2 waits as a limit order')).toBeVisible({ timeout: 20_000 });
  await expect(trader.getByRole('article').getByText('Answered', { exact: true })).toBeVisible();
  expect(await trader.evaluate(() => (globalThis as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await letToastsGo(trader);
  const bell = trader.getByRole('button', { name: /^Notifications/ }).filter({ visible: true });
  await expect(bell).toHaveAccessibleName(/unread/, { timeout: 20_000 });
  await bell.click();
  await expect(
    trader
      .getByRole('region', { name: 'Notifications', exact: true })
      .getByText(/Support answered your ticket/),
  ).toBeVisible();
  await trader.keyboard.press('Escape');
  await shootAtWidths(trader, 'support-thread', {
    after: { width: 1440, height: 900 },
    beforeShot: () => letToastsGo(trader),
  });

  // The trader closes it; the list says so.
  await trader.getByRole('button', { name: 'Close ticket' }).click();
  await expect(trader.getByText('This ticket is closed')).toBeVisible();
  await trader.getByRole('link', { name: 'All tickets' }).click();
  await expectPath(trader, '/support');
  const listed = trader
    .getByRole('list', { name: 'Your tickets' })
    .getByRole('link', { name: /Second level never placed/ });
  await expect(listed).toContainText('Closed');
  await shootAtWidths(trader, 'support-list', { after: { width: 1440, height: 900 } });

  await ownerContext.close();
  await traderContext.close();
});
