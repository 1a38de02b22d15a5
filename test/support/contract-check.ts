// Every answer the integration tests see, checked against the published OpenAPI document of the
// version that served it (its `Service-Version`): the current version against generated/openapi.json,
// an older one against generated/versions/<version>/openapi.json (what `/openapi.json?version=`
// serves). The status must be documented for the operation (or `default`), the headers the document
// marks required must be there, and a JSON body must be valid against the response's schema (Ajv
// 2020, the schema taken by `$ref` into the whole document). `CONTRACT_CHECK=off` turns the check off
// for a debugging run;
// `CONTRACT_CHECK=warn` prints each mismatch once (and counts it) instead of failing the test.
// Each process writes how many answers it checked to reports/contract-check/ (scripts/test/all.sh sums them).
//
// Every webhook delivery a test receiver (test/support/receiver.ts) gets is checked the same way
// (`checkDelivery`): the body, an event envelope, against the AsyncAPI message payload schema of its
// `type` in the document of its `api_version` (generated/asyncapi.json for the current version,
// generated/versions/<version>/asyncapi.json for an older one), counted as `deliveries`.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { CURRENT_VERSION } from '../../src/shared/versions.js';
import { versionDocumentFile } from '../../scripts/spec/version-documents.js';

type Json = Record<string, any>;

const root = fileURLToPath(new URL('../../', import.meta.url));
const REPORT_DIR = `${root}reports/contract-check`;
const REPORT_FILE = `${REPORT_DIR}/${process.pid}-${randomUUID().slice(0, 8)}.json`;

export const contractCheckEnabled = (): boolean => process.env.CONTRACT_CHECK !== 'off';
const warnOnly = (): boolean => process.env.CONTRACT_CHECK === 'warn';

/**
 * Answers the check lets through although they do not match their version's document, each with the
 * reason (operationId, the status as a string or `*` for any, the version or `*` for any).
 */
export const TOLERATED: readonly { operationId: string; status: string; version: string; reason: string }[] = [
  {
    operationId: '*',
    status: '431',
    version: '*',
    reason: "Node's HTTP parser refuses request headers over 16 KiB itself, with an empty body, before the application (and its headers) sees the request.",
  },
];

/**
 * The document as a response validator reads it: an enum marked `x-extensible-enum` is open in an
 * answer ("ignore types you do not know": a value added later is no break), so its `enum` is left out.
 */
function forAnswers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(forAnswers);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value as Json)) {
    if (k === 'enum' && (value as Json)['x-extensible-enum'] === true) continue;
    out[k] = forAnswers(v);
  }
  return out;
}

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  literal: number;
  operationId: string;
  /** The JSON pointer of the operation in the document. */
  pointer: string;
  operation: Json;
}

interface VersionDocument {
  version: string;
  id: string;
  document: Json;
  routes: Route[];
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
}

const documents = new Map<string, VersionDocument | null>();

const escapePointer = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The OpenAPI document of a version as the server serves it (`/openapi.json?version=`):
 * generated/openapi.json, or generated/versions/<version>/openapi.json. (specs/published/ keeps what
 * was published when each version was released, the baseline of `npm run check:breaking`; the
 * documents served now are those, grown as "What may grow" allows.)
 */
function documentFile(version: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(version) ? `${root}generated/${versionDocumentFile(version, 'openapi.json')}` : '';
}

/** An Ajv (2020, formats validated) holding the whole document, as answers read it, under `id`. */
function validatorFor(document: Json, id: string): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema(forAnswers(document) as Json, id);
  return ajv;
}

/** The first error Ajv found, as a mismatch names it: the instance path, the message, the params. */
function firstError(validate: ValidateFunction): string {
  const e = validate.errors?.[0];
  return `${e?.instancePath || '(root)'} ${e?.message ?? 'is not valid'}${e?.params ? ` ${JSON.stringify(e.params)}` : ''}`;
}

function loadDocument(version: string): VersionDocument | null {
  if (documents.has(version)) return documents.get(version)!;
  const file = documentFile(version);
  const loaded = file && existsSync(file) ? answerDocument(version, JSON.parse(readFileSync(file, 'utf8')) as Json) : null;
  documents.set(version, loaded);
  return loaded;
}

