import { expect, test } from '@playwright/test';
import { journeyServer } from './support/journey-server.ts';
import { expectPath, signUpFromLanding, uniqueEmail } from './support/people.ts';

const server = journeyServer();

test("an owner changing a trader's status moves the trader's open page without a reload", async ({
  browser,
}) => {
  const ownerEmail = uniqueEmail('owner');
  const traderEmail = uniqueEmail('trader');
  const ownerContext = await browser.newContext();
  const traderContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const trader = await traderContext.newPage();

  await signUpFromLanding(owner, server.url, ownerEmail);
  await expectPath(owner, '/payment');
  await signUpFromLanding(trader, server.url, traderEmail);
  await expectPath(trader, '/payment');

  // Owners are made on the server by hand; the embedded database serves one process at a time.
  await server.stop();
  await expect(server.admin('grant-owner', ownerEmail)).resolves.toContain('is now an owner');
  await expect(server.admin('set-status', ownerEmail, 'active')).resolves.toContain('is now active');
  await server.restart();

  await owner.goto(`${server.url}/admin/users`);
  const row = owner.getByRole('row').filter({ hasText: traderEmail });
  await expect(row).toBeVisible();
  await trader.reload();
  await expectPath(trader, '/payment');
  // A mark on this very page instance; a reload would wipe it.
  await trader.evaluate(() => {
    (globalThis as { notReloaded?: boolean }).notReloaded = true;
  });

  await row.getByRole('combobox', { name: /status/i }).selectOption('pending-discord');
  await owner
    .getByRole('button', { name: /confirm|save|change/i })
    .last()
    .click();

  await expectPath(trader, '/discord');
  // Same page instance: it moved by the realtime event, not by a reload.
  expect(await trader.evaluate(() => (globalThis as { notReloaded?: boolean }).notReloaded)).toBe(true);

  await ownerContext.close();
  await traderContext.close();
});
