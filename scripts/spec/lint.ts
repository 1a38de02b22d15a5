/**
 * Lints the hand-written specs (npm run lint:specs). Exits non-zero when either check fails.
 *
 * 1. specs/openapi.yaml with `redocly lint` (rules in redocly.yaml, reviewed exceptions in
 *    .redocly.lint-ignore.yaml at the repo root); it must exit 0.
 * 1b. generated/openapi-3.0.json (the 3.0 rendition npm run generate derives) and the published
 *    versions' 3.0 renditions (specs/published/*.openapi-3.0.json) with `redocly lint`, which reads
 *    them as OpenAPI 3.0: they must exit 0 too.
 * 2. specs/asyncapi.yaml with the @asyncapi/parser diagnostics (the parser's Spectral ruleset).
 *    Every diagnostic is printed; every one fails the check unless it is on ALLOWED_ASYNCAPI_DIAGNOSTICS.
 * 3. The documents of each older API version (generated/versions/<version>/, scripts/spec/version-documents.ts)
 *    as the current ones: openapi.json and its 3.0 rendition with `redocly lint` (one run for all of
 *    them), asyncapi.json with the parser and the same allow-list.
 * 5. The house rules (scripts/spec/house-rules.ts, Spectral's engine) on the bundled documents of every
 *    served version: generated/openapi.json and generated/asyncapi.json, and each older version's
 *    openapi.json and asyncapi.json. A violation the ruleset's EXCEPTIONS does not cover fails, and
 *    so does an exception that covers nothing any more.
 * 4. The growth rule (scripts/spec/growth.ts) on the bundled documents generated/openapi.json and
 *    generated/asyncapi.json: no `additionalProperties: false` in a schema only answers or event
 *    payloads use, and no enum marked `x-extensible-enum` closed in an answer or event payload.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Parser, fromFile, DiagnosticSeverity } from '@asyncapi/parser';
import { growthProblems } from './growth.js';
import { applyExceptions, houseViolations } from './house-lint.js';
import { EXCEPTIONS, type Exception } from './house-rules.js';
import { OLDER_VERSIONS, versionDocumentFile } from './version-documents.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OPENAPI = 'specs/openapi.yaml';
const OPENAPI_30 = 'generated/openapi-3.0.json';
const ASYNCAPI = 'specs/asyncapi.yaml';
const REDOCLY_CLI = path.join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

/**
 * The only tolerated AsyncAPI diagnostics, matched on code AND severity (the same code at a higher
 * severity fails).
 */
const ALLOWED_ASYNCAPI_DIAGNOSTICS: ReadonlyArray<{ code: string; severity: DiagnosticSeverity; why: string }> = [
  {
    // "The latest version of AsyncAPI is not used. It is recommended update to the "3.1.0" version."
    // Informational only. The project deliberately targets AsyncAPI 3.0 (the version it publishes
    // to integrators and generates code from); moving to 3.1 is a spec decision, not a lint fix.
    code: 'asyncapi-latest-version',
    severity: DiagnosticSeverity.Information,
    why: 'the project deliberately targets AsyncAPI 3.0',
  },
];

const SEVERITY_NAMES: Record<number, string> = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'info',
  [DiagnosticSeverity.Hint]: 'hint',
};

