// The client matrix: what integrators generate from the published documents works. Five independent
// generators make clients from the OpenAPI documents (3.1 and the 3.0 rendition); each client is
// type-checked with a short scenario (tsc strict, mypy strict), and the scenario runs against a live
// server and is checked against it. Pydantic models of every AsyncAPI message parse the webhooks the
// server delivers. A generator's warning about a document fails unless accepted-warnings.yaml lists
// it with a reason. Run alone: `vitest run test/clients`.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { EVENT_TYPES } from '../../generated/events.js';
import { createTransport } from '../../src/webhooks/transport.js';
import { DeliveryWorker } from '../../src/webhooks/worker.js';
import { startHarness, type Harness } from '../support/harness.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { emitEveryEventType, LIVE_EVENT_TYPES } from '../support/events.js';
import { checkDelivery, registerDocuments } from '../support/contract-check.js';
import { signatureHeader } from '../../src/webhooks/signer.js';
import { constructEvent, UnknownEventTypeError } from '../../packages/webhooks-node/src/index.js';
import { grownDelivery, NEXT, nextDocuments, startNextReleaseProxy, type NextReleaseProxy } from './next-release.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = resolve(HERE, '../..');
const SCENARIOS = join(HERE, 'scenarios');
const VENV = join(HERE, '.venv');
const VENV_BIN = join(VENV, 'bin');
const REQUIREMENTS = join(HERE, 'requirements.txt');
const PYTHON = process.env.PYTHON ?? 'python3';
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

type Document = 'openapi.json' | 'openapi-3.0.json' | 'asyncapi.json';
type Generator = 'openapi-typescript' | '@hey-api/openapi-ts' | 'openapi-typescript-codegen' | 'orval' | 'openapi-python-client' | 'datamodel-code-generator' | 'mypy';

// ------------------------------------------------------------------------------------------ processes

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (killed after `timeoutMs`), capturing both streams. */
function run(command: string, args: string[], options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {}): Promise<Ran> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    child.on('error', (err) => (clearTimeout(timer), fail(err)));
    child.on('close', (code) => (clearTimeout(timer), done({ code, stdout, stderr })));
  });
}

const failed = (what: string, r: Ran) => `${what} exited with ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`;

/** The scenario's report: the last line of its output, as JSON. */
function report(r: Ran): Report {
  const line = r.stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(line) as Report;
  } catch {
    throw new Error(failed('the scenario printed no report and', r));
  }
}

// ------------------------------------------------------------------------------------------ Python venv

/**
 * The venv of the Python generators, rebuilt when missing or broken, or when requirements.txt or the
 * interpreter change (as contract-tests/run.sh keeps its own).
 */
async function ensureVenv(): Promise<void> {
  const version = await run(PYTHON, ['-c', 'import sys; print(sys.version); sys.exit(sys.version_info < (3, 11))']);
  if (version.code !== 0) throw new Error(`the Python generators need Python 3.11+ (${PYTHON}: ${version.stdout}${version.stderr})`);
  const want = createHash('sha256').update(readFileSync(REQUIREMENTS)).update(version.stdout).digest('hex');
  const hashFile = join(VENV, '.requirements.sha256');
  const healthy = async () =>
    existsSync(hashFile) &&
    readFileSync(hashFile, 'utf8').trim() === want &&
    (await run(join(VENV_BIN, 'python'), ['-c', 'import openapi_python_client, datamodel_code_generator, mypy, pydantic'])).code === 0;
  if (await healthy()) return;
  rmSync(VENV, { recursive: true, force: true });
  const created = await run(PYTHON, ['-m', 'venv', VENV]);
  if (created.code !== 0) throw new Error(failed(`${PYTHON} -m venv`, created));
  const installed = await run(join(VENV_BIN, 'python'), ['-m', 'pip', 'install', '--disable-pip-version-check', '-r', REQUIREMENTS], { timeoutMs: 540_000 });
  if (installed.code !== 0) {
    rmSync(VENV, { recursive: true, force: true });
    throw new Error(failed('pip install -r test/clients/requirements.txt', installed));
  }
  writeFileSync(hashFile, `${want}\n`);
}

