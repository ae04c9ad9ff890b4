import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../testing/sign-in.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { newTrader } from '../../testing/traders.ts';

const authorize = async (t: TestApp, email: string) => {
  const { accessToken } = await signIn(t.app, { email });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/authorize',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: { token: accessToken },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('OWNER_EMAILS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { OWNER_EMAILS: 'Boss@Example.test, second@example.test' } });
  });
  afterAll(() => t.close());

  it('makes a listed e-mail an owner at its first sign-in, whatever its case, and nobody else', async () => {
    // Outside development the first account is an ordinary one.
    const trader = await newTrader(t, 'trader@example.test');
    const boss = await newTrader(t, 'boss@example.test');
    expect(boss.account.role).toBe('owner');
    expect(boss.account.accountType).toBe('owner');
    expect(trader.account.role).toBe('standard');
  });

  it('promotes an account made before its e-mail was listed at its next sign-in', async () => {
    const unlisted = await buildTestApp({ database: t.database });
    try {
      const early = await newTrader(unlisted, 'second@example.test');
      expect(early.account.role).toBe('standard');
    } finally {
      await unlisted.close();
    }
    expect((await authorize(t, 'second@example.test')).role).toBe('owner');
  });
});

describe('the first account in development', () => {
  it('is an owner; the accounts after it are not', async () => {
    const t = await buildTestApp({ env: { APP_ENV: 'development' } });
    try {
      const first = await newTrader(t, 'first@example.test');
      const second = await newTrader(t, 'second@example.test');
      expect(first.account.role).toBe('owner');
      expect(second.account.role).toBe('standard');
    } finally {
      await t.close();
    }
  });
});