function redoclyLint(...files: string[]): Promise<boolean> {
  const file = files.join(' ');
  console.log(`== redocly lint ${file}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [REDOCLY_CLI, 'lint', ...files], {
      cwd: ROOT,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('close', (code) => {
      console.log(code === 0 ? `ok: ${file}\n` : `FAILED: redocly lint exited with ${code}\n`);
      resolve(code === 0);
    });
  });
}

async function asyncapiLint(file = ASYNCAPI): Promise<boolean> {
  console.log(`== @asyncapi/parser ${file}`);
  const parser = new Parser();
  // fromFile: relative $refs (./openapi.yaml#/...) resolve against the spec's own folder; a bundled
  // document (a version's, under generated/) has none and is parsed as it is served.
  const { document, diagnostics } = file.endsWith('.json')
    ? await parser.parse(readFileSync(path.resolve(ROOT, file), 'utf8'))
    : await fromFile(parser, path.resolve(ROOT, file)).parse();
  let failed = 0;
  for (const d of diagnostics) {
    const allowed = ALLOWED_ASYNCAPI_DIAGNOSTICS.find((a) => a.code === d.code && a.severity === d.severity);
    if (!allowed) failed++;
    const where = `${file}:${d.range.start.line + 1}:${d.range.start.character + 1}`;
    const pointer = `/${d.path.map(String).join('/')}`;
    const verdict = allowed ? `tolerated (${allowed.why})` : 'FAIL';
    console.log(`${where} ${SEVERITY_NAMES[d.severity] ?? d.severity} ${d.code}: ${d.message} [${pointer}] -> ${verdict}`);
  }
  if (!document) {
    console.log('FAILED: the document could not be parsed\n');
    return false;
  }
  console.log(failed ? `FAILED: ${failed} diagnostic(s) not on the allow-list\n` : `ok: ${file}\n`);
  return failed === 0;
}

function growthLint(): boolean {
  console.log('== growth rule generated/openapi.json generated/asyncapi.json (docs/api-versions.md, "What may grow")');
  const read = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as Parameters<typeof growthProblems>[0];
  const problems = growthProblems(read('generated/openapi.json'), read('generated/asyncapi.json'));
  for (const p of problems) console.log(`FAIL ${p}`);
  console.log(problems.length ? `FAILED: ${problems.length} schema(s) that close what may grow (run \`npm run generate\` after changing specs/)\n` : 'ok: growth rule\n');
  return problems.length === 0;
}

async function houseLint(files: string[]): Promise<boolean> {
  console.log(`== house rules (scripts/spec/house-rules.ts) ${files.join(' ')}`);
  const used = new Set<Exception>();
  let failed = 0;
  for (const file of files) {
    const violations = await houseViolations(JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')), file);
    const result = applyExceptions(violations, file);
    for (const e of result.used) used.add(e);
    for (const v of result.left) console.log(`${file} ${v.rule} ${v.path}: ${v.message}`);
    console.log(`${file}: ${violations.length - result.left.length} excepted, ${result.left.length} violation(s)`);
    failed += result.left.length;
  }
  const stale = EXCEPTIONS.filter((e) => !used.has(e));
  for (const e of stale) console.log(`FAIL stale exception: ${e.rule} ${e.path} covers nothing any more (remove it from scripts/spec/house-rules.ts)`);
  const ok = failed === 0 && stale.length === 0;
  console.log(ok ? 'ok: house rules\n' : `FAILED: ${failed} violation(s), ${stale.length} stale exception(s)\n`);
  return ok;
}

const published30 = readdirSync(path.join(ROOT, 'specs', 'published')).filter((f) => f.endsWith('.openapi-3.0.json')).map((f) => `specs/published/${f}`);
const versionOpenapi = OLDER_VERSIONS.flatMap((v) => [versionDocumentFile(v, 'openapi.json'), versionDocumentFile(v, 'openapi-3.0.json')].map((f) => `generated/${f}`));
const versionAsyncapi = OLDER_VERSIONS.map((v) => `generated/${versionDocumentFile(v, 'asyncapi.json')}`);
const results = [
  await redoclyLint(OPENAPI),
  await redoclyLint(OPENAPI_30),
  ...(await Promise.all(published30.map((f) => redoclyLint(f)))),
  await redoclyLint(...versionOpenapi),
  await asyncapiLint(),
  ...(await Promise.all(versionAsyncapi.map((f) => asyncapiLint(f)))),
  growthLint(),
  await houseLint(['generated/openapi.json', 'generated/asyncapi.json', ...OLDER_VERSIONS.flatMap((v) => ['openapi.json', 'asyncapi.json'].map((f) => `generated/${versionDocumentFile(v, f as 'openapi.json')}`))]),
];
if (results.includes(false)) {
  console.error('lint:specs failed');
  process.exit(1);
}
console.log('lint:specs passed');
