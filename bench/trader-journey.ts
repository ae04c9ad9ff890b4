/**
 * The browser journey the soak runs in a loop (bench/soak.bench.ts), and the onboarding bench/dashboard.ts signs its
 * trader up with: the steps of the e2e onboarding journeys
 * (e2e/support/onboarding.ts) against a server the bench started, with waits of 30 s as playwright.config.ts gives
 * the journeys (the e2e helpers use the test runner's expect, whose timeout outside the runner is 5 s).
 * A new trader signs up from the landing page, walks onboarding with a paper key to the dashboard, starts an epic
 * (through the API, as e2e/support/paper-market.ts does), sees it appear live on the dashboard and opens it.
 */
import { expect } from '@playwright/test';
import type { Page } from 'playwright-core';
import { PASSWORD } from '../e2e/support/people.ts';

const WAIT_MS = 30_000;
const check = expect.configure({ timeout: WAIT_MS });

export type Session = { accessToken: string; refreshToken: string; sub: string };

const onPath = (page: Page, path: string) =>
  page.waitForURL((url) => url.pathname === path, { timeout: WAIT_MS, waitUntil: 'commit' });

/** The signed-in user oidc-client-ts keeps in localStorage under `oidc.user:<authority>:<client>`. */
export const sessionOf = async (page: Page): Promise<Session> => {
  const stored = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'));
    return key ? localStorage.getItem(key) : null;
  });
  const user = JSON.parse(stored ?? '{}') as {
    access_token?: string;
    refresh_token?: string;
    profile?: { sub?: string };
  };
  if (!user.access_token || !user.refresh_token || !user.profile?.sub)
    throw new Error('no signed-in user with a refresh token in localStorage');
  return { accessToken: user.access_token, refreshToken: user.refresh_token, sub: user.profile.sub };
};

/** Landing page → sign-up → /payment → /breakdown → /keys (a view + trade paper key) → … → /dashboard. */
export const onboard = async (page: Page, baseUrl: string, email: string) => {
  page.setDefaultTimeout(WAIT_MS);
  await page.goto(`${baseUrl}/`);
  await page
    .getByRole('link', { name: /sign up/i })
    .or(page.getByRole('button', { name: /sign up/i }))
    .first()
    .click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await onPath(page, '/payment');
  await page.getByRole('button', { name: 'Continue' }).click();
  await onPath(page, '/breakdown');
  await page.getByRole('radio', { name: /intermediate/i }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await onPath(page, '/keys');
  await page.getByRole('checkbox', { name: 'Transfer' }).uncheck();
  await page.getByRole('button', { name: 'Mint paper key' }).click();
  await check(page.getByLabel('Private key')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Verify and connect' }).click();
  await onPath(page, '/coinbase');
  await page.getByRole('button', { name: 'Continue' }).click();
  await onPath(page, '/discord');
  await page.getByRole('button', { name: "I've joined" }).click();
  await onPath(page, '/tos');
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Accept' }).click();
  await onPath(page, '/dashboard');
};

/** Starts an epic through the API as `session`; answers its id or throws with the status and body. */
export const createEpic = async (baseUrl: string, session: Session, body: unknown): Promise<string> => {
  const response = await fetch(`${baseUrl}/api/v1/epics`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201)
    throw new Error(`POST /api/v1/epics → ${response.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { id: string }).id;
};

/** The whole journey for a new trader: onboarding, an epic started, seen live on the dashboard, then opened. */
export const journey = async (page: Page, baseUrl: string, email: string, epicBody: unknown) => {
  await onboard(page, baseUrl, email);
  await check(page.getByText('No epics running')).toBeVisible();
  const id = await createEpic(baseUrl, await sessionOf(page), epicBody);
  // No reload: the dashboard learns of the epic over its WebSocket (epic.created).
  const row = page.locator(`[data-testid="live-epic"][data-epic-id="${id}"]`);
  await check(row).toBeVisible();
  await page.goto(`${baseUrl}/epic/${id}`);
  await check(page.getByTestId('level-1')).toBeVisible();
};
