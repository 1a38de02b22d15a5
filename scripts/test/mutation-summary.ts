// `npm run test:mutation`, after Stryker: each core module's mutation score from Stryker's JSON report,
// and the gate: exit 1 when a gated module (stryker.config.mjs, MODULES) scores below THRESHOLD or
// was not mutated at all. Pending modules are printed with their score when they were mutated
// (`MUTATE=all`), never enforced.
//   mutation-summary.ts [report.json] [--results <file>] [--stryker-exit <code>]
//   --results writes {suite, passed, failed, skipped} for scripts/test/summary.ts: one passed or failed
//   check per gated module; a non-zero --stryker-exit (Stryker itself failed) or --known-bugs-exit
//   (scripts/test/known-bugs.sh missed a change) counts one failure more each.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
// @ts-expect-error: plain JavaScript configuration, read for its module table
import { MODULES, THRESHOLD } from '../../stryker.config.mjs';

interface Module {
  name: string;
  files: string[];
  gated: boolean;
  pending?: string;
}
interface Mutant {
  status: string;
  mutatorName: string;
  statusReason?: string;
  location: { start: { line: number } };
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
}

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const resultsFile = option('--results');
const strykerExit = Number(option('--stryker-exit') ?? 0);
const knownBugsExit = Number(option('--known-bugs-exit') ?? 0);
const reportFile = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'reports/mutation/mutation.json';

if (!existsSync(reportFile)) {
  console.error(`No mutation report at ${reportFile}: run Stryker first (npm run test:mutation).`);
  if (resultsFile) writeFileSync(resultsFile, JSON.stringify({ suite: 'mutation', passed: 0, failed: 1, skipped: 0 }));
  process.exit(1);
}
const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
const normalize = (f: string) => f.replaceAll('\\', '/').replace(/^.*?(?=src\/)/, '');
const byFile = new Map(Object.entries(report.files).map(([f, v]) => [normalize(f), v.mutants]));

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

let passed = 0;
let failed = 0;
let skipped = 0;
const rows: string[][] = [['module', 'score', 'killed', 'survived', 'no cov', 'ignored', 'gate']];
for (const m of MODULES as Module[]) {
  const mutants = m.files.flatMap((f) => byFile.get(f) ?? []);
  const mutated = m.files.length > 0 && m.files.every((f) => byFile.has(f));
  const count = (pred: (s: string) => boolean) => mutants.filter((x) => pred(x.status)).length;
  const detected = count((s) => DETECTED.has(s));
  const undetected = count((s) => UNDETECTED.has(s));
  const score = detected + undetected === 0 ? (mutated ? 100 : NaN) : (100 * detected) / (detected + undetected);
  const scoreText = Number.isNaN(score) ? '-' : `${score.toFixed(2)}%`;
  let gate: string;
  if (!m.gated) {
    gate = `pending: ${m.pending ?? ''}`;
    skipped++;
  } else if (!mutated) {
    gate = 'FAIL (not mutated)';
    failed++;
  } else if (score < THRESHOLD) {
    gate = `FAIL (< ${THRESHOLD}%)`;
    failed++;
  } else {
    gate = 'ok';
    passed++;
  }
  rows.push([m.name, scoreText, String(detected), String(count((s) => s === 'Survived')), String(count((s) => s === 'NoCoverage')), String(count((s) => s === 'Ignored')), gate]);
}

const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
console.log(`\nMutation score per core module (gate: ${THRESHOLD}%)`);
for (const r of rows) console.log(r.map((c, i) => (i === 0 || i === r.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd());
console.log(`${passed} module(s) at or above ${THRESHOLD}%, ${failed} below or not mutated, ${skipped} pending`);
const ignored = [...byFile].flatMap(([f, ms]) => ms.filter((x) => x.status === 'Ignored').map((x) => ({ f, ...x })));
if (ignored.length > 0) {
  console.log('\nIgnored (disabled in the source as unable to change behaviour):');
  for (const x of ignored) console.log(`  ${x.f}:${x.location.start.line} ${x.mutatorName}: ${x.statusReason ?? ''}`);
}
if (knownBugsExit !== 0) {
  console.log('A change that once shipped unnoticed is not caught by the unit tests: see scripts/test/known-bugs.sh above.');
  failed++;
}
if (strykerExit !== 0) {
  console.log(`Stryker itself failed (exit ${strykerExit}): see its output above.`);
  failed++;
}
if (resultsFile) writeFileSync(resultsFile, JSON.stringify({ suite: 'mutation', passed, failed, skipped }));
process.exit(failed > 0 ? 1 : 0);
