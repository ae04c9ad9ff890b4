import { ZExchangeKeySubmitted, ZExchangeKeySummary, ZMintedPaperKey } from '@cdca/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { newTrader, type Trader } from '../../testing/traders.ts';
import { exchangeKeys } from './exchange-keys.schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ venue: 'persistent' });
});
afterAll(() => t.close());

const mint = async (trader: Trader, permissions = { canView: true, canTrade: true, canTransfer: false }) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/paper/keys',
    headers: trader.headers,
    payload: permissions,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return ZMintedPaperKey.parse(response.json());
};

const submit = (trader: Trader, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/exchange-keys', headers: trader.headers, payload });

const get = (trader: Trader, url: string) => t.app.inject({ method: 'GET', url, headers: trader.headers });

describe('POST /exchange-keys', () => {
  it('checks a trade-only key live, stores it encrypted and moves pending-keys on', async () => {
    const trader = await newTrader(t, 'keys-ok@example.test', 'pending-keys');
    const key = await mint(trader);
    const response = await submit(trader, key);
    expect(response.statusCode).toBe(200);
    const { key: summary, account } = ZExchangeKeySubmitted.parse(response.json());
    expect(account.status).toBe('pending-coinbase-account');
    expect(summary).toMatchObject({
      exchange: 'paper',
      keyNameHint: `…${key.keyName.slice(-4)}`,
      permissions: { canView: true, canTrade: true, canTransfer: false },
    });
    expect(response.body).not.toContain(key.privateKey.split('\n')[1]);
    expect(response.body).not.toContain(key.keyName);
    expect(t.published.at(-1)).toMatchObject({
      accountId: trader.account.id,
      message: { routingKey: 'account.updated', event: { status: 'pending-coinbase-account' } },
    });

    const [row] = await t.database.db
      .select()
      .from(exchangeKeys)
      .where(eq(exchangeKeys.accountId, trader.account.id));
    expect(row?.sealedCredentials).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain('PRIVATE KEY');
    expect(JSON.stringify(row)).not.toContain(key.keyName);
  });

  it('refuses a key that can transfer funds, saying to create one without transfer permission', async () => {
    const trader = await newTrader(t, 'keys-transfer@example.test', 'pending-keys');
    const response = await submit(
      trader,
      await mint(trader, { canView: true, canTrade: true, canTransfer: true }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('api-key-can-transfer');
    expect(response.json().message).toMatch(/without the Transfer permission/);
    expect((await get(trader, '/api/v1/exchange-keys/current')).statusCode).toBe(404);
    expect((await get(trader, `/api/v1/accounts/${trader.sub}`)).json().status).toBe('pending-keys');
  });

  it.each([
    ['api-key-cannot-view', { canView: false, canTrade: true, canTransfer: false }],
    ['api-key-cannot-trade', { canView: true, canTrade: false, canTransfer: false }],
  ])('refuses with %s', async (code, permissions) => {
    const trader = await newTrader(t, `keys-${code}@example.test`, 'pending-keys');
    const response = await submit(trader, await mint(trader, permissions));
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe(code);
  });

  it('refuses malformed key names and private keys before asking the exchange (400 api-key-invalid)', async () => {
    const trader = await newTrader(t, 'keys-malformed@example.test', 'pending-keys');
    const key = await mint(trader);
    for (const payload of [
      { keyName: 'my key', privateKey: key.privateKey },
      {
        keyName: key.keyName,
        privateKey: '-----BEGIN EC PRIVATE KEY-----\nnot a key\n-----END EC PRIVATE KEY-----',
      },
      { keyName: key.keyName, privateKey: 'hunter2' },
    ]) {
      const response = await submit(trader, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('api-key-invalid');
    }
  });

  it('answers 422 api-key-invalid when the exchange does not know the key', async () => {
    const trader = await newTrader(t, 'keys-unknown@example.test', 'pending-keys');
    const key = await mint(trader);
    const other = await mint(trader);
    const response = await submit(trader, { keyName: key.keyName, privateKey: other.privateKey });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('api-key-invalid');
  });

  it('answers 503 exchange-unavailable when the venue is down, and stores nothing', async () => {
    const trader = await newTrader(t, 'keys-down@example.test', 'pending-keys');
    const key = await mint(trader);
    t.outage.down = true;
    try {
      const response = await submit(trader, key);
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('exchange-unavailable');
    } finally {
      t.outage.down = false;
    }
    expect((await get(trader, '/api/v1/exchange-keys/current')).statusCode).toBe(404);
  });

  it('refuses keys before the keys step (409)', async () => {
    const trader = await newTrader(t, 'keys-early@example.test');
    const response = await submit(trader, await mint(trader));
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('onboarding-step-out-of-order');
  });

  it('replaces the key when one exists, keeping one row and the status', async () => {
    const trader = await newTrader(t, 'keys-replace@example.test', 'active');
    const first = await mint(trader);
    const second = await mint(trader);
    expect((await submit(trader, first)).statusCode).toBe(200);
    const replaced = await submit(trader, second);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().account.status).toBe('active');
    const current = ZExchangeKeySummary.parse((await get(trader, '/api/v1/exchange-keys/current')).json());
    expect(current.keyNameHint).toBe(`…${second.keyName.slice(-4)}`);
    const rows = await t.database.db
      .select()
      .from(exchangeKeys)
      .where(eq(exchangeKeys.accountId, trader.account.id));
    expect(rows).toHaveLength(1);
  });
});

describe('exchange account step', () => {
  it('shows the verified account and moves pending-coinbase-account → pending-discord', async () => {
    const trader = await newTrader(t, 'account-step@example.test', 'pending-keys');
    await submit(trader, await mint(trader));
    const account = await get(trader, '/api/v1/exchange-account');
    expect(account.statusCode).toBe(200);
    expect(account.json()).toEqual({
      exchange: 'paper',
      portfolioId: expect.any(String),
      portfolioName: expect.stringMatching(/^Paper portfolio /),
      usdAvailable: '10000',
      usdcAvailable: '0',
      permissions: { canView: true, canTrade: true, canTransfer: false },
    });
    const step = await t.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/coinbase-account',
      headers: trader.headers,
      payload: {},
    });
    expect(step.statusCode).toBe(200);
    expect(step.json().status).toBe('pending-discord');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/coinbase-account',
      headers: trader.headers,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('onboarding-step-out-of-order');
  });

  it('refuses the step and the summary without a stored key (409 exchange-key-required)', async () => {
    const trader = await newTrader(t, 'account-nokey@example.test', 'pending-coinbase-account');
    const step = await t.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/coinbase-account',
      headers: trader.headers,
      payload: {},
    });
    expect(step.statusCode).toBe(409);
    expect(step.json().code).toBe('exchange-key-required');
    expect((await get(trader, '/api/v1/exchange-account')).json().code).toBe('exchange-key-required');
  });

  it('answers 503 when the venue is down while confirming', async () => {
    const trader = await newTrader(t, 'account-down@example.test', 'pending-keys');
    await submit(trader, await mint(trader));
    t.outage.down = true;
    try {
      const step = await t.app.inject({
        method: 'POST',
        url: '/api/v1/onboarding/coinbase-account',
        headers: trader.headers,
        payload: {},
      });
      expect(step.statusCode).toBe(503);
      expect(step.json().code).toBe('exchange-unavailable');
    } finally {
      t.outage.down = false;
    }
  });
});

