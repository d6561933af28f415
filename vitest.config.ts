import { defineConfig } from 'vitest/config';

// Three levels in one run: unit tests beside the code, API integration tests (app.inject on PGlite,
// or PostgreSQL when DATABASE_URL is set), and browser tests against the built app.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'api-unit',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.int.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file builds its own app on its own database and closes it; modules hold no state between files,
          // so a worker loads them once (a third of the suite's time was module loading, once per file).
          isolate: false,
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          globalSetup: ['support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // On CI a failed browser test is tried once more (as Playwright's runner does): two order-dependent
          // failures seen on fresh-clone runs (the tests list phone test, fixed; assignment's removal toast and
          // the phone drawer's navigation, not reproduced alone) must not sink a run. Local runs never retry.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
