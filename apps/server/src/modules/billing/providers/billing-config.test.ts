import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';

const base = { DATA_DIR: '/tmp/cdca-billing-config' };

describe('billing configuration', () => {
  it('defaults to the sandbox, a 0.0005 usage fee rate, a $100 allowance and a running scheduler', () => {
    expect(loadConfig(base).billing).toEqual({
      provider: 'sandbox',
      btcpay: undefined,
      usageFeeRate: '0.0005',
      freeProfitAllowance: '100',
      academyReferralCode: 'ACADEMY',
      chargeMinutes: 60,
      schedulerEnabled: true,
      tickSeconds: 60,
    });
  });

  it('names the missing BTCPay setting', () => {
    const btcpay = {
      ...base,
      BILLING_PROVIDER: 'btcpay',
      BTCPAY_URL: 'https://btcpay.example.com/',
      BTCPAY_STORE_ID: 'store',
      BTCPAY_API_KEY: 'key',
      BTCPAY_WEBHOOK_SECRET: 'a-secret-of-16-chars',
    };
    expect(loadConfig(btcpay).billing.btcpay).toEqual({
      url: 'https://btcpay.example.com',
      storeId: 'store',
      apiKey: 'key',
      webhookSecret: 'a-secret-of-16-chars',
    });
    for (const missing of ['BTCPAY_URL', 'BTCPAY_STORE_ID', 'BTCPAY_API_KEY', 'BTCPAY_WEBHOOK_SECRET']) {
      expect(() => loadConfig({ ...btcpay, [missing]: '' })).toThrow(
        `${missing} is required with BILLING_PROVIDER=btcpay`,
      );
    }
  });

  it.each([
    ['USAGE_FEE_RATE', '1.5'],
    ['USAGE_FEE_RATE', '5%'],
    ['FREE_PROFIT_ALLOWANCE', '-1'],
    ['BILLING_PROVIDER', 'coinbase'],
    ['BTCPAY_WEBHOOK_SECRET', 'short'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(name));
  });
});
