import { ZAccount, ZAccountList } from '@cdca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../testing/sign-in.ts';
import { bearer, buildTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const authorize = async (accessToken: string, signupReferralCode?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/authorize',
    headers: bearer(accessToken),
    payload: { token: `Bearer ${accessToken}`, ...(signupReferralCode ? { signupReferralCode } : {}) },
  });

const newTrader = async (email: string, referral?: string) => {
  const tokens = await signUp(t.app, { email });
  const response = await authorize(tokens.accessToken, referral);
  expect(response.statusCode).toBe(200);
  return { ...tokens, account: ZAccount.parse(response.json()) };
};

const makeOwner = async (email: string) => {
  const trader = await newTrader(email);
  const { createAccountsService } = await import('./accounts.service.ts');
  const { testConfig } = await import('../../testing/test-config.ts');
  await createAccountsService({ db: t.database.db, bus: t.bus, config: testConfig() }).grantOwner(email);
  return trader;
};

describe('POST /authorize', () => {
  it('creates a pending-payment standard account on first sign-in and stores the referral code', async () => {
    const { account, sub } = await newTrader('first@example.test', 'FRIEND42');
    expect(account).toMatchObject({
      userId: sub,
      email: 'first@example.test',
      status: 'pending-payment',
      role: 'standard',
      accountType: 'standard',
      freeAccount: false,
      accountRank: 'bronze',
      signupReferralCode: 'FRIEND42',
    });
  });

  it('changes nothing when called again, even with another referral code', async () => {
    const { accessToken, account } = await newTrader('again@example.test', 'FIRST');
    const second = await authorize(accessToken, 'SECOND');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(account);
  });

  it('refuses a body token that is not the bearer token', async () => {
    const { accessToken } = await signUp(t.app, { email: 'mismatch@example.test' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authorize',
      headers: bearer(accessToken),
      payload: { token: 'Bearer something-else' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('bad-request');
  });

  it('refuses unknown fields and bad referral codes with a validation error', async () => {
    const { accessToken } = await signUp(t.app, { email: 'unknown-field@example.test' });
    for (const payload of [
      { token: accessToken, role: 'owner' },
      { token: accessToken, signupReferralCode: 'has spaces!' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/authorize',
        headers: bearer(accessToken),
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation-failed');
    }
  });
});

describe('tokens', () => {
  it.each([
    ['no token', undefined],
    ['a malformed header', 'Token abc'],
    ['a forged token', 'Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'],
  ])('answers 401 to %s', async (_name, authorization) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/accounts/anyone',
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('answers 401 to an id token, whose audience is the client and not the API', async () => {
    const { idToken, sub } = await signUp(t.app, { email: 'idtoken@example.test' });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/accounts/${sub}`,
      headers: bearer(idToken),
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 account-not-found to a signed-in identity that has not authorized yet', async () => {
    const { accessToken, sub } = await signUp(t.app, { email: 'noaccount@example.test' });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/accounts/${sub}`,
      headers: bearer(accessToken),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('account-not-found');
  });
});

describe('own account', () => {
  it('reads and edits profile fields and announces the change in realtime', async () => {
    const { accessToken, sub, account } = await newTrader('profile@example.test');
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/${sub}`,
      headers: bearer(accessToken),
      payload: { firstName: 'Ada', lastName: 'Lovelace', skillLevel: 'expert' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', skillLevel: 'expert' });
    const event = t.published.findLast((envelope) => envelope.accountId === account.id);
    expect(event?.message).toMatchObject({
      routingKey: 'account.updated',
      event: { id: account.id, firstName: 'Ada' },
    });

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/accounts/${sub}`,
      headers: bearer(accessToken),
    });
    expect(read.json()).toMatchObject({ firstName: 'Ada', status: 'pending-payment' });
  });

  it.each([
    { status: 'active' },
    { role: 'owner' },
    { accountRank: 'hero' },
    { freeAccount: true },
    { firstName: '' },
    { profilePhoto: 'javascript:alert(1)' },
  ])('refuses %o', async (payload) => {
    const { accessToken, sub } = await newTrader(`refuse-${Object.keys(payload)[0]}@example.test`);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/${sub}`,
      headers: bearer(accessToken),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation-failed');
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/accounts/${sub}`,
      headers: bearer(accessToken),
    });
    expect(read.json()).toMatchObject({ status: 'pending-payment', role: 'standard', freeAccount: false });
  });
});

describe("another user's account", () => {
  it('is out of reach: 403 on read, edit, admin edit and list', async () => {
    const alice = await newTrader('alice@example.test');
    const bob = await newTrader('bob@example.test');
    const attempts = [
      { method: 'GET' as const, url: `/api/v1/accounts/${bob.sub}` },
      { method: 'PATCH' as const, url: `/api/v1/accounts/${bob.sub}`, payload: { firstName: 'Mallory' } },
      { method: 'PATCH' as const, url: `/api/v1/accounts/admin/${bob.sub}`, payload: { status: 'active' } },
      { method: 'PATCH' as const, url: `/api/v1/accounts/admin/${alice.sub}`, payload: { role: 'owner' } },
      { method: 'GET' as const, url: '/api/v1/accounts' },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: bearer(alice.accessToken) });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
    const bobNow = await t.app.inject({
      method: 'GET',
      url: `/api/v1/accounts/${bob.sub}`,
      headers: bearer(bob.accessToken),
    });
    expect(bobNow.json()).toEqual(bob.account);
  });
});

describe('owners', () => {
  it('list, search and change any account, and the change reaches its owner in realtime', async () => {
    const owner = await makeOwner('owner@example.test');
    const target = await newTrader('target@example.test');

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/accounts?search=target&status=pending-payment&status=active',
      headers: bearer(owner.accessToken),
    });
    expect(list.statusCode).toBe(200);
    const { accounts, total } = ZAccountList.parse(list.json());
    expect(total).toBe(1);
    expect(accounts[0]?.email).toBe('target@example.test');
    const pastTheEnd = await t.app.inject({
      method: 'GET',
      url: '/api/v1/accounts?search=target&offset=5',
      headers: bearer(owner.accessToken),
    });
    expect(ZAccountList.parse(pastTheEnd.json())).toEqual({ accounts: [], total: 1 });

    const update = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/admin/${target.sub}`,
      headers: bearer(owner.accessToken),
      payload: { status: 'pending-discord', accountRank: 'gold' },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ status: 'pending-discord', accountRank: 'gold' });
    expect(t.published.at(-1)).toMatchObject({
      accountId: target.account.id,
      message: { routingKey: 'account.updated', event: { status: 'pending-discord' } },
    });
  });

  it('cannot change their own role', async () => {
    const owner = await makeOwner('lonely-owner@example.test');
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/admin/${owner.sub}`,
      headers: bearer(owner.accessToken),
      payload: { role: 'standard' },
    });
    expect(response.statusCode).toBe(409);
  });

  it('get 404 for an unknown account and 400 for an empty change', async () => {
    const owner = await makeOwner('owner-two@example.test');
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/admin/nobody',
      headers: bearer(owner.accessToken),
      payload: { status: 'active' },
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/admin/${owner.sub}`,
      headers: bearer(owner.accessToken),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });
});
