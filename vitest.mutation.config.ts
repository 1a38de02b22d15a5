// The tests mutants run against (stryker.config.mjs): the fast unit tests only, no server, no database.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    testTimeout: 10_000,
  },
});