// ------------------------------------------------------------------------------------------ warnings

interface AcceptedWarning {
  generator: Generator;
  documents: Document[];
  warning: string;
  reason: string;
}

const ACCEPTED = parseYaml(readFileSync(join(HERE, 'accepted-warnings.yaml'), 'utf8')) as AcceptedWarning[];
/** Entries of the accepted list that matched a warning in this run. */
const matched = new Set<AcceptedWarning>();
/** Generator runs that finished (the list can be judged stale only when all did). */
let generatorRuns = 0;

/** The warnings not accepted for this generator and document. */
function unaccepted(generator: Generator, document: Document, warnings: string[]): string[] {
  return warnings.filter((text) => {
    const entry = ACCEPTED.find((a) => a.generator === generator && a.documents.includes(document) && new RegExp(a.warning).test(text));
    if (entry) matched.add(entry);
    return !entry;
  });
}

const ANSI = /\u001b\[[0-9;]*m/g;

/** Output as comparable text: no colours, no object addresses, no machine-specific paths. */
const normalise = (output: string, dir: string) =>
  output.replace(ANSI, '').replace(/0x[0-9a-f]+/g, '0x…').replaceAll(dir, '<out>').replaceAll(ROOT, '<root>');

const lines = (output: string) => output.split('\n').map((l) => l.trimEnd()).filter((l) => l.trim() !== '');

/** Python warnings and the like: a line, with the indented lines under it. */
function entries(output: string): string[] {
  const out: string[] = [];
  for (const line of lines(output)) {
    if (/^\s/.test(line) && out.length) out[out.length - 1] += ` ${line.trim()}`;
    else out.push(line.trim());
  }
  return out;
}

/** openapi-python-client: `WARNING ...` with its one-line explanation (the offending object's JSON below is dropped); other lines but its progress and closing notes. */
function pythonClientWarnings(output: string): string[] {
  const out: string[] = [];
  const all = lines(output);
  for (let i = 0; i < all.length; i++) {
    const line = all[i]!;
    if (/^(Generating |Warning\(s\) encountered while generating|If you believe this was a mistake)/.test(line)) continue;
    if (/^(WARNING|ERROR)\b/.test(line)) {
      out.push(`${line} ${all[i + 1] ?? ''}`.trim());
      i++;
      while (i + 1 < all.length && /^(\s|[{}[\]])/.test(all[i + 1]!)) i++;
      continue;
    }
    out.push(line.trim());
  }
  return out;
}

// ------------------------------------------------------------------------------------------ the clients

interface Report {
  customer: { id: string; name: string };
  orders: string[];
  pages: string[][];
  cursor: string;
  missing: { id: string; status: number; type: string; code: string };
  endpoint: { id: string; url: string; enabled_events: string[]; status: string };
  test_event: { status: number; event_type: string | null };
}

interface Client {
  generator: Exclude<Generator, 'datamodel-code-generator' | 'mypy'>;
  document: Document;
  /** Writes the client into `dir`; answers the generator's run. */
  generate(dir: string): Promise<Ran>;
  warnings(output: string): string[];
  /** Type-checks the client with its scenario; answers the problems found. */
  check(dir: string): Promise<string[]>;
  scenario(dir: string, env: Record<string, string>): Promise<Ran>;
}

/** Strict, like the project's own tsconfig: what an integrator with a strict project compiles. */
const TSCONFIG = {
  compilerOptions: {
    target: 'es2024',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    // fetch's types as a browser or Node integrator has them (hey-api's client names `BodyInit`).
    lib: ['es2024', 'dom'],
    types: ['node'],
    strict: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    noEmit: true,
  },
  include: ['**/*.ts'],
  exclude: ['node_modules'],
};

/** A TypeScript client's directory: the scenario as `scenario.ts`, ESM, resolving packages from the project. */
function typescriptProject(dir: string, scenario: string, tsconfig: typeof TSCONFIG = TSCONFIG): void {
  copyFileSync(join(SCENARIOS, scenario), join(dir, 'scenario.ts'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
}

async function tscProblems(dir: string): Promise<string[]> {
  const r = await run(process.execPath, [TSC, '-p', dir], { cwd: dir });
  return r.code === 0 ? [] : [failed('tsc', r)];
}

const typescriptScenario = (dir: string, env: Record<string, string>) => run(process.execPath, ['--import', 'tsx', 'scenario.ts'], { cwd: dir, env, timeoutMs: 60_000 });

// openapi-typescript 7.13.0 + openapi-fetch 0.17.0: what the dashboard is typed with (generated/openapi.ts)
// and what README.md suggests; reads 3.0 and 3.1 and lints the document with Redocly while it reads it.
// `--default-non-nullable false`: by default it makes every property with a `default` required, in
// request bodies too (a caller would have to send `inoperable`, `delivery_window_days`, `currency`).
const openapiTypescript = (document: Document): Client => ({
  generator: 'openapi-typescript',
  document,
  async generate(dir) {
    typescriptProject(dir, 'openapi-fetch.ts');
    return run(join(ROOT, 'node_modules/.bin/openapi-typescript'), [join(ROOT, 'generated', document), '-o', join(dir, 'schema.ts'), '--default-non-nullable', 'false']);
  },
  warnings: (output) => lines(output).filter((l) => !/^✨ openapi-typescript \d|^🚀 /.test(l)).map((l) => l.replace(/^\s*⚠\s*/, '')),
  check: tscProblems,
  scenario: typescriptScenario,
});

// @hey-api/openapi-ts 0.99.0: an independent parser and an SDK of its own (one function per
// operationId, its own fetch client and security handling), unlike openapi-typescript's types-only
// output. Its validation of the document (experimental) is on, as warnings.
const heyApi = (document: Document): Client => ({
  generator: '@hey-api/openapi-ts',
  document,
  async generate(dir) {
    typescriptProject(dir, 'hey-api.ts');
    const config = { input: join(ROOT, 'generated', document), output: join(dir, 'client'), plugins: ['@hey-api/client-fetch'], parser: { validate_EXPERIMENTAL: 'warn' }, logs: { file: false } };
    writeFileSync(join(dir, 'openapi-ts.config.mjs'), `export default ${JSON.stringify(config)};\n`);
    return run(join(ROOT, 'node_modules/.bin/openapi-ts'), ['-f', join(dir, 'openapi-ts.config.mjs')], { cwd: dir });
  },
  warnings: (output) =>
    lines(output).filter((l) => !/^@hey-api\/openapi-ts v|^\[Job \d+\] (~ Generating\.\.\.|\s*\[\d+\] |✓ )/.test(l.trim())),
  check: tscProblems,
  scenario: typescriptScenario,
});

// openapi-typescript-codegen 0.31.0: long the most used TypeScript generator (a service class per
// tag, TypeScript enums, its own request core), still in many integrations. Its imports name no file
// extension, so its project resolves modules as a bundler does (what such projects use), otherwise as
// strict as the others. It makes a TypeScript enum of each inline enum, named after its property: the
// 3.0 rendition names each resource's `object` type (`OrderObject`), as `enum object` does not compile.
const openapiTypescriptCodegen = (document: Document): Client => ({
  generator: 'openapi-typescript-codegen',
  document,
  async generate(dir) {
    typescriptProject(dir, 'openapi-typescript-codegen.ts', { ...TSCONFIG, compilerOptions: { ...TSCONFIG.compilerOptions, module: 'esnext', moduleResolution: 'bundler' } });
    // Its bin is named `openapi`, as Redocly's is: called by its own path, not through node_modules/.bin.
    return run(process.execPath, [join(ROOT, 'node_modules/openapi-typescript-codegen/bin/index.js'), '--input', join(ROOT, 'generated', document), '--output', join(dir, 'client'), '--client', 'fetch', '--useOptions']);
  },
  warnings: lines,
  check: tscProblems,
  scenario: typescriptScenario,
});

// orval 8.38.0: a generator many React/Vue/Angular projects use, here its plain fetch client (no
// runtime but fetch): one function per operation, answering `{ data, status, headers }` typed per
// status. Configured as an integrator does (orval.config.mjs, one file); its base URL is the
// document's `servers` entry with `host` read at request time, which the scenario sets. Its code
// reads `Headers.entries()`, which TypeScript 5.9 types in `dom.iterable` (what browser projects
// list beside `dom`), so its project adds that lib; otherwise as strict as the others.
const orval = (document: Document): Client => ({
  generator: 'orval',
  document,
  async generate(dir) {
    typescriptProject(dir, 'orval.ts', { ...TSCONFIG, compilerOptions: { ...TSCONFIG.compilerOptions, lib: ['es2024', 'dom', 'dom.iterable'] } });
    const config = {
      vt: {
        input: { target: join(ROOT, 'generated', document) },
        output: {
          target: join(dir, 'client/api.ts'),
          client: 'fetch',
          mode: 'single',
          baseUrl: { getBaseUrlFromSpecification: true, variables: { host: { runtime: 'process.env.VT_API_HOST' } } },
        },
      },
    };
    writeFileSync(join(dir, 'orval.config.mjs'), `export default ${JSON.stringify(config)};\n`);
    return run(process.execPath, [join(ROOT, 'node_modules/orval/dist/bin/orval.mjs'), '--config', join(dir, 'orval.config.mjs')], { cwd: dir });
  },
  warnings: (output) => lines(output).filter((l) => !/^🍻 orval v\d|^vt - 🎉 /.test(l.trim())),
  check: tscProblems,
  scenario: typescriptScenario,
});

// openapi-python-client 0.29.1: a widely used Python generator (attrs models, httpx), a third parser
// in another language; its `WARNING`s name what it had to leave out of the client.
const openapiPythonClient = (document: Document): Client => ({
  generator: 'openapi-python-client',
  document,
  async generate(dir) {
    copyFileSync(join(SCENARIOS, 'openapi_python_client.py'), join(dir, 'scenario.py'));
    // No formatter hooks (the code is only imported and type-checked); a fixed package name; PDFs
    // read as the binary bodies the generator knows (as an integrator configures it).
    writeFileSync(
      join(dir, 'generator.yaml'),
      'post_hooks: []\npackage_name_override: vt_client\nproject_name_override: vt-client\ncontent_type_overrides:\n  application/pdf: application/octet-stream\n',
    );
    return run(join(VENV_BIN, 'openapi-python-client'), ['generate', '--path', join(ROOT, 'generated', document), '--output-path', join(dir, 'vt_client'), '--meta', 'none', '--config', join(dir, 'generator.yaml')]);
  },
  warnings: pythonClientWarnings,
  async check(dir) {
    const problems: string[] = [];
    const imported = await run(join(VENV_BIN, 'python'), ['-c', 'import importlib, pkgutil, vt_client\nfor m in pkgutil.walk_packages(vt_client.__path__, "vt_client."): importlib.import_module(m.name)'], { cwd: dir });
    if (imported.code !== 0) problems.push(failed('importing every module of the generated package', imported));
    // The scenario strictly; errors mypy finds in the generated modules it reaches are the generator's
    // (its own typing), compared with the accepted list like its warnings.
    writeFileSync(join(dir, 'mypy.ini'), '[mypy]\nstrict = True\n');
    const mypy = await run(join(VENV_BIN, 'python'), ['-m', 'mypy', '--config-file', 'mypy.ini', '--cache-dir', join(dir, '.mypy_cache'), '--no-error-summary', 'scenario.py'], { cwd: dir });
    const errors = lines(mypy.stdout + mypy.stderr);
    const inScenario = errors.filter((l) => !l.startsWith('vt_client/'));
    if (inScenario.length || (mypy.code !== 0 && !errors.length)) problems.push(failed('mypy on the scenario', mypy));
    problems.push(...unaccepted('mypy', document, errors.filter((l) => l.startsWith('vt_client/'))).map((e) => `mypy, in the generated code: ${e}`));
    return problems;
  },
  scenario: (dir, env) => run(join(VENV_BIN, 'python'), ['scenario.py'], { cwd: dir, env, timeoutMs: 60_000 }),
});

const CLIENTS: Client[] = [
  openapiTypescript('openapi.json'),
  openapiTypescript('openapi-3.0.json'),
  heyApi('openapi.json'),
  heyApi('openapi-3.0.json'),
  openapiTypescriptCodegen('openapi.json'),
  openapiTypescriptCodegen('openapi-3.0.json'),
  orval('openapi.json'),
  orval('openapi-3.0.json'),
  openapiPythonClient('openapi-3.0.json'),
  openapiPythonClient('openapi.json'),
];

// ------------------------------------------------------------------------------------------ the tests

describe('client matrix', () => {
  let work: string;
  let h: Harness;
  let receiver: Receiver;
  let proxy: NextReleaseProxy;
  const transport = createTransport({ allowPrivateTargets: true, timeoutMs: 5_000 });
  /** Delivers everything due now to the receiver. */
  const deliver = async () => {
    const worker = new DeliveryWorker({ db: h.database.db, clock: h.clock, log: pino({ level: 'silent' }), transport });
    for (let i = 0; i < 200 && (await worker.runOnce()) > 0; i++);
  };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'vt-clients-'));
    const [harness, started] = await Promise.all([startHarness('pglite'), startReceiver(), ensureVenv()]);
    h = harness;
    receiver = started;
    const next = nextDocuments(JSON.parse(readFileSync(join(ROOT, 'generated/openapi.json'), 'utf8')), JSON.parse(readFileSync(join(ROOT, 'generated/asyncapi.json'), 'utf8')));
    registerDocuments(NEXT.document, next.openapi, next.asyncapi);
    proxy = await startNextReleaseProxy(h.url);
  }, 600_000);
  afterAll(async () => {
    await proxy?.close();
    await receiver?.close();
    await transport.close();
    await h?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  describe.each(CLIENTS.map((c) => [`${c.generator} on ${c.document}`, c] as const))('%s', (name, client) => {
    const dir = () => join(work, name.replace(/[^a-z0-9.]+/gi, '-'));
    let generated = false;
    let checked = false;

    it('generates a client, with no warning about the document that is not accepted', async () => {
      mkdirSync(dir());
      const r = await client.generate(dir());
      expect(r.code, failed(client.generator, r)).toBe(0);
      generated = true;
      generatorRuns++;
      expect(unaccepted(client.generator, client.document, client.warnings(normalise(r.stdout + r.stderr, dir())))).toEqual([]);
    }, 120_000);

    it('type-checks with the scenario (strict)', async () => {
      expect(generated, 'not generated').toBe(true);
      expect(await client.check(dir())).toEqual([]);
      checked = true;
    }, 120_000);

    it('runs the scenario against a live server: customer, orders, cursor pages, the error envelope, a webhook endpoint', async () => {
      expect(checked, 'did not type-check').toBe(true);
      const key = await h.key(`matrix-${name}`);
      const r = await client.scenario(dir(), { VT_BASE_URL: h.url, VT_API_KEY: key, VT_RECEIVER_URL: receiver.url });
      expect(r.code, failed('the scenario', r)).toBe(0);
      const got = report(r);

      // What the client saw is what the server holds.
      const customer = await h.call('GET', `/v1/customers/${got.customer.id}`, { key });
      expect(customer.status).toBe(200);
      expect(customer.body).toMatchObject({ id: got.customer.id, name: 'Matrix Motors' });
      expect(got.customer.name).toBe('Matrix Motors');
      expect(got.orders).toHaveLength(2);
      const listed = await h.call('GET', `/v1/orders?customer_id=${got.customer.id}&limit=10`, { key });
      expect(listed.body.data.map((o: { id: string }) => o.id)).toEqual([...got.orders].reverse());
      // Newest first, one per page; the cursor is the first page's last id and the second page differs.
      expect(got.pages).toEqual([[got.orders[1]], [got.orders[0]]]);
      expect(got.cursor).toBe(got.orders[1]);
      expect(got.missing).toEqual({ id: 'ord_00000000000000000000000000', status: 404, type: 'not_found_error', code: 'resource_missing' });
      const endpoint = await h.call('GET', `/v1/webhook_endpoints/${got.endpoint.id}`, { key });
      expect(endpoint.status).toBe(200);
      expect(endpoint.body).toMatchObject({ id: got.endpoint.id, url: receiver.url, enabled_events: ['*'], status: 'enabled', description: 'client matrix' });
      expect(got.endpoint).toEqual({ id: got.endpoint.id, url: receiver.url, enabled_events: ['*'], status: 'enabled' });
      expect(got.test_event).toEqual({ status: 201, event_type: 'webhook_endpoint.test' });
    }, 120_000);

    it('runs the same scenario against the next additive release: a new property on orders and customers, a new error code, a new event type in an answer', async () => {
      expect(checked, 'did not type-check').toBe(true);
      const key = await h.key(`next-${name}`);
      const before = { ...proxy.seen };
      const r = await client.scenario(dir(), { VT_BASE_URL: proxy.url, VT_API_KEY: key, VT_RECEIVER_URL: receiver.url });
      expect(proxy.seen.problems).toEqual([]);
      expect(r.code, failed('the scenario against the next release', r)).toBe(0);
      const got = report(r);
      // It read what the next release added (the new property in every order and customer it got,
      // the new values where it reads them) and went on as before.
      expect(proxy.seen.properties - before.properties).toBeGreaterThanOrEqual(5);
      expect(proxy.seen.enumValues - before.enumValues).toBe(2);
      expect(got.customer.name).toBe('Matrix Motors');
      expect(got.orders).toHaveLength(2);
      expect(got.pages).toEqual([[got.orders[1]], [got.orders[0]]]);
      expect(got.missing).toEqual({ id: 'ord_00000000000000000000000000', status: 404, type: 'not_found_error', code: NEXT.errorCode.now });
      expect(got.endpoint).toMatchObject({ url: receiver.url, enabled_events: ['*'], status: 'enabled' });
      expect(got.test_event).toEqual({ status: 201, event_type: NEXT.eventTypeValue.now });
    }, 120_000);
  });

  describe('AsyncAPI models (datamodel-code-generator, pydantic v2)', () => {
    const dir = () => join(work, 'asyncapi-models');
    let generated = false;

    it('generates a model of every message payload, with no warning about the document that is not accepted', async () => {
      mkdirSync(dir());
      copyFileSync(join(SCENARIOS, 'asyncapi_models.py'), join(dir(), 'check.py'));
      // The models keep pydantic's default (Rust) regex engine: every pattern of the documents compiles
      // in it (the text rule names no surrogate; test/spec.test.ts keeps it so).
      const r = await run(
        join(VENV_BIN, 'datamodel-codegen'),
        [
          ...['--input', join(ROOT, 'generated/asyncapi.json'), '--input-file-type', 'asyncapi'],
          ...['--output', join(dir(), 'events.py'), '--output-model-type', 'pydantic_v2.BaseModel', '--target-python-version', '3.11'],
          ...['--formatters', 'builtin', '--disable-timestamp'],
          // Warn about what the document's JSON Schema version does not have; an unresolved $ref is an error.
          ...['--schema-version-mode', 'strict', '--strict-refs'],
          // `format: email` is an annotation in JSON Schema 2020-12; the Email schema's pattern and
          // maxLength say what an address is. The generator's default (pydantic's EmailStr) drops both,
          // applies email-validator's own rules instead (it refuses addresses the document takes, such
          // as a special-use domain) and needs that package installed: keep the document's string.
          ...['--type-mappings', 'string+email=string'],
        ],
        { cwd: dir() },
      );
      expect(r.code, failed('datamodel-codegen', r)).toBe(0);
      generated = true;
      generatorRuns++;
      expect(unaccepted('datamodel-code-generator', 'asyncapi.json', entries(normalise(r.stdout + r.stderr, dir())))).toEqual([]);
    }, 120_000);

    it('parses every delivered webhook, of every event type, with the model of its type (strict); refuses broken ones', async () => {
      expect(generated, 'not generated').toBe(true);
      const key = await h.key('matrix-events');
      const endpoint = await h.call('POST', '/v1/webhook_endpoints', { key, body: { url: receiver.url, enabled_events: ['*'] } });
      expect(endpoint.status, endpoint.text).toBe(201);
      await emitEveryEventType(h, endpoint.body.id, key);
      await deliver();

      const delivered = receiver.received.map((r, i) => ({ label: `delivery ${i + 1}`, headers: r.headers, body: r.body }));
      expect(delivered.length).toBeGreaterThan(EVENT_TYPES.length);
      // Broken copies that the models must refuse: a required field missing, a bound broken, a type
      // the document does not have, a malformed signature header.
      const sample = delivered.find((d) => JSON.parse(d.body).type === 'order.created')!;
      const envelope = JSON.parse(sample.body);
      const broken = [
        { label: 'broken: no data.id', headers: sample.headers, body: JSON.stringify({ ...envelope, data: { ...envelope.data, id: undefined } }) },
        { label: 'broken: sequence 0', headers: sample.headers, body: JSON.stringify({ ...envelope, sequence: 0 }) },
        { label: 'broken: signature', headers: { ...sample.headers, 'service-signature': 'v1=abc' }, body: sample.body },
      ];
      // What a next release may add (docs/api-versions.md, "What may grow"): the models parse it.
      const grown = [
        { label: 'grown: a field added to the event and to its object', headers: sample.headers, body: JSON.stringify({ ...envelope, extra: 1, data: { ...envelope.data, reference_note: 'Gate code 4411' } }) },
        { label: 'grown: an API version added since', headers: sample.headers, body: JSON.stringify({ ...envelope, api_version: '2099-01-01' }) },
        // The next additive release (next-release.ts): the new property on its order; a new event type.
        { label: 'grown: the next release, a new property on the order', headers: sample.headers, body: grownDelivery(sample.body) },
        { label: 'grown: the next release, a new event type', headers: sample.headers, body: grownDelivery(sample.body, { type: NEXT.eventType }) },
      ];
      // Both are inside the next release's document.
      for (const g of grown.slice(-2)) expect(checkDelivery(g.body, { document: NEXT.document }), g.label).toBeNull();
      writeFileSync(join(dir(), 'deliveries.json'), JSON.stringify([...delivered, ...broken, ...grown]));
      const r = await run(join(VENV_BIN, 'python'), ['check.py', 'deliveries', 'events', join(ROOT, 'generated/asyncapi.json'), 'deliveries.json'], { cwd: dir(), timeoutMs: 60_000 });
      expect(r.code, failed('check.py deliveries', r)).toBe(0);
      const got = JSON.parse(r.stdout) as {
        messages: Record<string, { payload_model?: string; headers_model?: string; problem?: string }>;
        deliveries: { label: string; type: string | null; ok: boolean; error?: string; model?: string; header_fields?: string[] }[];
      };

      // Every message of the document has its payload and header models.
      expect(Object.keys(got.messages).sort()).toEqual([...EVENT_TYPES].sort());
      expect(Object.entries(got.messages).filter(([, m]) => m.problem || !m.payload_model || !m.headers_model)).toEqual([]);
      // Every real delivery parses; together they cover every event type of live mode.
      const real = got.deliveries.filter((d) => d.label.startsWith('delivery'));
      expect(real.filter((d) => !d.ok).map((d) => `${d.label} (${d.type}): ${d.error}`)).toEqual([]);
      expect([...new Set(real.map((d) => d.type))].sort()).toEqual([...LIVE_EVENT_TYPES].sort());
      expect(real.every((d) => d.header_fields?.includes('Service-Signature') && d.header_fields.includes('Service-Event-Id'))).toBe(true);
      // And the broken ones do not.
      const refused = got.deliveries.filter((d) => d.label.startsWith('broken'));
      expect(refused.map((d) => [d.label, d.ok])).toEqual(broken.map((b) => [b.label, false]));
      expect(got.deliveries.filter((d) => d.label.startsWith('grown')).map((d) => [d.label, d.ok, d.error])).toEqual(grown.map((g) => [g.label, true, undefined]));
      // An event type the models do not know yet parses as the envelope every event has (the
      // integrator's default branch), not as some other type's payload.
      expect(got.deliveries.find((d) => d.label === 'grown: the next release, a new event type')).toMatchObject({ type: NEXT.eventType, model: 'EventEnvelope' });
    }, 180_000);

    it('keeps the text patterns: every string pattern model refuses NUL where its document does', async () => {
      expect(generated, 'not generated').toBe(true);
      // For every string schema of the document whose pattern excludes NUL (Text, Line), its model
      // refuses a NUL and takes plain text, under pydantic's default (Rust) regex engine.
      const r = await run(join(VENV_BIN, 'python'), ['check.py', 'patterns', 'events', join(ROOT, 'generated/asyncapi.json')], { cwd: dir() });
      expect(r.code, failed('check.py patterns', r)).toBe(0);
      const got = JSON.parse(r.stdout) as Record<string, unknown>;
      expect(Object.keys(got), 'string schemas whose pattern excludes NUL').toEqual(expect.arrayContaining(['Line']));
      for (const [name, result] of Object.entries(got)) expect(result, name).toEqual({ plain: true, nul: false, 'lone surrogate': false });
    }, 60_000);
  });

  it("both receiver helper packages take the next release's deliveries: the new property kept, the new event type left to the default branch", async () => {
    const secret = 'whsec_' + 'n'.repeat(43);
    const sample = receiver.received.map((r) => r.body).find((b) => JSON.parse(b).type === 'order.created');
    expect(sample, 'an order.created delivery (the models test above delivers one)').toBeDefined();
    const now = Math.floor(Date.now() / 1000);
    const deliveries = [grownDelivery(sample!), grownDelivery(sample!, { type: NEXT.eventType })].map((body) => ({ body, headers: { 'Service-Signature': signatureHeader([secret], now, body) } }));
    for (const d of deliveries) expect(checkDelivery(d.body, { document: NEXT.document })).toBeNull();

    // Node (packages/webhooks-node): the known type with its new property, as sent.
    const event = constructEvent(deliveries[0]!.body, deliveries[0]!.headers, secret);
    expect(event).toEqual(JSON.parse(deliveries[0]!.body));
    expect((event.data as unknown as Record<string, unknown>)[NEXT.property]).toEqual(NEXT.value);
    // The new type: authentic, newer than the package, the error its receivers answer 2xx to.
    let unknown: unknown;
    try {
      constructEvent(deliveries[1]!.body, deliveries[1]!.headers, secret);
    } catch (err) {
      unknown = err;
    }
    expect(unknown).toBeInstanceOf(UnknownEventTypeError);

    // Python (packages/webhooks-python), under the venv's interpreter.
    writeFileSync(join(work, 'next-deliveries.json'), JSON.stringify(deliveries));
    const script = [
      'import json, sys',
      `sys.path.insert(0, ${JSON.stringify(join(ROOT, 'packages/webhooks-python'))})`,
      'from vehicle_transport_webhooks import UnknownEventTypeError, construct_event',
      `out = []`,
      `for d in json.load(open(${JSON.stringify(join(work, 'next-deliveries.json'))})):`,
      '    try:',
      `        e = construct_event(d["body"], d["headers"], [${JSON.stringify(secret)}])`,
      `        out.append({"type": e["type"], "property": e["data"].get(${JSON.stringify(NEXT.property)})})`,
      '    except UnknownEventTypeError as err:',
      '        out.append({"unknown": err.type})',
      'print(json.dumps(out))',
    ].join('\n');
    const r = await run(join(VENV_BIN, 'python'), ['-c', script], { cwd: work });
    expect(r.code, failed('the Python package', r)).toBe(0);
    const got = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>[];
    expect(got[0]).toEqual({ type: 'order.created', property: NEXT.value });
    expect(got[1]).toEqual({ unknown: NEXT.eventType });
  }, 60_000);

  it('every accepted warning still occurs (a fixed one leaves the list)', (context) => {
    // Judged only on a full run (not when `-t` picked some of the tests, or a generator failed).
    if (generatorRuns < CLIENTS.length + 1) return context.skip();
    expect(ACCEPTED.every((a) => a.reason?.trim() && a.warning && a.generator && a.documents?.length), 'every entry has generator, documents, warning and reason').toBe(true);
    expect(ACCEPTED.filter((a) => !matched.has(a)).map((a) => `${a.generator} on ${a.documents.join(', ')}: ${a.warning}`)).toEqual([]);
  });
});
