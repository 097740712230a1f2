import { defineConfig } from 'vitest/config';

/** PROPERTY_RUNS=20 runs every property test 20 times deeper (test/support/properties.ts): its time grows alike. */
const deeper = Math.max(1, Math.trunc(Number(process.env.PROPERTY_RUNS ?? 1)) || 1);

/**
 * The server tests that measure time or load the machine on purpose (a CPU burner, timeouts, a 2-s exit, a database
 * stopped under the app): they run alone, after the others, so no neighbour's work decides whether they pass.
 */
const UNIT_ALONE = [
  'src/server/connections.test.ts',
  'src/server/slow-clients.test.ts',
  'src/server/shutdown.test.ts',
  'src/server/database-restart.test.ts',
  'src/server/mail/outbox.test.ts',
];

/**
 * The journeys that kill the app mid-move, hold its requests or measure the page as it draws: alone, after the
 * others, so a neighbour's load never decides whether they pass.
 */
const E2E_ALONE = [
  'test/e2e/crash-mid-move.test.ts',
  'test/e2e/crash-safety.test.ts',
  'test/e2e/cli-lock.test.ts',
  'test/e2e/busy-states.test.ts',
  'test/e2e/layout-shift.test.ts',
  'test/e2e/courier-first-paint.test.ts',
];

const e2e = {
  include: ['test/e2e/**/*.test.ts'],
  environment: 'node',
  globalSetup: ['test/e2e/global-setup.ts'],
  testTimeout: 90_000,
  hookTimeout: 120_000,
};

const unit = {
  environment: 'node',
  globalSetup: ['test/support/global-setup.ts'],
  // A test that logs an error or a warning it did not say it expects fails (test/support/console.ts).
  setupFiles: ['test/support/console.ts'],
  testTimeout: 60_000 * deeper,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // `npm run test:coverage`: the lines and branches of src/ the server and unit tests run (the e2e journeys run the
    // app in a process of its own, which this does not see).
    coverage: {
      provider: 'v8',
      include: ['src/**'],
      exclude: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: '.tmp/coverage',
      // A failed test still gets its coverage written (Vitest's default writes none after a failure).
      reportOnFailure: true,
    },
    projects: [
      {
        // Two files at a time: one alone left a third of the two cores idle (docs/CONTRIBUTING.md 'Test times').
        test: {
          ...unit,
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: UNIT_ALONE,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...unit,
          name: 'unit-alone',
          include: UNIT_ALONE,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Two journeys' files at a time, each with its own app, SMTP capture and Chromium on free ports.
        test: { ...e2e, name: 'e2e', exclude: E2E_ALONE, maxWorkers: 2, sequence: { groupOrder: 2 } },
      },
      {
        test: {
          ...e2e,
          name: 'e2e-alone',
          include: E2E_ALONE,
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
