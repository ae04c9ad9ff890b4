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
