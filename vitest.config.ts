import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['apps/server/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          environment: 'node',
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
        },
      },
    ],
  },
});
