import { defineConfig } from 'vitest/config';

/** PROPERTY_RUNS=20 runs every property test 20 times deeper (test/support/properties.ts): its time grows alike. */
const deeper = Math.max(1, Math.trunc(Number(process.env.PROPERTY_RUNS ?? 1)) || 1);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
          globalSetup: ['test/support/global-setup.ts'],
          // A test that logs an error or a warning it did not say it expects fails (test/support/console.ts).
          setupFiles: ['test/support/console.ts'],
          testTimeout: 60_000 * deeper,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
