/**
 * Judges a Schemathesis run made as an integrator makes it (contract-tests/integrator.toml: the key,
 * nothing else of this project): it may report "schema-valid request rejected" (ST202) only for the
 * rules the OpenAPI document lists as the ones no schema can state (SCHEMA_LESS_RULES), on their
 * operations and with their error codes. Anything else it finds fails, except one error of
 * Schemathesis's own: a stateful scenario whose last request fills a path parameter from a link with
 * a value outside the parameter's schema (a `null` read from a list becomes the text "None"), which
 * it calls schema-valid though it is not (schemathesis/schemathesis#2983 is the same class).
 *
 *   node --import tsx contract-tests/integrator-check.ts <junit.xml> [<results.json>]
 *
 * Prints each finding, allowed or not, and writes the step's counts for `npm test` (one check per
 * operation tested). Exit 1 when a finding is not one of the listed rules, or the report is missing.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEMA_LESS_RULES } from './conformance/statements.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Finding {
  testcase: string;
  check: string;
  text: string;
}

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** The testcases of a Schemathesis JUnit report, and the failures and errors each holds. */
export function readJunit(xml: string): { testcases: string[]; findings: Finding[] } {
  const testcases: string[] = [];
  const findings: Finding[] = [];
  for (const m of xml.matchAll(/<testcase name="([^"]*)"[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const testcase = unescape(m[1]!);
    testcases.push(testcase);
    for (const f of (m[2] ?? '').matchAll(/<(failure|error)[^>]*?message="([^"]*)"[^>]*>([\s\S]*?)<\/\1>/g)) {
      // One element may hold several numbered cases (`1. Test Case ID: ...`, `2. ...`).
      for (const text of unescape(f[3]!).split(/\n(?=\d+\. Test Case ID:)/)) findings.push({ testcase, check: f[1] === 'error' ? 'error' : unescape(f[2]!), text });
    }
  }
  return { testcases, findings };
}

type Json = Record<string, unknown>;
const readDocument = (): Json => JSON.parse(readFileSync(path.join(ROOT, 'generated/openapi.json'), 'utf8')) as Json;

