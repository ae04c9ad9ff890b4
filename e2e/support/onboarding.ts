import { expect, type Page } from '@playwright/test';
import { expectPath, signUpFromLanding } from './people.ts';
import type { RunningServer } from './server.ts';

/** On /keys: mints a paper key with or without the transfer permission and waits until the form holds it. */
export const mintPaperKey = async (page: Page, transfer: boolean) => {
  const checkbox = page.getByRole('checkbox', { name: 'Transfer' });
  if (transfer) await checkbox.check();
  else await checkbox.uncheck();
  const keyName = page.getByLabel('API key name');
  const previous = await keyName.inputValue();
  await page.getByRole('button', { name: 'Mint paper key' }).click();
  // Wait for the NEW key: the form may still hold the one minted before.
  await expect(keyName).not.toHaveValue(previous);
  await expect(keyName).not.toHaveValue('');
  await expect(page.getByLabel('Private key')).not.toHaveValue('');
};

/** /payment (nothing due at sign-up) → /breakdown → the intermediate level → /keys. */
export const walkToKeys = async (page: Page) => {
  await expectPath(page, '/payment');
  await page.getByRole('button', { name: 'Continue' }).click();
  await chooseIntermediateLevel(page);
};

/** /breakdown → the intermediate level → /keys. */
export const chooseIntermediateLevel = async (page: Page) => {
  await expectPath(page, '/breakdown');
  await page.getByRole('radio', { name: /intermediate/i }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectPath(page, '/keys');
};

/** /coinbase → /discord → /tos → /dashboard. */
export const walkFromCoinbaseToDashboard = async (page: Page) => {
  await expectPath(page, '/coinbase');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectPath(page, '/discord');
  await page.getByRole('button', { name: "I've joined" }).click();
  await expectPath(page, '/tos');
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expectPath(page, '/dashboard');
};

/** /breakdown to /dashboard with a view + trade paper key, as docs/product.md §2's onboarding order has it. */
export const onboardFromBreakdown = async (page: Page) => {
  await chooseIntermediateLevel(page);
  await mintPaperKey(page, false);
  await page.getByRole('button', { name: 'Verify and connect' }).click();
  await walkFromCoinbaseToDashboard(page);
};

/** Sign-up from the landing page through to the dashboard with a view + trade paper key. */
export const onboardTrader = async (page: Page, baseUrl: string, email: string) => {
  await signUpFromLanding(page, baseUrl, email);
  await expectPath(page, '/payment');
  await page.getByRole('button', { name: 'Continue' }).click();
  await onboardFromBreakdown(page);
};

/**
 * Makes the trader an owner (to drive the paper market or the billing clock). The embedded database serves one
 * process at a time, so the server stops for the admin command and comes back; the page reloads on the dashboard.
 */
export const grantOwner = async (page: Page, server: RunningServer, email: string) => {
  await server.stop();
  await server.admin('grant-owner', email);
  await server.restart();
  await page.reload();
  await expectPath(page, '/dashboard');
};
