// The tests mutants run against (stryker.config.mjs): the fast unit tests only, no server (the
// embedded database where a module's behaviour is SQL: test/support/embedded-database.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    testTimeout: 10_000,
  },
});
