import { randomBytes } from 'node:crypto';
import { type Config, loadConfig } from '../config.ts';

/** The configuration a test server runs with; override what the test is about. */
export const testConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: '/tmp/cdca-test',
    MASTER_KEY: randomBytes(32).toString('base64'),
    // Tests of the API run without a background worker; engine tests start their own.
    ENGINE: 'off',
    // Billing tests run the scheduler themselves, at the times they choose.
    BILLING_SCHEDULER: 'off',
    ...env,
  });
