// Counts for `npm test` (scripts/test/all.sh): turns each suite's own report into
// {suite, passed, failed, skipped}, and prints the total as the run's last line,
// `<N> passed, <N> failed, <N> skipped`, exiting 1 when anything failed.
//   --vitest <vitest json report> <exit code> [suite name, default vitest]
//   --schemathesis <schemathesis output> <exit code>
//   --total <folder of suite results>
//   --failures <vitest json report>...: one line per failed test (file, name, first line of the
//     error), printed just above the total so that the run's tail names what failed
//   --contract-check <folder of the harness's counts> (test/support/contract-check.ts): one line,
//     how many answers the integration tests saw were validated against their version's document,
//     and how many webhook deliveries the test receivers got against their version's AsyncAPI document
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

interface Counts {
  suite: string;
  passed: number;
  failed: number;
  skipped: number;
}

/** A suite that exited non-zero must count at least one failure, whatever its report says. */
const atLeastOneFailure = (c: Counts, exitCode: number): Counts => (exitCode !== 0 && c.failed === 0 ? { ...c, failed: 1 } : c);

/** What this script reads of vitest's JSON report. */
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: { name: string; status?: string; message?: string; assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}
const vitestReport = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as VitestReport;

function vitest(file: string, exitCode: number, suite = 'vitest'): Counts {
  if (!existsSync(file)) return { suite, passed: 0, failed: 1, skipped: 0 };
  const r = vitestReport(file);
  return atLeastOneFailure({ suite, passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests }, exitCode);
}

/**
 * Schemathesis' "Test cases:" line: `<G> generated, <P> passed | <F> found <U> unique failures,
 * <E> errored, <S> skipped`. Cases with failures and errored cases fail; cases run without checks
 * are skipped; the rest passed.
 */
function schemathesis(file: string, exitCode: number): Counts {
  // eslint-disable-next-line no-control-regex
  const text = existsSync(file) ? readFileSync(file, 'utf8').replace(/\x1b\[[0-9;]*m/g, '') : '';
  const line = /Test cases:\s*\n\s*(.*)/.exec(text)?.[1] ?? '';
  const num = (re: RegExp) => Number(re.exec(line)?.[1] ?? 0);
  const generated = num(/(\d+) generated/);
  const failed = num(/(\d+) found \d+ unique failure/) + num(/(\d+) errored/);
  const skipped = num(/(\d+) skipped/);
  return atLeastOneFailure({ suite: 'schemathesis', passed: Math.max(0, generated - failed - skipped), failed, skipped }, exitCode);
}

/** Each failed test of vitest's reports, a line each: where it is, its name and why, in brief. */
function failures(files: string[]): void {
  const failed: string[] = [];
  for (const file of files.filter((f) => existsSync(f))) {
    for (const f of vitestReport(file).testResults ?? []) {
      const where = relative(process.cwd(), f.name);
      const tests = (f.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of tests) failed.push(`  ${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      // A file that failed before any of its tests ran (an import, a hook) has no test to name.
      if (tests.length === 0 && f.status === 'failed') failed.push(`  ${where}: ${firstLine(f.message)}`);
    }
  }
  if (failed.length) console.log(`failed tests:\n${failed.join('\n')}`);
}

const firstLine = (text: string | undefined): string => (text ?? '').split('\n').find((l) => l.trim())?.trim().slice(0, 300) ?? '';

function total(folder: string): never {
  const all = readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(folder, f), 'utf8')) as Counts);
  for (const c of all) console.log(`  ${c.suite}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
  const sum = (k: 'passed' | 'failed' | 'skipped') => all.reduce((n, c) => n + c[k], 0);
  const failed = sum('failed');
  console.log(`${sum('passed')} passed, ${failed} failed, ${sum('skipped')} skipped`);
  process.exit(failed > 0 || all.length === 0 ? 1 : 0);
}

/** The harness's counts, one file per test process: printed as one line, never a failure of its own. */
function contractCheck(folder: string): void {
  const all = existsSync(folder)
    ? readdirSync(folder)
        .filter((f) => f.endsWith('.json'))
        .map((f) => JSON.parse(readFileSync(join(folder, f), 'utf8')) as Partial<Record<'checked' | 'unchecked' | 'deliveries' | 'deliveriesUnchecked', number>>)
    : [];
  const sum = (k: 'checked' | 'unchecked' | 'deliveries' | 'deliveriesUnchecked') => all.reduce((n, c) => n + (c[k] ?? 0), 0);
  const unchecked = sum('unchecked');
  const deliveriesUnchecked = sum('deliveriesUnchecked');
  console.log(
    `contract check: ${sum('checked')} answers validated against their version's document${unchecked ? ` (${unchecked} in a version with no published document)` : ''}` +
      `, ${sum('deliveries')} webhook deliveries against their version's AsyncAPI document${deliveriesUnchecked ? ` (${deliveriesUnchecked} of an unknown type or version)` : ''}`,
  );
}

const [mode, path, code, name] = process.argv.slice(2);
if (mode === '--total' && path) total(path);
else if (mode === '--contract-check' && path) contractCheck(path);
else if (mode === '--failures') failures(process.argv.slice(3));
else if (mode === '--vitest' && path) console.log(JSON.stringify(vitest(path, Number(code ?? 1), name)));
else if (mode === '--schemathesis' && path) console.log(JSON.stringify(schemathesis(path, Number(code ?? 1))));
else {
  console.error('usage: summary.ts --vitest <file> <code> [suite] | --failures <vitest json>... | --schemathesis <file> <code> | --contract-check <folder> | --total <folder>');
  process.exit(2);
}
