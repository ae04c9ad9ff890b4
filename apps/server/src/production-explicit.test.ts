import { describe, expect, it } from 'vitest';
import { appForAllTests } from './testing/app-lifecycle.ts';
import { buildTestApp } from './testing/test-app.ts';
import { makeOwner, newTrader } from './testing/traders.ts';

const BTCPAY = {
  BILLING_PROVIDER: 'btcpay',
  BTCPAY_URL: 'https://btcpay.invalid',
  BTCPAY_STORE_ID: 'store',
  BTCPAY_API_KEY: 'key',
  BTCPAY_WEBHOOK_SECRET: 'a-webhook-secret-of-16+',
};

const MINT = { canView: true, canTrade: true, canTransfer: false };

/** An owner mints paper keys and moves a paper price: the two levers production must guard. */
const pressPaperLevers = async (t: Parameters<typeof newTrader>[0], email: string) => {
  const owner = await newTrader(t, email, 'pending-keys');
  await makeOwner(t, owner);
  const press = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: owner.headers, payload });
  return {
    keys: await press('/api/v1/paper/keys', MINT),
    price: await press('/api/v1/paper/products/BTC-USD/price', { price: '1' }),
  };
};

/** docs/decisions/production-is-explicit.md */
describe('production on Coinbase and BTCPay', () => {
  // The paper exchange is still what these tests trade on underneath: the routes must follow the configuration.
  const t = appForAllTests(() =>
    buildTestApp({ venue: 'persistent', env: { APP_ENV: 'production', EXCHANGE: 'coinbase', ...BTCPAY } }),
  );

  it('answers 404 paper-exchange-disabled for paper keys and the paper market controls', async () => {
    const { keys, price } = await pressPaperLevers(t, 'prod-paper@example.test');
    expect(keys.statusCode).toBe(404);
    expect(keys.json().code).toBe('paper-exchange-disabled');
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
    buildTestApp({
      venue: 'persistent',
      env: { APP_ENV: 'production', EXCHANGE: 'paper', BILLING_PROVIDER: 'sandbox' },
    }),
  );

  it('mints paper keys (the explicit choice) but keeps the market levers and the sandbox buttons off', async () => {
    const { keys, price } = await pressPaperLevers(t, 'prod-explicit@example.test');
    expect(keys.statusCode).toBe(200);
    expect(price.json().code).toBe('paper-exchange-disabled');
    const button = await t.app.inject({ method: 'POST', url: '/sandbox-pay/some-charge/pay' });
    expect(button.statusCode).toBe(404);
    expect(button.json().code).toBe('sandbox-billing-disabled');
  });
});
