import { ZPaperProductState, ZRuntimeConfig } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import { appForAllTests } from '../../testing/app-lifecycle.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { makeOwner, newTrader } from '../../testing/traders.ts';

const ownerOf = async (t: TestApp, email: string) => {
  const owner = await newTrader(t, email, 'active');
  await makeOwner(t, owner);
  return owner;
};

const runtimeConfig = async (t: TestApp) =>
  ZRuntimeConfig.parse((await t.app.inject({ method: 'GET', url: '/config.json' })).json());

/** The owners' Market lab reads /config.json to decide whether to offer itself (docs/decisions/market-lab.md). */
describe('paper market controls on a paper server outside production', () => {
  const t = appForAllTests(() => buildTestApp({ venue: 'memory' }));

  it('says so in /config.json, and the controls answer', async () => {
    expect((await runtimeConfig(t)).paperMarketControls).toBe(true);
    const owner = await ownerOf(t, 'lab-owner@example.test');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/paper/products/SOL-USD/price',
      headers: owner.headers,
      payload: { price: '150.25' },
    });
    expect(response.statusCode).toBe(200);
    expect(ZPaperProductState.parse(response.json()).productId).toBe('SOL-USD');
  });

  it("refuses a price off the product's increment with the venue's reason, not a server error", async () => {
    const owner = await ownerOf(t, 'lab-increment@example.test');
    const press = (what: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/paper/products/SOL-USD/${what}`,
        headers: owner.headers,
        payload,
      });
    for (const [what, payload] of [
      ['price', { price: '150.255' }],
      ['script', { prices: ['150', '150.255'], stepMs: 1000 }],
    ] as const) {
      const response = await press(what, payload);
      expect(response.statusCode, what).toBe(400);
      expect(response.json()).toEqual({
        code: 'bad-request',
        message: 'The paper market refused it: price 150.255 must be positive and a multiple of 0.01.',
      });
    }
  });
});

describe('paper market controls in production', () => {
  const t = appForAllTests(() =>
    buildTestApp({
      venue: 'memory',
      env: { APP_ENV: 'production', EXCHANGE: 'paper', BILLING_PROVIDER: 'sandbox' },
    }),
  );

  it('are off in /config.json, as the routes are', async () => {
    expect((await runtimeConfig(t)).paperMarketControls).toBe(false);
    const owner = await ownerOf(t, 'lab-prod@example.test');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/paper/products/SOL-USD/status',
      headers: owner.headers,
      payload: { status: 'trading-disabled' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('paper-exchange-disabled');
  });
});
