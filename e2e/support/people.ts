import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'correct-horse-battery-9';

export const uniqueEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.test`;

/** From the landing page (`entry`, e.g. a launch-deal link) through the embedded provider's sign-up form. */
export const signUpFromLanding = async (page: Page, baseUrl: string, email: string, entry = '/') => {
  await page.goto(`${baseUrl}${entry}`);
  await page
    .getByRole('link', { name: /sign up/i })
    .or(page.getByRole('button', { name: /sign up/i }))
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
};

export const expectPath = async (page: Page, path: string) => {
  await expect(page).toHaveURL((url) => url.pathname === path);
};