/** The routes and the validator of one OpenAPI document, under a name (a version, or a release a test makes). */
function answerDocument(version: string, document: Json): VersionDocument {
  const id = `https://contract-check.invalid/${encodeURIComponent(version)}/openapi.json`;
  const ajv = validatorFor(document, id);
  const routes: Route[] = [];
  for (const [template, item] of Object.entries(document.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      if (!operation || typeof operation !== 'object' || !(operation as Json).responses) continue;
      const source = template
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
        .join('');
      routes.push({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${source}$`),
        literal: template.replace(/\{[^}]+\}/g, '').length,
        operationId: (operation as Json).operationId ?? `${method.toUpperCase()} ${template}`,
        pointer: `/paths/${escapePointer(template)}/${method}`,
        operation: operation as Json,
      });
    }
  }
  // A literal segment wins over a parameter (`/v1/sessions/current` before `/v1/sessions/{id}`).
  routes.sort((a, b) => b.literal - a.literal);
  return { version, id, document, routes, ajv, validators: new Map() };
}

/**
 * Makes `name` stand for these documents (`checkAnswer(..., { document: name })`,
 * `checkDelivery(text, { document: name })`): a release a test builds, such as the next additive one.
 */
export function registerDocuments(name: string, openapi: Json, asyncapi: Json): void {
  documents.set(name, answerDocument(name, openapi));
  eventDocuments.set(name, eventDocument(name, asyncapi));
}

/** The object a local `$ref` names, and its pointer; anything else as it is. */
function resolve(doc: VersionDocument, value: Json, pointer: string): { value: Json; pointer: string } {
  let current = value;
  let at = pointer;
  for (let depth = 0; current && typeof current.$ref === 'string' && depth < 20; depth++) {
    const ref = current.$ref as string;
    if (!ref.startsWith('#/')) break;
    at = ref.slice(1);
    current = ref
      .slice(2)
      .split('/')
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Json>((node, key) => node?.[key], doc.document);
  }
  return { value: current, pointer: at };
}

const counts = { checked: 0, unchecked: 0, mismatched: 0, deliveries: 0, deliveriesUnchecked: 0, deliveriesMismatched: 0 };
const warned = new Set<string>();
let dirty = false;

/** Writes this process's counts (on a harness's close and at exit). */
export function writeContractCheckCounts(): void {
  if (!dirty) return;
  try {
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(REPORT_FILE, `${JSON.stringify(counts)}\n`);
    dirty = false;
  } catch {
    /* a report that cannot be written fails no test */
  }
}
process.on('exit', writeContractCheckCounts);

const trim = (text: string, max = 600): string => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

export class ContractMismatch extends Error {
  override name = 'ContractMismatch';
}

/**
 * Checks one answer. Throws a ContractMismatch naming the operation, the version, the status and
 * the first problem; returns quietly for an answer outside the document (a path or method it does
 * not have) or in a version without a published document.
 */
export function checkAnswer(
  method: string,
  url: string,
  answer: { status: number; headers: Headers; text: string; body: unknown },
  options: { document?: string } = {},
): void {
  if (!contractCheckEnabled()) return;
  const version = options.document ?? answer.headers.get('service-version') ?? CURRENT_VERSION;
  const path = new URL(url).pathname;
  const current = loadDocument(CURRENT_VERSION);
  // A path the current document does not have (the dashboard, a typo a test sends on purpose) is
  // not the API's: nothing to check.
  if (!current?.routes.some((r) => r.pattern.test(path))) return;
  const doc = loadDocument(version);
  if (!doc) {
    counts.unchecked++;
    dirty = true;
    return;
  }
  const route = doc.routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(path));
  // A method the path does not have (405), or an operation newer than the version's document.
  if (!route) return;
  counts.checked++;
  dirty = true;
  const status = String(answer.status);
  const tolerated = TOLERATED.some((t) => (t.operationId === '*' || t.operationId === route.operationId) && (t.status === '*' || t.status === status) && (t.version === '*' || t.version === version));
  const fail = (problem: string): void => {
    if (tolerated) return;
    const message = `contract check: ${route.operationId} (${method.toUpperCase()} ${route.template}) in version ${version} answered ${status}: ${problem}`;
    if (!warnOnly()) throw new ContractMismatch(`${message}\nbody: ${trim(answer.text)}`);
    counts.mismatched++;
    const once = message.replace(/\/\d+(?=\/|\s)/g, '/n');
    if (!warned.has(once)) {
      warned.add(once);
      process.stderr.write(`${message}\nbody: ${trim(answer.text, 300)}\n`);
    }
  };
  const responses = route.operation.responses as Json;
  const key = status in responses ? status : `${status[0]}XX` in responses ? `${status[0]}XX` : 'default' in responses ? 'default' : undefined;
  if (!key) return fail(`status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`);
  const response = resolve(doc, responses[key] as Json, `${route.pointer}/responses/${escapePointer(key)}`);
  for (const [name, header] of Object.entries((response.value.headers ?? {}) as Json)) {
    const h = resolve(doc, header as Json, '').value;
    if (h?.required && answer.headers.get(name) === null) return fail(`the required header ${name} is missing`);
  }
  const content = (response.value.content ?? {}) as Json;
  const type = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!content['application/json']?.schema) return;
  if (type !== 'application/json') {
    // A documented JSON answer that came as something else (only when JSON is all it may be).
    if (Object.keys(content).length === 1 && answer.text !== '') return fail(`the body is ${type || 'untyped'}, the document says application/json`);
    return;
  }
  const schemaPointer = `${response.pointer}/content/application~1json/schema`;
  let validate = doc.validators.get(schemaPointer);
  if (!validate) {
    validate = doc.ajv.compile({ $ref: `${doc.id}#${schemaPointer}` });
    doc.validators.set(schemaPointer, validate);
  }
  // The harness gives the text itself as the body when it is not JSON (no JSON text parses to itself).
  if (answer.body === answer.text) return fail('the body is not JSON');
  if (!validate(answer.body)) return fail(firstError(validate));
}

interface EventDocument {
  id: string;
  ajv: Ajv2020;
  /** The pointer of each event type's message payload (`/components/messages/<key>/payload`). */
  payloads: Map<string, string>;
  validators: Map<string, ValidateFunction>;
}

const eventDocuments = new Map<string, EventDocument | null>();

/** The AsyncAPI document of a version: generated/asyncapi.json, or generated/versions/<version>/asyncapi.json. */
function eventDocumentFile(version: string): string {
  return `${root}generated/${versionDocumentFile(version, 'asyncapi.json')}`;
}

function loadEventDocument(version: string): EventDocument | null {
  if (eventDocuments.has(version)) return eventDocuments.get(version)!;
  // A version is a date; anything else names no file.
  const file = /^\d{4}-\d{2}-\d{2}$/.test(version) ? eventDocumentFile(version) : '';
  const loaded = file && existsSync(file) ? eventDocument(version, JSON.parse(readFileSync(file, 'utf8')) as Json) : null;
  eventDocuments.set(version, loaded);
  return loaded;
}

function eventDocument(version: string, document: Json): EventDocument {
  const id = `https://contract-check.invalid/${encodeURIComponent(version)}/asyncapi.json`;
  const payloads = new Map<string, string>();
  for (const [key, message] of Object.entries((document.components?.messages ?? {}) as Json)) {
    if (typeof (message as Json)?.name === 'string' && (message as Json).payload) payloads.set((message as Json).name as string, `/components/messages/${escapePointer(key)}/payload`);
  }
  return { id, ajv: validatorFor(document, id), payloads, validators: new Map() };
}

/**
 * Checks one webhook delivery's body (an event envelope: `type`, `api_version`) against the message
 * payload schema of its type in its version's AsyncAPI document. Returns the mismatch (naming the
 * type, the version and Ajv's error path) or null; a body that is no envelope is not a delivery (null,
 * not counted), an unknown type or version is counted as unchecked. With `CONTRACT_CHECK=warn` a
 * mismatch is printed once and counted, and null returned; with `off` nothing is checked.
 */
export function checkDelivery(text: string, options: { document?: string } = {}): string | null {
  if (!contractCheckEnabled()) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { type, api_version: version } = body as Json;
  if (typeof type !== 'string' || typeof version !== 'string') return null;
  dirty = true;
  const doc = loadEventDocument(options.document ?? version);
  const pointer = doc?.payloads.get(type);
  if (!doc || !pointer) {
    counts.deliveriesUnchecked++;
    return null;
  }
  counts.deliveries++;
  let validate = doc.validators.get(pointer);
  if (!validate) {
    validate = doc.ajv.compile({ $ref: `${doc.id}#${pointer}` });
    doc.validators.set(pointer, validate);
  }
  if (validate(body)) return null;
  const message = `contract check: the ${type} event delivered in version ${version} does not match its payload schema: ${firstError(validate)}`;
  if (!warnOnly()) return `${message}\nbody: ${trim(text)}`;
  counts.deliveriesMismatched++;
  if (!warned.has(message)) {
    warned.add(message);
    process.stderr.write(`${message}\nbody: ${trim(text, 300)}\n`);
  }
  return null;
}

/** An answer's bytes, its text, and its body as the harness gives it: parsed JSON, or the text itself. */
export async function readAnswer(res: Response): Promise<{ bytes: Uint8Array; text: string; body: unknown }> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  try {
    return { bytes, text, body: JSON.parse(text) as unknown };
  } catch {
    return { bytes, text, body: text };
  }
}

/**
 * `fetch` for a test that talks to a server outside the harness (a process it started, a raw
 * request): the answer is checked as the harness checks its own (`checkAnswer`, counted the same
 * way), then handed back whole (a new Response with the same status, headers and bytes).
 */
export async function checkedFetch(input: string | URL, init?: RequestInit): Promise<Response> {
  const res = await fetch(input, init);
  if (!contractCheckEnabled()) return res;
  const { bytes, text, body } = await readAnswer(res);
  checkAnswer(init?.method ?? 'GET', String(input), { status: res.status, headers: res.headers, text, body });
  const empty = [101, 204, 205, 304].includes(res.status);
  return new Response(empty ? null : bytes, { status: res.status, statusText: res.statusText, headers: res.headers });
}