/** A path template's matcher for the paths of curl lines: each `{parameter}` one segment, captured. */
const templateMatcher = (template: string): RegExp =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '([^/?]+)')}(?:\\?|$)`);

/** The method and path of a stateful scenario's failing request: its last curl line. */
const lastRequest = (f: Finding): { method: string; path: string } | undefined => {
  const last = [...f.text.matchAll(/curl -X (\w+) .*?'?https?:\/\/[^/\s']+(\/[^\s']*)/g)].at(-1);
  return last && { method: last[1]!, path: last[2]! };
};

/** Each rule's operations as `METHOD /path`, with a matcher for the paths of curl lines (stateful findings). */
function ruleOperations(doc: Json = readDocument()): { label: string; path: RegExp; codes: string[] }[] {
  const out: { label: string; path: RegExp; codes: string[] }[] = [];
  for (const rule of SCHEMA_LESS_RULES) {
    for (const [template, item] of Object.entries(doc.paths as Record<string, Record<string, { operationId?: string }>>)) {
      for (const [method, op] of Object.entries(item)) {
        if (!op.operationId || !rule.operations.includes(op.operationId)) continue;
        out.push({ label: `${method.toUpperCase()} ${template}`, path: templateMatcher(template), codes: rule.code.split(', ') });
      }
    }
  }
  return out;
}

/** The path parameters of each operation with their patterns, to tell a request outside the schema. */
export function pathParameters(doc: Json = readDocument()): PathOperation[] {
  const resolve = (node: Json): Json => {
    let out = node;
    for (let i = 0; i < 10 && typeof out.$ref === 'string'; i++) {
      out = (out.$ref as string).slice(2).split('/').reduce<Json>((at, key) => at[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, doc);
    }
    return out;
  };
  const out: PathOperation[] = [];
  for (const [template, item] of Object.entries(doc.paths as Record<string, Json>)) {
    const shared = (item.parameters as Json[] | undefined) ?? [];
    for (const [method, op] of Object.entries(item)) {
      if (method === 'parameters' || typeof op !== 'object' || op === null) continue;
      const patterns = new Map<string, RegExp>();
      for (const p of [...shared, ...(((op as Json).parameters as Json[] | undefined) ?? [])].map(resolve)) {
        const pattern = p.schema ? resolve(p.schema as Json).pattern : undefined;
        if (p.in === 'path' && typeof pattern === 'string') patterns.set(p.name as string, new RegExp(pattern, 'u'));
      }
      const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      out.push({ method: method.toUpperCase(), matcher: templateMatcher(template), names, patterns });
    }
  }
  return out;
}

interface PathOperation {
  method: string;
  matcher: RegExp;
  names: string[];
  patterns: Map<string, RegExp>;
}

/**
 * Why a stateful finding's last request was not schema-valid, Schemathesis's claim notwithstanding:
 * a path parameter's value (taken from a link) outside its pattern. Undefined when it was valid.
 */
export function outsideSchema(f: Finding, operations: PathOperation[]): string | undefined {
  const last = f.testcase === 'Stateful tests' ? lastRequest(f) : undefined;
  if (!last) return undefined;
  for (const op of operations) {
    if (op.method !== last.method) continue;
    const values = op.matcher.exec(last.path);
    if (!values) continue;
    for (const [i, name] of op.names.entries()) {
      const value = decodeURIComponent(values[i + 1]!);
      const pattern = op.patterns.get(name);
      if (pattern && !pattern.test(value)) return `${last.method} ${last.path}: ${name} ${JSON.stringify(value)} is outside its parameter's pattern (a link's value)`;
    }
  }
  return undefined;
}

/** Why a finding is not one of the listed rules; undefined when it is. */
export function unexplained(f: Finding, rules: ReturnType<typeof ruleOperations>): string | undefined {
  if (f.check !== 'ST202') return `${f.check}: only "schema-valid request rejected" (ST202) is expected`;
  let candidates = rules.filter((r) => r.label === f.testcase);
  if (f.testcase === 'Stateful tests') {
    const last = lastRequest(f);
    candidates = last ? rules.filter((r) => r.label.startsWith(`${last.method} `) && r.path.test(last.path)) : [];
  }
  if (!candidates.length) return `${f.testcase}: no rule the document lists applies to this operation`;
  const code = /"code":"([a-z_]+)"/.exec(f.text)?.[1] ?? /"error":"([a-z_]+)"/.exec(f.text)?.[1];
  if (!code || !candidates.some((r) => r.codes.includes(code))) return `${f.testcase}: answered ${code ?? 'no error code'}, which no listed rule of this operation answers`;
  return undefined;
}

function main(junit: string | undefined, results: string | undefined): number {
  const write = (passed: number, failed: number) =>
    results && writeFileSync(results, `${JSON.stringify({ suite: 'schemathesis as an integrator', passed, failed, skipped: 0 })}\n`);
  if (!junit || !existsSync(junit)) {
    console.error(`integrator-check: no JUnit report at ${junit ?? '(none given)'}`);
    write(0, 1);
    return 1;
  }
  const { testcases, findings } = readJunit(readFileSync(junit, 'utf8'));
  const doc = readDocument();
  const rules = ruleOperations(doc);
  const operations = pathParameters(doc);
  const bad = new Set<string>();
  let outside = 0;
  for (const f of findings) {
    const invalid = outsideSchema(f, operations);
    if (invalid) {
      outside++;
      console.log(`not valid  ${f.testcase}: ${invalid}`);
      continue;
    }
    const why = unexplained(f, rules);
    console.log(`${why ? 'NOT LISTED' : 'listed    '} ${why ?? `${f.testcase}: ${/"code":"([a-z_]+)"/.exec(f.text)?.[1] ?? /"error":"([a-z_]+)"/.exec(f.text)?.[1]}`}`);
    if (why) bad.add(f.testcase);
  }
  if (!testcases.length) bad.add('(no operation tested)');
  const judged = bad.size ? `${bad.size} operation(s) with findings the document does not list` : 'each one a rule the document lists';
  console.log(`${testcases.length} operations fuzzed as an integrator; ${findings.length} findings${outside ? ` (${outside} of them a request outside the schema, not schema-valid as reported)` : ''}, ${judged}`);
  write(Math.max(0, testcases.length - bad.size), bad.size);
  return bad.size ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(main(process.argv[2], process.argv[3]));
}
