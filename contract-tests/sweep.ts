// An independent sweep of what the server holds after seeding (seed.ts): every GET list and retrieve
// operation of the document, read with keys pinned to each supported version, in live and test mode,
// each answer validated against the published document of that version by the harness's own check
// (test/support/contract-check.ts: status documented, required headers, body valid by Ajv 2020). The
// ids a retrieve needs come from what the lists (and other answers) returned.
//
// Run by contract-tests/run.sh after seeding: `node --import tsx contract-tests/sweep.ts`.
// Environment: CONTRACT_BASE_URL, CONTRACT_API_KEY, CONTRACT_TEST_API_KEY; CONTRACT_SWEEP_RESULTS (a
// file for the counts of `npm test`'s summary: passed, failed). Prints one line
// (`sweep: N answers ...`), each mismatch before it; exits 1 when any answer is outside its document.
import { readFileSync, writeFileSync } from 'node:fs';
import { CURRENT_VERSION, SUPPORTED_VERSIONS } from '../src/shared/versions.js';
import { checkAnswer, ContractMismatch, readAnswer } from '../test/support/contract-check.js';

type Json = Record<string, any>;

const BASE = process.env.CONTRACT_BASE_URL!;
const KEYS = { live: process.env.CONTRACT_API_KEY!, test: process.env.CONTRACT_TEST_API_KEY! };
const document = JSON.parse(readFileSync(new URL('../generated/openapi.json', import.meta.url), 'utf8')) as Json;
/** Ids handed to at most this many retrieves per operation, version and mode. */
const PER_OPERATION = 40;

/** Operations not read: the documents and pages the server serves about itself, and metrics. */
const SKIPPED = /^\/(openapi|asyncapi|docs|metrics)/;

const mismatches: string[] = [];
let answers = 0;

async function read(key: string, path: string): Promise<unknown> {
  const res = await fetch(BASE + path, { headers: { Authorization: `Bearer ${key}`, 'Accept-Encoding': 'identity' } });
  const { text, body } = await readAnswer(res);
  answers++;
  try {
    checkAnswer('GET', BASE + path, { status: res.status, headers: res.headers, text, body });
  } catch (err) {
    if (!(err instanceof ContractMismatch)) throw err;
    mismatches.push(err.message.split('\n')[0]!);
  }
  return body;
}

/** Every object with an id in an answer, by its `object` (`test_helpers.test_clock` as `test_clock`). */
function collect(value: unknown, ids: Map<string, Set<string>>): void {
  if (Array.isArray(value)) return value.forEach((v) => collect(v, ids));
  if (!value || typeof value !== 'object') return;
  const o = value as Json;
  if (typeof o.id === 'string' && typeof o.object === 'string') {
    const kind = o.object.split('.').at(-1) as string;
    if (!ids.has(kind)) ids.set(kind, new Set());
    ids.get(kind)!.add(o.id);
  }
  for (const v of Object.values(o)) collect(v, ids);
}

/** A key of the account pinned to `version`, in the mode of `key`. */
async function pinned(key: string, version: string): Promise<string> {
  const res = await fetch(`${BASE}/v1/api_keys`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `sweep ${version}`, scopes: document.components.schemas.Scope.enum, api_version: version }),
  });
  const body = (await res.json()) as Json;
  if (res.status !== 201) throw new Error(`creating a key pinned to ${version}: ${res.status} ${JSON.stringify(body)}`);
  return body.secret as string;
}

/** The operations with a `limit` (lists), read a page of 100. */
const paged = new Set(
  Object.entries(document.paths as Json)
    .filter(([, item]) => JSON.stringify((item as Json).get?.parameters ?? []).includes('#/components/parameters/Limit'))
    .map(([path]) => path),
);
const withLimit = (template: string, path: string): string => (paged.has(template) ? `${path}?limit=100` : path);

/** The GET paths of a version's document (a path a newer version renamed is read where that version has it). */
const operationsOf = (version: string): string[] => {
  const doc = version === CURRENT_VERSION ? document : (JSON.parse(readFileSync(new URL(`../generated/versions/${version}/openapi.json`, import.meta.url), 'utf8')) as Json);
  return (
    Object.entries(doc.paths as Json)
      .filter(([path, item]) => (item as Json).get && !SKIPPED.test(path))
      .map(([path]) => path)
      // Lists first (they find the ids the retrieves need), the deepest paths last.
      .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))
  );
};

const perVersion: string[] = [];
for (const version of SUPPORTED_VERSIONS) {
  for (const [mode, modeKey] of Object.entries(KEYS)) {
    const key = await pinned(modeKey, version);
    const before = answers;
    const ids = new Map<string, Set<string>>();
    for (const template of operationsOf(version)) {
      const params = template.match(/\{[^}]+\}/g) ?? [];
      if (!params.length) {
        collect(await read(key, withLimit(template, template)), ids);
        continue;
      }
      // Each parameter from the ids found of its kind (`order_id` from orders); a path whose ids
      // are not all known is read with the ones found for its first parameter only.
      const choices = params.map((p) => {
        const name = p.slice(1, -1);
        if (name === 'attachment_index') return ['0'];
        return [...(ids.get(name.replace(/_id$/, '')) ?? [])];
      });
      if (choices.some((c) => !c.length)) continue;
      const [first, ...rest] = choices;
      for (const id of first!.slice(0, PER_OPERATION)) {
        for (const combination of rest.length ? rest[0]!.slice(0, 3).map((r) => [id, r]) : [[id]]) {
          let path = template;
          params.forEach((p, i) => (path = path.replace(p, encodeURIComponent(combination[i] ?? ''))));
          collect(await read(key, withLimit(template, path)), ids);
        }
      }
    }
    perVersion.push(`${version} ${mode}: ${answers - before}`);
  }
}

for (const m of [...new Set(mismatches)]) process.stderr.write(`${m}\n`);
// For the summary of `npm test` (scripts/test/all.sh): one suite, an answer a test.
const results = process.env.CONTRACT_SWEEP_RESULTS;
if (results) writeFileSync(results, `${JSON.stringify({ suite: 'contract sweep (every GET, every version)', passed: answers - mismatches.length, failed: mismatches.length, skipped: 0 })}\n`);
process.stdout.write(`sweep: ${answers} answers (${perVersion.join(', ')}) validated against their version's document, ${mismatches.length} outside it\n`);
process.exit(mismatches.length ? 1 : 0);
