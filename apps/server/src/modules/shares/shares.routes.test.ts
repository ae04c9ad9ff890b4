import { type TCreateShareBody, type TShare, ZShare, ZShareList, ZShareReferralCode } from '@cdca/contracts';
import { manualClock } from '@cdca/engine/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForAllTests } from '../../testing/app-lifecycle.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { newTrader, type Trader } from '../../testing/traders.ts';
import { referralCodes } from '../billing/payments.schema.ts';
import { insertCoin } from '../coins/testing/coins.fixture.ts';
import { insertEpic } from '../stats/testing/stats-fixtures.ts';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A dollar amount as the page would print one: '$98.00', '-$3.20', '$2,000'. */
const DOLLAR_AMOUNT = /\$\s?\d/;

const t = appForAllTests(() => buildTestApp({ clock: manualClock(NOW) }));
let alice: Trader;
let bob: Trader;
let closedEpicId: string;
let runningEpicId: string;

beforeAll(async () => {
  alice = await newTrader(t, 'shares-alice@example.test');
  bob = await newTrader(t, 'shares-bob@example.test');
  const eth = await insertCoin(t.db, 'ETHS-USD', '2000');
  const closed = await insertEpic(t.db, {
    accountId: alice.account.id,
    coin: eth,
    status: 'closed',
    createdAt: '2026-06-14T00:00:00Z',
    closedAt: '2026-06-15T00:00:00Z',
    fills: [
      { side: 'buy', at: '2026-06-14T00:00:00Z', price: '2000', size: '1', fee: '1' },
      { side: 'sell', at: '2026-06-15T00:00:00Z', price: '2100', size: '1', fee: '1' },
    ],
  });
  closedEpicId = closed.id;
  const running = await insertEpic(t.db, {
    accountId: alice.account.id,
    coin: eth,
    status: 'active',
    createdAt: '2026-06-14T00:00:00Z',
    fills: [{ side: 'buy', at: '2026-06-14T00:00:00Z', price: '2000', size: '0.5', fee: '0.5' }],
  });
  runningEpicId = running.id;
});

const privacy = (amounts: 'dollars' | 'percent', showCoin = true) => ({
  amounts,
  showCoin,
  includeReferral: true,
});

