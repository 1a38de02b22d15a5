import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'contract-tests/**/*.test.ts'],
    pool: 'forks',
    // Two test files at a time: most of a file's time is spent waiting (on PostgreSQL, a child process,
    // a browser), so on two cores the suite takes about two thirds of the time one at a time takes.
    // Each file has a database of its own, so files never see each other's rows.
    maxWorkers: 2,
    // A guard against a hang, not a speed target: a test that spawns processes or a browser can take tens of
    // seconds beside another file on two cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', 'junit', 'json'],
    outputFile: { junit: 'reports/vitest-junit.xml', json: 'reports/vitest.json' },
  },
});
