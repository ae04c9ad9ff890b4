import { describe, expect, it } from 'vitest';
import { appForAllTests } from '../testing/app-lifecycle.ts';
import { makeOwner, newTrader } from '../testing/traders.ts';
import { createExchangeTestApp } from './testing/exchange-test-app.ts';

const BTCPAY = {
  BILLING_PROVIDER: 'btcpay',
  BTCPAY_URL: 'https://btcpay.invalid',
  BTCPAY_STORE_ID: 'store',
  BTCPAY_API_KEY: 'key',
  BTCPAY_WEBHOOK_SECRET: 'a-webhook-secret-of-16+',
};

const MINT = { canView: true, canTrade: true, canTransfer: false };

/** docs/decisions/production-is-explicit.md */
describe('production on Coinbase and BTCPay', () => {
  // The paper exchange is still what these tests trade on underneath: the routes must follow the configuration.
  const t = appForAllTests(() =>
    createExchangeTestApp({ APP_ENV: 'production', EXCHANGE: 'coinbase', ...BTCPAY }),
  );

  it('answers 404 paper-exchange-disabled for paper keys and the paper market controls', async () => {
    const owner = await newTrader(t, 'prod-paper@example.test', 'pending-keys');
    await makeOwner(t, owner);
    const keys = await t.app.inject({
      method: 'POST',
      url: '/api/v1/paper/keys',
      headers: owner.headers,
      payload: MINT,
    });
    expect(keys.statusCode).toBe(404);
    expect(keys.json().code).toBe('paper-exchange-disabled');
    const price = await t.app.inject({
      method: 'POST',
      url: '/api/v1/paper/products/BTC-USD/price',
      headers: owner.headers,
      payload: { price: '1' },
    });
    expect(price.statusCode).toBe(404);
    expect(price.json().code).toBe('paper-exchange-disabled');
  });

  it('answers 404 sandbox-billing-disabled at the sandbox charge addresses', async () => {
    for (const [method, url] of [
      ['GET', '/sandbox-pay/some-charge?t=1.abc'],
      ['POST', '/sandbox-pay/some-charge/pay'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('sandbox-billing-disabled');
    }
  });
});

describe('production that chose paper and sandbox explicitly', () => {
  const t = appForAllTests(() =>
    createExchangeTestApp({ APP_ENV: 'production', EXCHANGE: 'paper', BILLING_PROVIDER: 'sandbox' }),
  );

  it('mints paper keys (the explicit choice) but keeps the market levers and the sandbox buttons off', async () => {
    const owner = await newTrader(t, 'prod-explicit@example.test', 'pending-keys');
    await makeOwner(t, owner);
    const keys = await t.app.inject({
      method: 'POST',
      url: '/api/v1/paper/keys',
      headers: owner.headers,
      payload: MINT,
    });
    expect(keys.statusCode).toBe(200);
    const price = await t.app.inject({
      method: 'POST',
      url: '/api/v1/paper/products/BTC-USD/price',
      headers: owner.headers,
      payload: { price: '1' },
    });
    expect(price.json().code).toBe('paper-exchange-disabled');
    const button = await t.app.inject({ method: 'POST', url: '/sandbox-pay/some-charge/pay' });
    expect(button.statusCode).toBe(404);
    expect(button.json().code).toBe('sandbox-billing-disabled');
  });
});
