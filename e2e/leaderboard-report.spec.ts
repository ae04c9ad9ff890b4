import { expect, type Page, test } from '@playwright/test';
import { journeyServer } from './support/journey-server.ts';
import { onboardTrader } from './support/onboarding.ts';
import { expectPath, uniqueEmail } from './support/people.ts';
import { shootAtWidths } from './support/screenshots.ts';
import { apiAs } from './support/session.ts';

const server = journeyServer();

const quietShot = async (page: Page, name: string) => {
  await shootAtWidths(page, name, {
    beforeShot: async () => {
      for (const close of await page.getByRole('button', { name: 'close' }).all()) {
        await close.click({ timeout: 1_000 }).catch(() => {});
      }
    },
  });
};

test('seeded traders opt in to the leaderboard on /rank and choose their daily report time', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const alice = uniqueEmail('leaderboard-alice');
  const bob = uniqueEmail('leaderboard-bob');
  const other = await browser.newContext({ timezoneId: 'America/New_York' });
  const bobPage = await other.newPage();
  try {
    await onboardTrader(page, server.url, alice);
    await onboardTrader(bobPage, server.url, bob);
    // Onboarding saved the browser's zone for the daily report.
    await bobPage.goto(`${server.url}/settings/notifications`);
    await expect(bobPage.getByRole('region', { name: 'Daily stats report' })).toContainText(
      'Sent at 09:00 America / New York time',
    );

    // The embedded database serves one process at a time: the server stops for the seed and comes back.
    await server.stop();
    expect(await server.admin('seed-history', alice, '20')).toMatch(/Seeded 20 closed epics/);
    expect(await server.admin('seed-history', bob, '12')).toMatch(/Seeded 12 closed epics/);
    await server.restart();

    // Bob joins through the API with a name and his dollars; Alice through the screen, anonymously.
    await bobPage.reload();
    await apiAs(bobPage, server.url, '/api/v1/rank/leaderboard/preferences', {
      method: 'PATCH',
      body: { optedIn: true, showDollars: true, displayName: 'Bob the Patient' },
    });

    await page.reload();
    await expectPath(page, '/dashboard');
    await page.goto(`${server.url}/rank`);
    const board = page.getByRole('region', { name: 'Leaderboard' });
    await expect(board.getByRole('row', { name: /Bob the Patient/ })).toBeVisible();
    await expect(board.getByRole('row', { name: /You/ })).toHaveCount(0);
    await board.getByRole('switch', { name: /Show me on the leaderboard/ }).click({ force: true });
    const mine = board.getByRole('row', { name: /You/ });
    await expect(mine).toBeVisible();
    await expect(mine).toContainText(/trader-[0-9a-f]{6}/);
    await expect(mine).toContainText('hidden');
    await quietShot(page, 'leaderboard-rank');

    // The daily report's time and zone, beside the alert switches.
    await page.goto(`${server.url}/settings/notifications`);
    const report = page.getByRole('region', { name: 'Daily stats report' });
    await expect(report.getByLabel('Time zone')).toBeVisible();
    await report.getByLabel('Time', { exact: true }).fill('07:30');
    await report.getByLabel('Time zone').selectOption('Asia/Tokyo');
    await report.getByRole('button', { name: 'Save time' }).click();
    await expect(report).toContainText('Sent at 07:30 Asia / Tokyo time');
    await quietShot(page, 'daily-report-settings');
  } finally {
    await other.close();
  }
});
