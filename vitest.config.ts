import { defineConfig } from 'vitest/config';

const integration = ['apps/server/src/**/*.integration.test.ts'];

/**
 * One runner, four projects: pure unit tests, the server's integration tests once on SQLite and
 * once on PostgreSQL (same files, TEST_DB decides), and end-to-end tests in Chromium against one
 * server started by e2e/global-setup.ts and shared by every e2e file.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
        },
      },
      { test: { name: 'server-sqlite', include: integration, env: { TEST_DB: 'sqlite' }, testTimeout: 20_000, hookTimeout: 30_000 } },
      {
        test: {
          name: 'server-postgres',
          include: integration,
          env: { TEST_DB: 'postgres' },
          testTimeout: 20_000,
          // A test app makes its own schema and runs every migration in beforeAll.
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e-chromium',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
