import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'contract-tests/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', 'junit', 'json'],
    outputFile: { junit: 'reports/vitest-junit.xml', json: 'reports/vitest.json' },
  },
});
