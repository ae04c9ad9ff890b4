import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker; the server files are independent (each has its own database), so
    // both cores run files at once.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          include: [
            'apps/server/src/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'apps/web/scripts/**/*.test.ts',
          ],
          environment: 'node',
          // One process per worker runs its share of the files, instead of a fresh process per file: each file had
          // paid Node's start, its imports and PGlite's WebAssembly compile (~4 s of CPU) before its first test.
          // Safe because every server test builds its own app on its own database (the migrated PGlite template is
          // shared on purpose); a file that needs fresh module state must not rely on it
          // (docs/decisions/test-suite.md). The web project stays isolated: its modules keep page-wide state.
          isolate: false,
          // Upper bounds only, never timing assertions: generous so the suite passes on a busy machine or beside a
          // second copy of itself (a fresh PGlite database with the paper market takes ~10 s quiet, ~70 s at load 20).
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/testing/setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
