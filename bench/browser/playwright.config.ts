import { defineConfig } from '@playwright/test';
import journeys from '../../playwright.config.ts';

/**
 * Benchmarks that need a person's browser (bench/browser/*.bench.ts): the journeys' Chromium and settings, its own
 * folder, so `npm test` never runs them. Run: npm run build && npx playwright test -c bench/browser
 */
export default defineConfig({
  ...journeys,
  testDir: '.',
  testMatch: '*.bench.ts',
  outputDir: '../../test-results/bench-browser',
  workers: 1,
  timeout: 900_000,
  // A trace records the page at every step: work in the browser that is the harness's, not the product's.
  use: { ...journeys.use, trace: 'off' },
});
