// Mutation testing (StrykerJS, vitest runner): `npm run test:mutation`. See CONTRIBUTING.md, "Mutation testing".
// The core modules and their files. A gated module fails the run when its score is below
// THRESHOLD (scripts/test/mutation-summary.ts prints each module's score and enforces it). A pending
// module is listed with why it is not gated yet; `MUTATE=all npm run test:mutation` mutates it too
// (its score is printed, never enforced).
// The mutants run against the fast unit tests only (vitest.mutation.config.ts: test/unit/, no
// server; SQL on the embedded database started from a migrated dump), so each module needs unit tests
// of its own there.

export const THRESHOLD = 90;

export const MODULES = [
  { name: 'webhooks: signer', files: ['src/webhooks/signer.ts'], gated: true },
  { name: 'webhooks: retry schedule', files: ['src/webhooks/schedule.ts'], gated: true },
  { name: 'orders: state machine', files: ['src/orders/orders.state.ts', 'src/shared/state-machine.ts'], gated: true },
  { name: 'orders: VIN check', files: ['src/orders/vin.ts'], gated: true },
  { name: 'carriers: vetting checks', files: ['src/carriers/registry/checks.ts'], gated: true },
  { name: 'carriers: lifecycle', files: ['src/carriers/carriers.state.ts'], gated: true },
  { name: 'carriers: compliance scan', files: ['src/carriers/compliance.rules.ts'], gated: true },
  { name: 'http: API versions', files: ['src/shared/versions.ts'], gated: true },
  { name: 'http: errors', files: ['src/shared/errors.ts'], gated: true },
  { name: 'http: the grant rule', files: ['src/shared/grants.ts'], gated: true },
  { name: 'http: idempotency', files: ['src/http/idempotency.rules.ts'], gated: true },
  { name: 'http: authentication', files: ['src/http/authenticate.rules.ts'], gated: true },
  { name: 'webhooks: transport', files: ['src/webhooks/transport.ts'], gated: true },
  { name: 'webhooks: emitter', files: ['src/webhooks/emitter.ts'], gated: true },
  { name: 'http: rate limit', files: ['src/http/rate-limit.ts', 'src/http/rate-limit.step.ts'], gated: true },
  { name: 'accounting: postings, totals, payments', files: ['src/accounting/accounting.rules.ts', 'src/accounting/invoices.state.ts'], gated: true },
  { name: 'webhooks: delivery worker', files: ['src/webhooks/worker.ts', 'src/webhooks/worker.claim.ts', 'src/webhooks/worker.window.ts', 'src/webhooks/worker.send.ts', 'src/webhooks/worker.record.ts', 'src/webhooks/worker.housekeeping.ts'], gated: true },
  { name: 'mail: retry schedule', files: ['src/mail/schedule.ts'], gated: true },
];

const all = process.env.MUTATE === 'all';
const selected = MODULES.filter((m) => m.gated || all);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: selected.flatMap((m) => m.files),
  // Each mutant runs only the tests that reached it (static mutants, such as a table's value, run them all).
  coverageAnalysis: 'perTest',
  // The machine is shared: two test processes at most.
  concurrency: 2,
  // Only mutants whose code or tests changed since the committed result are run again.
  incremental: true,
  // A run reads and writes a working copy (scripts/test/mutation.sh copies the committed record there
  // first), so `npm test` leaves the checkout as it found it; `npm run test:mutation -- --record`
  // writes the result back to the committed record.
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  // No mutator is excluded. A mutant that cannot change behaviour is disabled where it is, with its
  // reason (`// Stryker disable next-line <Mutator>: <reason>`), and every run prints them all
  // (scripts/test/mutation-summary.ts, "ignored"). Today:
  // - src/webhooks/signer.ts, the default of a header part's value: any default that is neither digits
  //   nor 64 hex digits is refused by the patterns that follow (StringLiteral).
  // - src/shared/errors.ts, 'invalid_client' among the OAuth codes answered as they are: its status,
  //   401, derives the same code (StringLiteral).
  // - src/carriers/registry/checks.ts, each rule's `requirement`: documentation, read by no code
  //   (StringLiteral, four lines).
  // - src/webhooks/transport.ts, the codes of an aggregate's errors: an invented entry carries no code
  //   and matches no category (ArrayDeclaration); the deadline's timer unref'd and cleared as the
  //   delivery ends (CallExpression, two lines): a timer firing after its delivery ended aborts
  //   nothing, and an unref'd one keeps no exiting process alive.
  // - src/webhooks/emitter.ts, `em.persist` after `em.create`, which already persists (CallExpression);
  //   the per-version payload cache of `emitEvent`: rendering again gives the same payload
  //   (ConditionalExpression, CallExpression).
  // - src/http/rate-limit.ts: the cookie header's default (StringLiteral).
  // - src/webhooks/worker*.ts (the delivery worker, a file per phase): the summaries' sort (`<=`,
  //   `>=`: their ids are a Map's keys, never equal; EqualityOperator); `succeeded`'s null check (a null status is not >= 200 either;
  //   ConditionalExpression); a claim of limit 0 and a claim of no rows (nothing either way, one query
  //   more or less; EqualityOperator, ConditionalExpression); the open-breaker filter before taking
  //   probes (the statement takes only open breakers' probes; MethodExpression); the
  //   guard before warning of lost leases (the loop warns only of ids not recorded;
  //   ConditionalExpression, EqualityOperator).
  // - src/shared/versions.ts: the walk's guard that skips plain values (walked, each is returned as it
  //   was; ConditionalExpression, LogicalOperator) and the early return for the current version
  //   (walked with no downgrade, the body comes back as it was, uncopied; EqualityOperator).
  mutator: {
    excludedMutations: [],
  },
  thresholds: { high: 95, low: THRESHOLD, break: all ? null : THRESHOLD },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportTests: false, reportMutants: true, reportScoreTable: true },
  // test/clients and packages/webhooks-python hold Python venvs (symlinked folders the sandbox copy cannot
  // take); the receiver packages are tested by their own files, not mutated.
  ignorePatterns: ['dashboard', 'docs', 'contract-tests', 'test/clients', 'packages', 'reports', 'data', 'dist', 'build', '.schemathesis'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  timeoutMS: 10_000,
};