describe('removing keys and other users', () => {
  it("keeps each user's key to themselves and removes only the caller's", async () => {
    const alice = await newTrader(t, 'alice-keys@example.test', 'active');
    const bob = await newTrader(t, 'bob-keys@example.test', 'active');
    await submit(alice, await mint(alice));

    expect((await get(bob, '/api/v1/exchange-keys/current')).json().code).toBe('exchange-key-not-found');
    expect((await get(bob, '/api/v1/exchange-account')).json().code).toBe('exchange-key-required');
    const bobDelete = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/exchange-keys/current',
      headers: bob.headers,
    });
    expect(bobDelete.statusCode).toBe(404);
    expect((await get(alice, '/api/v1/exchange-keys/current')).statusCode).toBe(200);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/exchange-keys/current',
      headers: alice.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await get(alice, '/api/v1/exchange-keys/current')).statusCode).toBe(404);
  });

  it('answers 401 without a token on every route', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/exchange-keys'],
      ['GET', '/api/v1/exchange-keys/current'],
      ['DELETE', '/api/v1/exchange-keys/current'],
      ['GET', '/api/v1/exchange-account'],
      ['POST', '/api/v1/onboarding/coinbase-account'],
      ['POST', '/api/v1/paper/keys'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('paper keys', () => {
  it('mints every key of an account into one paper portfolio, so replacing a key keeps the balances', async () => {
    const trader = await newTrader(t, 'paper-one-portfolio@example.test', 'pending-keys');
    await submit(trader, await mint(trader));
    const first = (await get(trader, '/api/v1/exchange-account')).json();
    await submit(trader, await mint(trader));
    const second = (await get(trader, '/api/v1/exchange-account')).json();
    expect(second.portfolioId).toBe(first.portfolioId);
  });

  it('answers 422 api-key-invalid once the stored key has been revoked at the exchange', async () => {
    const trader = await newTrader(t, 'revoked@example.test', 'pending-keys');
    const key = await mint(trader);
    await submit(trader, key);
    await t.paper.revokeKey(key.keyName);
    const account = await get(trader, '/api/v1/exchange-account');
    expect(account.statusCode).toBe(422);
    expect(account.json().code).toBe('api-key-invalid');
    const step = await t.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/coinbase-account',
      headers: trader.headers,
      payload: {},
    });
    expect(step.json().code).toBe('api-key-invalid');
  });

  it('are refused with 404 paper-exchange-disabled on a real venue', async () => {
    const real = await buildTestApp({ venue: 'persistent', paperLevers: false });
    try {
      const trader = await newTrader(real, 'no-paper@example.test', 'pending-keys');
      const response = await real.app.inject({
        method: 'POST',
        url: '/api/v1/paper/keys',
        headers: trader.headers,
        payload: { canView: true, canTrade: true, canTransfer: false },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('paper-exchange-disabled');
    } finally {
      await real.close();
    }
  });
});
