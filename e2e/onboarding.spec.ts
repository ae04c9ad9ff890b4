import { expect, test } from '@playwright/test';
import { journeyServer } from './support/journey-server.ts';
import { chooseIntermediateLevel } from './support/onboarding.ts';
import { expectPath, signUpFromLanding, uniqueEmail } from './support/people.ts';

const server = journeyServer();

test('a new trader signs up and walks onboarding to the keys step, through a reload and a server restart', async ({
  page,
}) => {
  await signUpFromLanding(page, server.url, uniqueEmail('trader'));

  await expectPath(page, '/payment');
  await expect(page.getByText('$0.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expectPath(page, '/breakdown');
  await page.reload();
  await expectPath(page, '/breakdown');

  // A deploy in the middle of onboarding: sessions, keys and progress live in the database.
  await server.restart();
  await page.reload();
  await expectPath(page, '/breakdown');

  // Continue waits for a skill level, and says so.
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await expect(next).toHaveAccessibleDescription(/pick how experienced you are to continue/i);
  await chooseIntermediateLevel(page);

  // The guard keeps an onboarding account on its step.
  await page.goto(`${server.url}/dashboard`);
  await expectPath(page, '/keys');
  await page.goto(`${server.url}/no-such-page`);
  await expectPath(page, '/keys');
});
