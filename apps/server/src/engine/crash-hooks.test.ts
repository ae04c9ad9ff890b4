import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { crashHooks } from './crash-hooks.ts';

describe('the engine crash switch (ENGINE_CRASH_AT)', () => {
  it('is honoured only when APP_ENV=test', () => {
    expect(loadConfig({ APP_ENV: 'test', ENGINE_CRASH_AT: 'after-send' }).engineCrashAt).toBe('after-send');
    expect(
      loadConfig({ APP_ENV: 'development', ENGINE_CRASH_AT: 'after-send' }).engineCrashAt,
    ).toBeUndefined();
    expect(
      loadConfig({
        APP_ENV: 'production',
        MASTER_KEY: `${'A'.repeat(43)}=`,
        EXCHANGE: 'coinbase',
        BILLING_PROVIDER: 'sandbox',
        ENGINE_CRASH_AT: 'after-intent',
      }).engineCrashAt,
    ).toBeUndefined();
  });

  it('arms the hook of the configured point only, and nothing without one', () => {
    expect(Object.keys(crashHooks('after-intent'))).toEqual(['afterIntentWritten']);
    expect(Object.keys(crashHooks('after-send'))).toEqual(['afterOrderSent']);
    expect(crashHooks(undefined)).toEqual({});
  });
});
