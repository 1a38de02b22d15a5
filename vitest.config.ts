import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (each spawns servers, waits out leases or drives a browser), longest
 * first, as measured on two cores. Started first, they run beside the many short files instead of
 * alone at the end: on a fresh clone (no timing cache) vitest would order by file size, and a long
 * file started last decides when the run ends.
 */
const LONGEST_FIRST = [
  'test/worker-crash.test.ts',
  'test/browser/dashboard.test.ts',
  'test/process.test.ts',
  'test/spec.test.ts',
  'test/clients/clients.test.ts',
  'test/production-install.test.ts',
  'test/guides.test.ts',
  'test/receiver-python.test.ts',
  'test/users.test.ts',
  'test/rate-limit.test.ts',
  'test/webhooks.test.ts',
  'test/hostile-input.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((p) => f.moduleId.endsWith(p));
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    return sorted.map((f, i) => ({ f, i, r: rank(f) })).sort((a, b) => a.r - b.r || a.i - b.i).map(({ f }) => f);
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'contract-tests/**/*.test.ts'],
    pool: 'forks',
    // Three test files at a time on two cores: much of a file's time is spent waiting (on leases running
    // out, a child process starting, a browser), and a third file fills that time (two files at a time
    // kept the cores busy about 1.56 of 2). Each file has a database of its own, so files never see
    // each other's rows.
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
    // A guard against a hang, not a speed target: a test that spawns processes or a browser can take tens of
    // seconds beside another file on two cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // `expect.poll` waits for what a page or a worker shows eventually: a page in a real browser (a
    // sign-in hashes with scrypt, Redoc renders an operation) takes seconds beside two other files on two
    // cores, not the 1 s vitest waits by default. Passing tests never wait it out.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default', 'junit', 'json'],
    outputFile: { junit: 'reports/vitest-junit.xml', json: 'reports/vitest.json' },
  },
});
