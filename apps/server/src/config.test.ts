import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('runs on embedded defaults with no environment at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      appEnv: 'development',
      databaseUrl: undefined,
      auth: {
        provider: 'embedded',
        issuer: 'http://localhost:3000/oidc',
        audience: 'http://localhost:3000/api',
      },
      launchDeal: false,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ APP_ENV: 'prod' }, /^Invalid configuration: APP_ENV /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ LAUNCH_DEAL: 'yes' }, /^Invalid configuration: LAUNCH_DEAL /],
    [{ AUTH_DOMAIN: 'tenant.eu.auth0.com' }, /AUTH_CLIENT_ID and AUTH_AUDIENCE are required/],
  ])('stops on %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('takes Auth0 settings, with the issuer Auth0 writes into its tokens', () => {
    const config = loadConfig({
      AUTH_DOMAIN: 'tenant.eu.auth0.com',
      AUTH_CLIENT_ID: 'abc',
      AUTH_AUDIENCE: 'https://api.cdca.example',
    });
    expect(config.auth).toEqual({
      provider: 'auth0',
      issuer: 'https://tenant.eu.auth0.com/',
      clientId: 'abc',
      audience: 'https://api.cdca.example',
    });
  });

  it('reads the staging allow-list case-insensitively', () => {
    const config = loadConfig({ STAGING_ALLOWED_EMAILS: ' Ada@Example.test, bob@example.test ,' });
    expect([...config.stagingAllowedEmails]).toEqual(['ada@example.test', 'bob@example.test']);
  });
});

describe('exchange configuration', () => {
  it('defaults to the paper exchange with $10,000 and a key file for secrets', () => {
    const config = loadConfig({});
    expect(config.exchange).toEqual({
      kind: 'paper',
      coinbase: {
        apiUrl: 'https://api.coinbase.com',
        wsUrl: 'wss://advanced-trade-ws.coinbase.com',
        wsUserUrl: 'wss://advanced-trade-ws-user.coinbase.com',
      },
      paper: { seed: undefined, startingUsd: '10000', leaseMs: 15_000 },
      coinSyncSeconds: 60,
    });
    expect(config.masterKey).toBeUndefined();
  });

  it('takes Coinbase endpoints, a paper seed and a master key', () => {
    const masterKey = Buffer.alloc(32, 7).toString('base64');
    const config = loadConfig({
      EXCHANGE: 'coinbase',
      COINBASE_API_URL: 'http://127.0.0.1:4010',
      COINBASE_WS_URL: 'ws://127.0.0.1:4010/ws',
      COINBASE_WS_USER_URL: 'ws://127.0.0.1:4010/ws-user',
      PAPER_SEED: '42',
      PAPER_STARTING_USD: '2500.50',
      PAPER_LEASE_SECONDS: '5',
      MASTER_KEY: masterKey,
      COIN_SYNC_SECONDS: '15',
    });
    expect(config.exchange).toMatchObject({
      kind: 'coinbase',
      coinbase: { apiUrl: 'http://127.0.0.1:4010', wsUserUrl: 'ws://127.0.0.1:4010/ws-user' },
      paper: { seed: 42, startingUsd: '2500.50', leaseMs: 5_000 },
      coinSyncSeconds: 15,
    });
    expect(config.masterKey).toBe(masterKey);
  });

  it.each([
    [{ EXCHANGE: 'binance' }, /^Invalid configuration: EXCHANGE /],
    [{ PAPER_STARTING_USD: '-5' }, /^Invalid configuration: PAPER_STARTING_USD /],
    [{ PAPER_SEED: 'abc' }, /^Invalid configuration: PAPER_SEED /],
    [{ MASTER_KEY: 'c2hvcnQ=' }, /^Invalid configuration: MASTER_KEY must be 32 random bytes/],
    [{ COINBASE_API_URL: 'not a url' }, /^Invalid configuration: COINBASE_API_URL /],
    [{ APP_ENV: 'production' }, /MASTER_KEY is required when APP_ENV=production/],
  ])('stops on %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  describe('in production (docs/decisions/production-is-explicit.md)', () => {
    const production = { APP_ENV: 'production', MASTER_KEY: `${'A'.repeat(43)}=` };

    it('refuses to start on the paper exchange and sandbox billing it was not told to use', () => {
      expect(() => loadConfig(production)).toThrow(
        'Invalid configuration: EXCHANGE (paper or coinbase) and BILLING_PROVIDER (sandbox or btcpay) are required when APP_ENV=production',
      );
      expect(() => loadConfig({ ...production, EXCHANGE: 'coinbase' })).toThrow(
        /^Invalid configuration: BILLING_PROVIDER \(sandbox or btcpay\) is required when APP_ENV=production$/,
      );
      expect(() => loadConfig({ ...production, BILLING_PROVIDER: 'sandbox' })).toThrow(
        /^Invalid configuration: EXCHANGE \(paper or coinbase\) is required when APP_ENV=production$/,
      );
    });

    it('starts on the venue and billing provider it names, paper and sandbox included', () => {
      const config = loadConfig({ ...production, EXCHANGE: 'paper', BILLING_PROVIDER: 'sandbox' });
      expect(config.exchange.kind).toBe('paper');
      expect(config.billing.provider).toBe('sandbox');
    });

    it('keeps the paper and sandbox defaults outside production', () => {
      const config = loadConfig({ APP_ENV: 'staging' });
      expect(config.exchange.kind).toBe('paper');
      expect(config.billing.provider).toBe('sandbox');
    });
  });
});
