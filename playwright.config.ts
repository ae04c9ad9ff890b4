import { defineConfig } from '@playwright/test';

/** Browser journeys in Debian's Chromium against the built app; each spec file runs its own server. */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/e2e',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 1,
  // An upper bound, not a timing assertion: journeys restart servers, which takes ~30 s on a busy machine.
  timeout: 180_000,
  // Also an upper bound: a check passes the moment it holds. With a second copy of the suite beside this one
  // (load ~20 on 2 cores) a just-restarted server took over 10 s to answer a page's first queries, and a sign-up's
  // redirects back to the app as long; 30 s holds them without slowing a passing run.
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
