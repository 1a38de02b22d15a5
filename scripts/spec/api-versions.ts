/**
 * Published API versions and the breaking-change gate.
 *
 *   npm run check:breaking     compare the current OpenAPI document (generated/openapi.json) with the
 *                              published document of the newest published version; exit 1 on a
 *                              breaking change that no new version covers (see judge() in
 *                              scripts/spec/breaking-changes.ts). With a new (unpublished) version,
 *                              the base version's document as derived now (generated/versions/<base>/)
 *                              is compared with the one published for it too: it must break nothing.
 *                              A step of `npm test`.
 *   npm run publish:version    write specs/published/<current version>.openapi.json, the document
 *                              integrators of that version rely on from then on (never rewritten),
 *                              and <version>.openapi-3.0.json, its OpenAPI 3.0 rendition.
 *
 * The version registry is src/shared/versions.ts (newest first). Reviewed changes that the diff calls
 * breaking but that break no client are listed in specs/published/accepted-changes.yaml.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { VERSIONS } from '../../src/shared/versions.js';
import { openapi30 } from './openapi30.js';
import { acceptedReason, compareDocumentsWithValues, judge, type Accepted, type RegistryEntry } from './breaking-changes.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PUBLISHED = path.join(ROOT, 'specs', 'published');
const CURRENT_DOCUMENT = path.join(ROOT, 'generated', 'openapi.json');
const ACCEPTED = path.join(PUBLISHED, 'accepted-changes.yaml');

export const publishedFile = (version: string): string => path.join(PUBLISHED, `${version}.openapi.json`);
/** The OpenAPI 3.0 rendition of a published version's document, derived from it (openapi30()). */
export const published30File = (version: string): string => path.join(PUBLISHED, `${version}.openapi-3.0.json`);
export const rendition30 = (published31: string): string => `${JSON.stringify(openapi30(JSON.parse(published31) as never), null, 2)}\n`;

type JsonObject = { [key: string]: never };
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as JsonObject;

/** The registry as the gate sees it: each version and the resources its downgrade transforms. */
export const registry = (): RegistryEntry[] =>
  VERSIONS.map((v) => ({ version: v.version, downgrades: Object.keys((v as { downgrade?: object }).downgrade ?? {}) }));

interface AcceptedChange {
  /** The published version the change is compared against. */
  version: string;
  /** `<action> <JSON pointer>`, as the check prints it; `*` stands for one pointer segment, `**` for any. */
  change: string;
  /** With `*` or `**`: text the change's new value must hold (required, so a pattern names one change). */
  after?: string;
  reason: string;
}

function acceptedAgainst(base: string): Map<string, Accepted> {
  if (!existsSync(ACCEPTED)) return new Map();
  const list = (YAML.parse(readFileSync(ACCEPTED, 'utf8')) as { accepted?: AcceptedChange[] } | null)?.accepted ?? [];
  const where = path.relative(ROOT, ACCEPTED);
  for (const a of list) {
    if (!a.version || !a.change || !a.reason?.trim()) throw new Error(`${where}: every entry needs version, change and reason`);
    if (a.change.includes('*') && !a.after) throw new Error(`${where}: ${a.change} is a pattern, so it needs \`after\` (text its new value holds)`);
  }
  return new Map(list.filter((a) => a.version === base).map((a) => [a.change, a.after ? { reason: a.reason, after: a.after } : a.reason]));
}

/** The reviewed changes against the newest published version (what the gate accepts now). */
export function acceptedChanges(): Map<string, Accepted> {
  const base = registry().find((e) => existsSync(publishedFile(e.version)))?.version;
  return base ? acceptedAgainst(base) : new Map();
}

function check(): number {
  const started = performance.now();
  const entries = registry();
  const published = new Set(entries.map((e) => e.version).filter((v) => existsSync(publishedFile(v))));
  const base = entries.find((e) => published.has(e.version))?.version;
  const changes = base ? compareDocumentsWithValues(readJson(publishedFile(base)), readJson(CURRENT_DOCUMENT)) : [];
  const accepted = base ? acceptedAgainst(base) : new Map<string, Accepted>();
  // A new version: the base version's document as derived now, against the one published for it.
  const derived = base && base !== entries[0]?.version ? path.join(ROOT, 'generated', 'versions', base, 'openapi.json') : undefined;
  const baseRendered = derived && existsSync(derived) ? compareDocumentsWithValues(readJson(publishedFile(base!)), readJson(derived)) : undefined;
  const verdict = judge({ registry: entries, changes, base, accepted, baseRendered });
  for (const line of verdict.report) console.log(line);
  // The current version published: the version before it is still rendered as it was published.
  const previous = base === entries[0]?.version ? entries[1]?.version : undefined;
  let previousOk = true;
  if (previous && existsSync(publishedFile(previous))) {
    const previousAccepted = acceptedAgainst(previous);
    const rendered = compareDocumentsWithValues(readJson(publishedFile(previous)), readJson(path.join(ROOT, 'generated', 'versions', previous, 'openapi.json')));
    const broken = rendered.filter((c) => c.type === 'breaking' && acceptedReason(previousAccepted, c) === undefined);
    for (const c of broken) console.log(`  BREAKING for ${previous} as its document is derived now: ${c.operation ?? 'document'}: ${c.description}`, `\n      change: ${c.action} ${c.pointer}`);
    console.log(`${previous}'s document as derived now, against its published one: ${broken.length} breaking change(s)`);
    previousOk = broken.length === 0;
  }
  // An accepted change is in use while the current document or the base version's derived one reports it.
  const reported = [...verdict.breaking, ...(baseRendered ?? []).filter((c) => c.type === 'breaking')];
  const stale = [...accepted].filter(([id, entry]) => !reported.some((c) => acceptedReason(new Map([[id, entry]]), c) !== undefined)).map(([id]) => id);
  for (const id of stale) console.log(`  note: accepted change no longer reported, remove it from ${path.relative(ROOT, ACCEPTED)}: ${id}`);
  const ok = verdict.ok && previousOk;
  console.log(`${ok ? 'ok' : 'FAILED'}: breaking-change check (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return ok ? 0 : 1;
}

function publish(): number {
  const current = VERSIONS[0].version;
  const target = publishedFile(current);
  if (existsSync(target)) {
    console.error(`${path.relative(ROOT, target)} exists: a published document is never rewritten. Add a new version to src/shared/versions.ts first.`);
    return 1;
  }
  const doc = readJson(CURRENT_DOCUMENT) as { info?: { version?: string } };
  if (doc.info?.version !== current) {
    console.error(`generated/openapi.json describes ${doc.info?.version}, the registry's newest version is ${current}: update info.version in specs/openapi.yaml and run npm run generate`);
    return 1;
  }
  mkdirSync(PUBLISHED, { recursive: true });
  writeFileSync(target, readFileSync(CURRENT_DOCUMENT));
  writeFileSync(published30File(current), rendition30(readFileSync(CURRENT_DOCUMENT, 'utf8')));
  console.log(`published ${current}: ${path.relative(ROOT, target)} and its OpenAPI 3.0 rendition ${path.relative(ROOT, published30File(current))} (commit them)`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'check') process.exit(check());
  else if (command === 'publish') process.exit(publish());
  else {
    console.error('usage: api-versions.ts check | publish');
    process.exit(2);
  }
}
