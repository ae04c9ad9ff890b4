import { randomBytes } from 'node:crypto';
import { type Config, loadConfig } from '../config.ts';

/**
 * One master key per test process: apps built on one shared database are like the processes of one deployment,
 * which all hold the same key (the identity secrets and exchange keys in the database are sealed with it).
 */
const TEST_MASTER_KEY = randomBytes(32).toString('base64');

/** The configuration a test server runs with; override what the test is about. */
export const testConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: '/tmp/cdca-test',
    MASTER_KEY: TEST_MASTER_KEY,
    // Tests of the API run without a background worker; engine tests start their own.
    ENGINE: 'off',
    // Billing tests run the scheduler themselves, at the times they choose.
    BILLING_SCHEDULER: 'off',
    // Daily report tests run the job themselves, on a clock they move.
    DAILY_REPORTS: 'off',
    // Named explicitly, as production requires: a test that sets APP_ENV=production still starts.
    EXCHANGE: 'paper',
    BILLING_PROVIDER: 'sandbox',
    // Every test signs up and in from 127.0.0.1: the per-address limits would trip across a file's tests. Tests of
    // the throttles set their own low values (the per-e-mail limits stay at their defaults).
    SIGN_UPS_PER_IP_PER_HOUR: '100000',
    SIGN_IN_IP_FAILURES_PER_DAY: '100000',
    ...env,
  });
