import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { billedTrader, billingTestAppForAllTests } from '../../testing/billing.fixture.ts';
import { sandboxSecrets } from './sandbox.schema.ts';
import { SANDBOX_LINK_DAYS, signSandboxLink } from './sandbox-link.ts';

const t = billingTestAppForAllTests();

/** A charge issued to a trader, and its page's address as the link the trader was given. */
const charge = async (email: string) => {
  const { hostedUrl, chargeId } = await billedTrader(t, email, '150');
  const url = new URL(hostedUrl);
  const token = url.searchParams.get('t') ?? '';
  return { chargeId, token, page: `${url.pathname}${url.search}`, path: url.pathname };
};

const get = (url: string) => t.app.inject({ method: 'GET', url });
const press = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: '',
  });
const statusOn = (response: LightMyRequestResponse) => /data-status="([a-z]+)"/.exec(response.body)?.[1];

describe('the sandbox charge page', () => {
  it('opens with the link the charge was issued with, and its buttons carry that link', async () => {
    const { page, path, token } = await charge('link-holder@example.test');
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    const response = await get(page);
    expect(response.statusCode).toBe(200);
    expect(statusOn(response)).toBe('new');
    expect(response.body).toContain(`action="${path}/expire?t=${token}"`);
    expect(response.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(response.headers['content-security-policy']).toMatch(/script-src 'sha256-/);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Its address holds the link token: no other site may see it in a Referer.
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is refused (403 page, not 500) without the link, with a forged one, or with another charge’s', async () => {
    const mine = await charge('refused-viewer@example.test');
    const theirs = await charge('other-viewer@example.test');
    const forged = `${mine.token.split('.')[0]}.${'A'.repeat(43)}`;
    for (const url of [
      mine.path,
      `${mine.path}?t=`,
      `${mine.path}?t=${forged}`,
      `${mine.path}?t=${theirs.token}`,
      `${mine.path}?t=${'x'.repeat(500)}`,
      `${mine.path}?done=${'x'.repeat(500)}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('This payment link is not valid');
      expect(response.body).not.toContain('$64.98');
    }
  });

  it('answers a page, never a 500, for a charge id that cannot exist', async () => {
    const response = await get(`/sandbox-pay/${'x'.repeat(65)}?t=1.abc`);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  it('says "no such charge" only to a link signed for that id', async () => {
    const [secret] = await t.database.db.select().from(sandboxSecrets).where(eq(sandboxSecrets.name, 'link'));
    const token = signSandboxLink(secret?.value ?? '', 'no-such-charge', t.clock.now());
    const response = await get(`/sandbox-pay/no-such-charge?t=${token}`);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('This charge does not exist.');
  });

  it(`stops opening ${SANDBOX_LINK_DAYS} days after the charge was issued`, async () => {
    const { page } = await charge('old-link@example.test');
    t.clock.advanceDays(SANDBOX_LINK_DAYS);
    const response = await get(page);
    expect(response.statusCode).toBe(403);
  });
});

describe('the sandbox charge buttons', () => {
  it('refuse a press from another site (Origin or Sec-Fetch-Site), and leave the charge as it was', async () => {
    const { page, path, token } = await charge('cross-site@example.test');
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site' },
      // The browser's word wins over an Origin a page cannot set anyway.
      { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:3000' },
    ];
    for (const headers of foreign) {
      const response = await press(`${path}/expire?t=${token}`, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.body).toContain('Request refused');
    }
    expect(statusOn(await get(page))).toBe('new');
  });

  it('refuse a press without the link, or with a forged one', async () => {
    const { page, path, token } = await charge('no-link-press@example.test');
    for (const url of [`${path}/expire`, `${path}/expire?t=${token.slice(0, -2)}xx`, `${path}/pay?t=1.a`]) {
      const response = await press(url, { 'sec-fetch-site': 'same-origin' });
      expect(response.statusCode, url).toBe(403);
    }
    expect(statusOn(await get(page))).toBe('new');
  });

  it('act for a press from the page itself, and come back to the page with the link', async () => {
    const { page, path, token, chargeId } = await charge('owner-press@example.test');
    const response = await press(`${path}/expire?t=${token}`, {
      'sec-fetch-site': 'same-origin',
      origin: 'http://localhost:3000',
    });
    expect(response.statusCode).toBe(303);
    const back = new URL(String(response.headers.location), 'http://localhost:3000');
    expect(back.pathname).toBe(`/sandbox-pay/${chargeId}`);
    expect(back.searchParams.get('t')).toBe(token);
    expect(statusOn(await get(page))).toBe('expired');
  });
});