const create = (trader: Trader, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/shares', headers: trader.headers, payload: body as object });

const share = async (trader: Trader, body: TCreateShareBody): Promise<TShare> => {
  const response = await create(trader, body);
  expect(response.statusCode).toBe(201);
  return ZShare.parse(response.json());
};

const pathOf = (url: string) => new URL(url).pathname;
const open = (url: string) => t.app.inject({ method: 'GET', url: pathOf(url) });
const list = async (trader: Trader) =>
  ZShareList.parse(
    (await t.app.inject({ method: 'GET', url: '/api/v1/shares', headers: trader.headers })).json(),
  ).shares;

describe('shared links', () => {
  it('shares an ended epic as a public page with its fills, Open Graph card and a verified line', async () => {
    const made = await share(alice, { kind: 'epic', epicId: closedEpicId, privacy: privacy('dollars') });
    expect(made.url).toMatch(/^http:\/\/[^/]+\/s\/[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({ kind: 'epic', epicId: closedEpicId, views: 0, revokedAt: null });

    const page = await open(made.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const html = page.body;
    expect(html).toContain(`<meta property="og:image" content="${made.cardUrl}">`);
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
    // capital 2001, realised 2100 − 1 − 2001 = 98.00 (docs/decisions/stats-figures.md)
    expect(html).toContain('+$98.00');
    expect(html).toContain('computed by CDCA from the fills');
    expect(html).toContain('ETHS-USD');
    expect(html).toContain('$2100');
    // Nothing about the account: no e-mail, no ids.
    expect(html).not.toContain('shares-alice');
    expect(html).not.toContain(alice.account.id);
    expect(html).not.toContain(closedEpicId);
  });

  it('"% only" and a hidden coin: no dollar amount and no coin on the page or the card', async () => {
    const made = await share(alice, {
      kind: 'epic',
      epicId: closedEpicId,
      privacy: privacy('percent', false),
    });
    const html = (await open(made.url)).body;
    expect(html).not.toMatch(DOLLAR_AMOUNT);
    expect(html).not.toContain('$');
    expect(html).not.toContain('ETHS');
    expect(html).toContain('+4.90%');

    const period = await share(alice, { kind: 'period', period: '7d', privacy: privacy('percent') });
    const periodHtml = (await open(period.url)).body;
    expect(periodHtml).toContain('Last 7 days');
    expect(periodHtml).not.toContain('$');
  });

  it('serves the card as a PNG, and the same bytes again from its cache', async () => {
    const made = await share(alice, { kind: 'period', period: '30d', privacy: privacy('dollars') });
    const card = await open(made.cardUrl);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect([...card.rawPayload.subarray(0, 8)]).toEqual(PNG_MAGIC);
    expect((await open(made.cardUrl)).rawPayload.equals(card.rawPayload)).toBe(true);
  });

  it('previews the card without saving a link', async () => {
    const before = (await list(alice)).length;
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shares/preview',
      headers: alice.headers,
      payload: { kind: 'epic', epicId: closedEpicId, privacy: privacy('percent') },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect([...preview.rawPayload.subarray(0, 8)]).toEqual(PNG_MAGIC);
    expect(await list(alice)).toHaveLength(before);
  });

  it('counts each view of the page (not its card, not a HEAD), and lists the owner’s links newest first', async () => {
    const made = await share(alice, { kind: 'period', period: 'all', privacy: privacy('dollars') });
    await open(made.url);
    await open(made.url);
    await open(made.cardUrl);
    await t.app.inject({ method: 'HEAD', url: pathOf(made.url) });
    const listed = (await list(alice)).find((item) => item.id === made.id);
    expect(listed).toMatchObject({ views: 2, title: 'All time', period: 'all', revokedAt: null });
  });

  it('carries the sharer’s referral code only when chosen, frozen with the link, with a sign-up link through it', async () => {
    const carol = await newTrader(t, 'shares-carol@example.test');
    const codeOf = async (trader: Trader) =>
      ZShareReferralCode.parse(
        (
          await t.app.inject({ method: 'GET', url: '/api/v1/shares/referral-code', headers: trader.headers })
        ).json(),
      ).referralCode;
    expect(await codeOf(carol)).toBeNull();
    const withoutCode = await share(carol, { kind: 'period', period: '7d', privacy: privacy('percent') });
    expect((await open(withoutCode.url)).body).not.toContain('?rc=');

    await t.db.insert(referralCodes).values({
      code: 'carol10',
      displayCode: 'Carol10',
      partnerAccountId: carol.account.id,
      discountCode: 'PartnerReferral',
      createdAt: NOW,
    });
    expect(await codeOf(carol)).toBe('Carol10');
    const withCode = await share(carol, { kind: 'period', period: '7d', privacy: privacy('percent') });
    const page = (await open(withCode.url)).body;
    expect(page).toContain('/?rc=Carol10');
    expect(page).toContain('<span class="code">Carol10</span>');
    // The earlier link was made without a code and stays so.
    expect((await open(withoutCode.url)).body).not.toContain('Carol10');
    const declined = await share(carol, {
      kind: 'period',
      period: '7d',
      privacy: { ...privacy('percent'), includeReferral: false },
    });
    expect((await open(declined.url)).body).not.toContain('Carol10');
  });

  it('keeps each trader to their own links: another account can neither list nor revoke them', async () => {
    const made = await share(alice, { kind: 'period', period: '24h', privacy: privacy('dollars') });
    expect((await list(bob)).map((item) => item.id)).not.toContain(made.id);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/shares/${made.id}`,
      headers: bob.headers,
    });
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json()).toMatchObject({ code: 'not-found' });
    expect((await open(made.url)).statusCode).toBe(200);
    // Nor share someone else's epic: answered as if it did not exist.
    const foreign = await create(bob, { kind: 'epic', epicId: closedEpicId, privacy: privacy('dollars') });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'epic-not-found' });
  });

  it('takes a revoked link down: page and card answer 404', async () => {
    const made = await share(alice, { kind: 'epic', epicId: closedEpicId, privacy: privacy('dollars') });
    expect((await open(made.cardUrl)).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/shares/${made.id}`,
      headers: alice.headers,
    });
    expect(revoke.statusCode).toBe(200);
    expect(ZShare.parse(revoke.json()).revokedAt).toBe(NOW.toISOString());
    const page = await open(made.url);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This link does not exist');
    expect((await open(made.cardUrl)).statusCode).toBe(404);
    expect((await list(alice)).find((item) => item.id === made.id)?.revokedAt).toBe(NOW.toISOString());
  });

  it('answers an unknown or malformed token with the 404 page', async () => {
    for (const token of ['A'.repeat(43), 'nope', '%3Cscript%3E']) {
      const page = await t.app.inject({ method: 'GET', url: `/s/${token}` });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('<script');
    }
  });

  it('refuses an epic that has not ended with 409', async () => {
    const response = await create(alice, {
      kind: 'epic',
      epicId: runningEpicId,
      privacy: privacy('dollars'),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'conflict' });
  });

  it.each([
    ['an unknown kind', { kind: 'account', privacy: privacy('dollars') }],
    ['an unknown period', { kind: 'period', period: '1y', privacy: privacy('dollars') }],
    ['an epic id that is not a uuid', { kind: 'epic', epicId: 'x', privacy: privacy('dollars') }],
    ['missing privacy choices', { kind: 'period', period: '7d' }],
    [
      'an unknown privacy field',
      { kind: 'period', period: '7d', privacy: { ...privacy('dollars'), email: true } },
    ],
  ])('refuses %s with 400 {code, message}', async (_name, body) => {
    const response = await create(alice, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation-failed', message: expect.any(String) });
  });

  it('refuses a revoke of an id that is not a uuid with 400', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/shares/abc',
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation-failed' });
  });

  it('needs a signed-in caller for the owner calls', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/shares' })).statusCode).toBe(401);
  });
});
