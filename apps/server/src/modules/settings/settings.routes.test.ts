import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { newTrader as createTrader } from '../../testing/traders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const newTrader = async (email: string) => {
  const trader = await createTrader(t, email);
  return { ...trader, accountId: trader.account.id };
};

describe('settings', () => {
  it('start with every alert on and keep what the user changes', async () => {
    const { accessToken, accountId } = await newTrader('alerts@example.test');
    const initial = await t.app.inject({
      method: 'GET',
      url: `/api/v1/settings/${accountId}`,
      headers: bearer(accessToken),
    });
    expect(initial.json()).toMatchObject({
      id: accountId,
      epicClosedAlerts: true,
      epicHitAlerts: true,
      topMoverAlerts: true,
    });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/settings/${accountId}`,
      headers: bearer(accessToken),
      payload: { topMoverAlerts: false },
    });
    expect(patch.json()).toMatchObject({ topMoverAlerts: false, epicClosedAlerts: true });
    const reread = await t.app.inject({
      method: 'GET',
      url: `/api/v1/settings/${accountId}`,
      headers: bearer(accessToken),
    });
    expect(reread.json().topMoverAlerts).toBe(false);
  });

  it("refuse another account's settings with 403 and leave them untouched", async () => {
    const alice = await newTrader('alice-settings@example.test');
    const bob = await newTrader('bob-settings@example.test');
    for (const method of ['GET', 'PATCH'] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/v1/settings/${bob.accountId}`,
        headers: bearer(alice.accessToken),
        ...(method === 'PATCH' ? { payload: { epicHitAlerts: false } } : {}),
      });
      expect(response.statusCode).toBe(403);
    }
    const bobs = await t.app.inject({
      method: 'GET',
      url: `/api/v1/settings/${bob.accountId}`,
      headers: bearer(bob.accessToken),
    });
    expect(bobs.json().epicHitAlerts).toBe(true);
  });

  it.each([{}, { epicHitAlerts: 'yes' }, { unknownSetting: true }])('refuse the body %o', async (payload) => {
    const { accessToken, accountId } = await newTrader(`bad-settings-${crypto.randomUUID()}@example.test`);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/settings/${accountId}`,
      headers: bearer(accessToken),
      payload,
    });
    expect(response.statusCode).toBe(400);
  });

  it('answer 400 to an id that is not a uuid', async () => {
    const { accessToken } = await newTrader('bad-id@example.test');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/settings/not-a-uuid',
      headers: bearer(accessToken),
    });
    expect(response.statusCode).toBe(400);
  });
});
