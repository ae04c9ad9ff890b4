import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oidcPayloads } from '../../db/schema.ts';
import { appForAllTests } from '../../testing/app-lifecycle.ts';
import { browser, refresh, signIn, signUp, startAuthorization } from '../../testing/sign-in.ts';
import { bearer, buildTestApp } from '../../testing/test-app.ts';
import { makeOwner, newTrader } from '../../testing/traders.ts';
import { createAccountsRepository } from './accounts.repository.ts';

const t = appForAllTests(() => buildTestApp());

/** A trader who signed up through the provider (tokens, refresh token, browser session) and authorized. */
const signedUpTrader = async (email: string) => {
  const signedIn = await signUp(t.app, { email });
  const authorized = await t.app.inject({
    method: 'POST',
    url: '/api/v1/authorize',
    headers: bearer(signedIn.accessToken),
    payload: { token: signedIn.accessToken },
  });
  expect(authorized.statusCode).toBe(200);
  return signedIn;
};

const storedPayloadsOf = async (sub: string) => {
  const rows = await t.database.db
    .select({ model: oidcPayloads.model })
    .from(oidcPayloads)
    .where(sql`${oidcPayloads.payload}->>'accountId' = ${sub}`);
  return rows.map((row) => row.model).sort();
};

describe('a deleted account', () => {
  it('is signed out everywhere when an owner deletes it: no refresh, no session, every call 401', async () => {
    const owner = await newTrader(t, 'deleting-owner@example.test');
    await makeOwner(t, owner);
    const trader = await signedUpTrader('to-be-deleted@example.test');
    // Before: the refresh token works and the provider holds the session and grant.
    const rotated = await refresh(t.app, trader.refreshToken);
    expect(await storedPayloadsOf(trader.sub)).toEqual(expect.arrayContaining(['Grant', 'Session']));

    const deleted = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/admin/${trader.sub}`,
      headers: owner.headers,
      payload: { status: 'deleted' },
    });
    expect(deleted.statusCode).toBe(200);

    await expect(refresh(t.app, rotated.refreshToken)).rejects.toMatchObject({
      body: { error: 'invalid_grant' },
    });
    expect(await storedPayloadsOf(trader.sub)).toEqual([]);
    // The browser's provider session is gone: a silent renew asks for a sign-in.
    const { callback } = await startAuthorization(browser(t.app, trader.cookies), t.app, { prompt: 'none' });
    expect(callback?.searchParams.get('error')).toBe('login_required');

    // The access token is a JWT still within its 15 minutes: the API refuses it by the account's status.
    for (const [method, url] of [
      ['GET', `/api/v1/accounts/${trader.sub}`],
      ['POST', '/api/v1/authorize'],
      ['GET', '/api/v1/epics'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: bearer(rotated.accessToken),
        ...(method === 'POST' ? { payload: { token: rotated.accessToken } } : {}),
      });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().code, url).toBe('account-deleted');
    }
    const realtime = t.published.findLast((envelope) => envelope.message.routingKey === 'account.updated');
    expect(realtime?.message.event).toMatchObject({ status: 'deleted' });
  });

  it('cannot refresh even when its status was set without going through the service', async () => {
    const trader = await signedUpTrader('deleted-by-hand@example.test');
    await createAccountsRepository(t.database.db).update(trader.sub, { status: 'deleted' });

    await expect(refresh(t.app, trader.refreshToken)).rejects.toMatchObject({
      body: { error: 'invalid_grant' },
    });
  });

  it('cannot sign in again with its password', async () => {
    const trader = await signedUpTrader('deleted-signs-in@example.test');
    await createAccountsRepository(t.database.db).update(trader.sub, { status: 'deleted' });

    // No tokens, and the page says why instead of the provider's generic error page.
    await expect(signIn(t.app, { email: 'deleted-signs-in@example.test' })).rejects.toThrow(
      /sign-in failed \(403\)[\s\S]*account was deleted/,
    );
  });
});
