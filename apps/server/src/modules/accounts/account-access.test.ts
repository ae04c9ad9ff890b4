import { randomUUID } from 'node:crypto';
import type { TAccountStatus } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import { appForAllTests } from '../../testing/app-lifecycle.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { newTrader, type Trader } from '../../testing/traders.ts';
import { ACCOUNT_ACCESS, type AccessRule, API_PREFIX } from './account-access.ts';

// Many calls per account in a few seconds: keep any per-account rate limit out of this test's way.
const t = appForAllTests(() => buildTestApp({ env: { API_REQUESTS_PER_MINUTE: '100000' } }));

/** One onboarding status, the two the table is about, and the one that may do everything. */
const STATUSES: readonly TAccountStatus[] = ['pending-keys', 'active', 'deactivated', 'deleted'];

const REFUSAL: Partial<Record<TAccountStatus, { status: number; code: string }>> = {
  deleted: { status: 401, code: 'account-deleted' },
  deactivated: { status: 403, code: 'account-deactivated' },
};
const refusalFor = (status: TAccountStatus) => REFUSAL[status] ?? { status: 403, code: 'account-not-active' };
const REFUSAL_CODES = ['account-deleted', 'account-deactivated', 'account-not-active'];

const signedInRoutes = () =>
  Object.entries(ACCOUNT_ACCESS).filter((entry): entry is [string, Exclude<AccessRule, 'public'>] => {
    const [, rule] = entry;
    return rule !== 'public';
  });

/** A concrete URL for a route pattern: own user id where one is asked for, otherwise ids that exist nowhere. */
const concreteUrl = (pattern: string, trader: Trader) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'userId') return trader.sub;
    if (name === 'productId') return 'BTC-USD';
    if (name === 'provider') return 'btcpay';
    if (name === 'id' && pattern.startsWith('/api/v1/settings/')) return trader.account.id;
    return randomUUID();
  });

const codeOf = (body: string): string => {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null && 'code' in parsed ? String(parsed.code) : '';
  } catch {
    return '';
  }
};

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

const call = (trader: Trader, key: string) => {
  const [method, pattern] = key.split(' ') as [Method, string];
  return t.app.inject({
    method,
    url: concreteUrl(pattern, trader),
    headers: trader.headers,
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
};

describe('the account-access table', () => {
  it('lists every API route the app registers, and nothing it does not', () => {
    const registered = [...t.app.apiRouteKeys].sort();
    expect(registered.length).toBeGreaterThan(40);
    expect(registered.every((key) => key.split(' ')[1]?.startsWith(API_PREFIX))).toBe(true);
    // A new route must be given its rule in ACCOUNT_ACCESS; a removed one must leave it.
    expect(registered).toEqual(Object.keys(ACCOUNT_ACCESS).sort());
  });

  it.each(STATUSES)('is applied route by route to a %s account', async (status) => {
    const trader = await newTrader(t, `access-${status}@example.test`, status);
    const outcomes: string[] = [];
    for (const [key, allowed] of signedInRoutes()) {
      const response = await call(trader, key);
      const code = codeOf(response.body);
      if (allowed.includes(status)) {
        outcomes.push(`${key} → ${REFUSAL_CODES.includes(code) ? `refused ${code}` : 'let through'}`);
      } else {
        const refusal = refusalFor(status);
        outcomes.push(
          `${key} → ${response.statusCode === refusal.status ? code : `${response.statusCode} ${code}`}`,
        );
      }
    }
    const expected = signedInRoutes().map(([key, allowed]) =>
      allowed.includes(status) ? `${key} → let through` : `${key} → ${refusalFor(status).code}`,
    );
    expect(outcomes).toEqual(expected);
  });

  it('lets a deactivated account read, pay and change settings, and refuses what commits funds', async () => {
    const trader = await newTrader(t, 'deactivated-reader@example.test', 'deactivated');
    const reads = [
      `/api/v1/accounts/${trader.sub}`,
      `/api/v1/settings/${trader.account.id}`,
      '/api/v1/epics',
      `/api/v1/payments?accountId=${trader.account.id}`,
      `/api/v1/billing?accountId=${trader.account.id}`,
      '/api/v1/notifications',
    ];
    for (const url of reads) {
      const response = await t.app.inject({ method: 'GET', url, headers: trader.headers });
      expect(response.statusCode, url).toBe(200);
    }
    const profile = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/${trader.sub}`,
      headers: trader.headers,
      payload: { firstName: 'Still' },
    });
    expect(profile.statusCode).toBe(200);

    const paperKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/paper/keys',
      headers: trader.headers,
      payload: { canView: true, canTrade: true, canTransfer: false },
    });
    expect(paperKey.statusCode).toBe(403);
    expect(paperKey.json()).toMatchObject({
      code: 'account-deactivated',
      message: expect.stringMatching(/Pay/),
    });
  });
});
