/**
 * Writes generated/ from the hand-written specs in specs/ (contract first).
 *
 *   npm run generate          regenerate generated/ (only changed files are rewritten, extra files removed)
 *   npm run generate:check    generate into a temp dir and compare with generated/; exit 1 when stale
 *
 * The specs are split by domain (specs/openapi/*.yaml, specs/asyncapi/*.yaml), each root listing its
 * parts' entries (scripts/spec/parts.ts; generation fails, naming the lines to add, when one is not).
 *
 * Outputs (all deterministic: the same specs give byte-identical files):
 *   openapi.json, openapi.yaml   OpenAPI document bundled into one file (`redocly bundle`, internal $refs kept)
 *   openapi.ts                   openapi-typescript types (paths, operations, components)
 *   openapi-3.0.json             the OpenAPI document down-converted to 3.0.3 (openapi30())
 *   enums.ts                     every named enum of the OpenAPI document as a readonly list (the
 *                                dashboard's pick-lists)
 *   asyncapi.json, asyncapi.yaml AsyncAPI document bundled into one file (`redocly bundle`: external $refs copied into
 *                                components/schemas and rewritten to internal $refs)
 *   events.ts                    webhook event types: @asyncapi/generator running the project template
 *                                scripts/spec/asyncapi-template/ (Modelina TypeScriptGenerator inside)
 *   docs.html                    HTML reference docs (`redocly build-docs`, pre-rendered), rewritten so
 *                                that it loads nothing from elsewhere and runs no inline script
 *   docs-assets/*.js             the page's own scripts (content-addressed names)
 *   docs-assets.json             every script the page loads by name: a generated file, or the
 *                                Redoc bundle inside the pinned @redocly/cli (served from node_modules)
 *   versions/<version>/openapi.json, openapi-3.0.json, asyncapi.json
 *                                the documents of each older API version, derived from the current
 *                                ones by that version's transforms (scripts/spec/version-documents.ts); the
 *                                current version's are the top-level files
 *   ../packages/webhooks-node/src/events.ts  the receiver package's event types (scripts/spec/receiver-package.ts)
 *   ../packages/webhooks-python/vehicle_transport_webhooks/events.py  the Python receiver's TypedDicts
 *                                (scripts/spec/receiver-python.ts)
 *
 * Every text file starts with a "generated, do not edit" header (JSON files cannot carry comments).
 */
import { spawn, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { Parser, DiagnosticSeverity } from '@asyncapi/parser';
import YAML from 'yaml';
import { applyReplacements } from '../../src/shared/replacements.js';
import { documentYaml } from '../../src/shared/document-yaml.js';
import { indexProblems } from './parts.js';
import { openapi30 } from './openapi30.js';
import { RECEIVER_EVENTS_FILE, receiverEventsModule } from './receiver-package.js';
import { RECEIVER_PYTHON_EVENTS_FILE, receiverPythonModule } from './receiver-python.js';
import { isObject, type Json, type JsonObject } from './json.js';
import { documentForVersion, OLDER_VERSIONS, versionDocumentFile } from './version-documents.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SPECS = path.join(ROOT, 'specs');
const OUT = path.join(ROOT, 'generated');
const OPENAPI_SRC = path.join(SPECS, 'openapi.yaml');
const ASYNCAPI_SRC = path.join(SPECS, 'asyncapi.yaml');
const TEMPLATE_DIR = path.join(ROOT, 'scripts', 'spec', 'asyncapi-template');
const REDOCLY_CLI = path.join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
const requireFromHere = createRequire(import.meta.url);

/** One sentence, reused in every header (and passed to the AsyncAPI template as a parameter). */
export const HEADER_TEXT =
  'GENERATED FILE, DO NOT EDIT. Generated from specs/ by `npm run generate`; edit the specs and regenerate.';
const header = {
  ts: `// ${HEADER_TEXT}\n`,
  yaml: `# ${HEADER_TEXT}\n`,
  html: `<!-- ${HEADER_TEXT} -->\n`,
};


// ---------------------------------------------------------------------------------------------
// helpers

/** Runs a command with the current Node binary (Node 24, from node_modules/.bin), output captured. */
function runNode(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: opts.cwd ?? ROOT,
      env: {
        ...process.env,
        // Redocly CLI: no telemetry, no update check over the network, no colour codes in logs.
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        NO_COLOR: '1',
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${path.basename(args[0] ?? 'node')} ${args.slice(1).join(' ')} exited with ${code}:\n${out}`));
    });
  });
}

const toJson = (doc: unknown): string => `${JSON.stringify(doc, null, 2)}\n`;
/** YAML as the server renders it too (src/shared/document-yaml.ts), with the generated-file header. */
const toYaml = (doc: unknown): string => documentYaml(doc, header.yaml);

// ---------------------------------------------------------------------------------------------
// a. OpenAPI bundle (redocly bundle: one file, internal $refs kept)

async function bundleOpenapi(work: string): Promise<JsonObject> {
  const target = path.join(work, 'openapi.bundle.json');
  await runNode([REDOCLY_CLI, 'bundle', OPENAPI_SRC, '--output', target, '--ext', 'json']);
  return JSON.parse(await readFile(target, 'utf8')) as JsonObject;
}

// ---------------------------------------------------------------------------------------------
// b. openapi-typescript

async function openapiTypes(): Promise<string> {
  // Request validation fills in the spec's defaults, so a field with a default is always present.
  const ast = await openapiTS(pathToFileURL(OPENAPI_SRC));
  return header.ts + astToString(ast);
}

// ---------------------------------------------------------------------------------------------
// c. AsyncAPI bundle (redocly bundle, as for OpenAPI): every external $ref target (the OpenAPI
//    document's schemas) is copied into components/schemas under its own name and the $ref rewritten
//    to it. Redocly would name a second, different schema of the same name `<Name>-2`: refused here.

async function bundleAsyncapi(work: string): Promise<JsonObject> {
  const target = path.join(work, 'asyncapi.redocly.json');
  await runNode([REDOCLY_CLI, 'bundle', ASYNCAPI_SRC, '--output', target, '--ext', 'json']);
  const bundled = JSON.parse(await readFile(target, 'utf8')) as JsonObject;
  const source = YAML.parse(await readFile(ASYNCAPI_SRC, 'utf8')) as JsonObject;
  const own = new Set(Object.keys(((source.components as JsonObject | undefined)?.schemas ?? {}) as JsonObject));
  const clash = Object.keys(((bundled.components as JsonObject).schemas ?? {}) as JsonObject).find((n) => /-\d+$/.test(n) && !own.has(n));
  if (clash) throw new Error(`Two schemas the AsyncAPI document uses are both named ${clash.replace(/-\d+$/, '')} (bundled as ${clash}): rename one of them`);

  // Validate what we publish: the bundle alone must parse with no error or warning.
  const { document, diagnostics } = await new Parser().parse(JSON.stringify(bundled));
  const bad = diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning);
  if (!document || bad.length) {
    throw new Error(`The bundled AsyncAPI document does not parse cleanly:\n${bad.map((d) => `  ${d.code}: ${d.message} at /${d.path.join('/')}`).join('\n')}`);
  }
  return bundled;
}

// ---------------------------------------------------------------------------------------------
// d. events.ts: @asyncapi/generator + the project template (run in a child process, see below)

/**
 * The node_modules folder that holds the global `npm` package: @asyncapi/generator resolves `npm` at
 * load time (STACK-NOTES). `npm root -g` is not enough: with Node 24 from node_modules/.bin first
 * on PATH it answers node_modules/node/lib/node_modules, which has no npm. So follow the npm that
 * runs us (npm_execpath) or the one on PATH to its package folder.
 */
function globalNodeModules(): string {
  const hasNpm = (dir: string): boolean => existsSync(path.join(dir, 'npm', 'package.json'));
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('npm', ['root', '-g'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    /* no npm on PATH */
  }
  const npmFiles = [process.env.npm_execpath ?? ''];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) npmFiles.push(path.join(dir, 'npm'));
  for (const file of npmFiles) {
    if (!file || !existsSync(file)) continue;
    // e.g. /usr/bin/npm -> /usr/lib/node_modules/npm/bin/npm-cli.js: walk up to .../node_modules/npm
    for (let dir = path.dirname(realpathSync(file)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      if (path.basename(dir) === 'npm' && existsSync(path.join(dir, 'package.json'))) {
        candidates.push(path.dirname(dir));
        break;
      }
    }
  }
  const found = candidates.find(hasNpm);
  if (!found) throw new Error('Cannot find the global npm package: @asyncapi/generator needs its node_modules on NODE_PATH');
  return found;
}

/**
 * @asyncapi/generator 3 resolves the global `npm` package when its module loads (requireg), which
 * only works when NODE_PATH points at the global node_modules; NODE_PATH is read once at process
 * start, so the generator runs in a child Node 24 process with NODE_PATH set.
 * The generator transpiles the template next to it (`__transpiled/`), so a copy of the template in
 * the temp dir is used: the source tree stays untouched. The project's node_modules is on NODE_PATH
 * too, so the transpiled template finds @asyncapi/modelina.
 */
async function generateEvents(work: string, asyncapiJsonFile: string): Promise<string> {
  const template = path.join(work, 'asyncapi-template');
  await cp(TEMPLATE_DIR, template, {
    recursive: true,
    filter: (src) => !/[\\/](__transpiled|node_modules)([\\/]|$)/.test(src),
  });
  const target = path.join(work, 'events-out');
  const runner = `
    const Generator = require('@asyncapi/generator');
    const [template, target, input, header] = process.argv.slice(1);
    const generator = new Generator(template, target, { forceWrite: true, templateParams: { header } });
    generator.generateFromFile(input).catch((err) => {
      console.error(err && err.stack ? err.stack : err);
      if (err && err.diagnostics) console.error(JSON.stringify(err.diagnostics, null, 2));
      process.exit(1);
    });
  `;
  const nodePath = [path.join(ROOT, 'node_modules'), globalNodeModules(), process.env.NODE_PATH]
    .filter(Boolean)
    .join(path.delimiter);
  await runNode(['-e', runner, template, target, asyncapiJsonFile, HEADER_TEXT], { env: { NODE_PATH: nodePath } });
  const produced = (await readdir(target)).sort();
  if (produced.join() !== 'events.ts') throw new Error(`The AsyncAPI template produced ${produced.join(', ') || 'nothing'}, expected events.ts`);
  const text = await readFile(path.join(target, 'events.ts'), 'utf8');
  if (!text.startsWith(header.ts)) throw new Error('events.ts does not start with the generated-file header');
  return text;
}

// ---------------------------------------------------------------------------------------------
// e. docs.html and its scripts (redocly build-docs, then made self-contained)

/**
 * Redoc's browser bundle, the one `redocly build-docs` pre-renders with (it hydrates the page).
 * Taken from the pinned @redocly/cli, so the server-side markup and the script that makes it
 * interactive always come from one version; the server serves it from node_modules.
 */
const REDOC_BUNDLE = {
  package: '@redocly/cli',
  file: 'lib/chunks/redoc.standalone.js',
  // Redoc's attribution logo is an image on its CDN, which the page's policy (images from this
  // server only) refuses, with an error in the console: an empty source loads nothing, and the
  // component hides the image when it fails.
  replace: [
    ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', ''],
    ['https://cdn.redoc.ly/redoc/logo-mini.svg', ''],
  ] as [string, string][],
};
/** Where the page's scripts are served (the spec's getApiReferenceAsset). */
const DOCS_ASSETS_URL = '/docs/assets/';

/** How the server finds each asset the page loads: a file of a package, or one of generated/. */
export type DocsAssetSource = { package: string; file: string; replace?: [string, string][] } | { generated: string };

const digest = (algorithm: string, data: string | Buffer, encoding: 'hex' | 'base64') => createHash(algorithm).update(data).digest(encoding);
/** Content-addressed names: a name never changes meaning, so browsers may cache it for good. */
const assetName = (stem: string, content: string | Buffer) => `${stem}-${digest('sha256', content, 'hex').slice(0, 12)}.js`;

/**
 * `redocly build-docs` writes one page that pre-renders the reference and then loads Redoc from a
 * CDN through inline scripts. Here the page is rewritten so that every script is a file served by
 * this server under /docs/assets/ (none inline, so `script-src 'self'` holds):
 *  - the CDN module preload points at the local copy of the same bundle (same integrity hash);
 *  - the inline module that hydrates becomes a module file, and the definition and options it
 *    carried move into JSON data blocks (`type="application/json"` never executes);
 *  - any other inline script (Redoc's colour-mode snippet) becomes a classic script file at the
 *    same place, so it still runs before the page paints.
 * The rewrite checks each step, so a change in build-docs' output fails generation loudly.
 */
async function buildDocs(work: string): Promise<Map<string, string>> {
  const target = path.join(work, 'docs.html');
  await runNode([REDOCLY_CLI, 'build-docs', OPENAPI_SRC, '--output', target]);
  let html = await readFile(target, 'utf8');
  const fail = (what: string): never => {
    throw new Error(`redocly build-docs output changed (${what}): update buildDocs() in scripts/spec/generate.ts`);
  };

  const bundlePath = path.join(path.dirname(requireFromHere.resolve(`${REDOC_BUNDLE.package}/package.json`)), REDOC_BUNDLE.file);
  const installed = await readFile(bundlePath);
  const bundle = applyReplacements(installed, REDOC_BUNDLE.replace, bundlePath);
  const integrity = `sha384-${digest('sha384', bundle, 'base64')}`;
  const installedIntegrity = `sha384-${digest('sha384', installed, 'base64')}`;
  const bundleName = assetName('redoc', bundle);
  const sources = new Map<string, DocsAssetSource>([[bundleName, REDOC_BUNDLE]]);
  const files = new Map<string, string>();
  const addScript = (stem: string, code: string): string => {
    const text = `// ${HEADER_TEXT}\n${code.trim()}\n`;
    const name = assetName(stem, text);
    files.set(`docs-assets/${name}`, text);
    sources.set(name, { generated: `docs-assets/${name}` });
    return DOCS_ASSETS_URL + name;
  };

  // 1. The module preload: from the CDN to the local bundle (build-docs hashes the very same file).
  const preload = /<link rel="modulepreload" href="https:[^"]+" integrity="([^"]+)" crossorigin="anonymous" \/>/.exec(html) ?? fail('no CDN module preload');
  if (preload[1] !== installedIntegrity) fail(`the CDN bundle's integrity ${preload[1]} is not the local bundle's ${installedIntegrity}`);
  html = html.replace(preload[0], `<link rel="modulepreload" href="${DOCS_ASSETS_URL}${bundleName}" integrity="${integrity}" />`);

  // 2. The hydrating module: its data to JSON blocks (build-docs escapes "<" in them), its code to a file.
  const module = /<script type="module">([\s\S]*?)<\/script>/.exec(html) ?? fail('no inline module script');
  const constant = (name: string) => (new RegExp(`const ${name} = (.*);\\n`).exec(module[1] ?? '') ?? fail(`no ${name}`))[1] as string;
  const definition = constant('__redoc_definition');
  const options = constant('__redoc_options');
  JSON.parse(definition);
  JSON.parse(options);
  if (!/hydrate\(__redoc_definition, __redoc_options, document\.getElementById\('redoc'\)\)/.test(module[1] ?? '')) fail('no hydrate call');
  const hydrateScript = addScript(
    'docs',
    `
// Makes the pre-rendered reference interactive (search, expanding schemas, samples): Redoc's own
// hydrate() with the definition and options the page carries as JSON.
import { hydrate } from './${bundleName}';

const data = (id) => JSON.parse(document.getElementById(id).textContent);
hydrate(data('redoc-definition'), data('redoc-options'), document.getElementById('redoc'));`,
  );
  html = html.replace(
    module[0],
    [
      `<script type="application/json" id="redoc-definition">${definition}</script>`,
      `<script type="application/json" id="redoc-options">${options}</script>`,
      `<script type="module" src="${hydrateScript}"></script>`,
    ].join('\n      '),
  );

  // 3. Every other inline script becomes a classic script file in the same place.
  html = html.replace(/<script>([\s\S]*?)<\/script>/g, (_all, code: string) => `<script src="${addScript('redoc-inline', code)}"></script>`);
  const inline = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/.exec(html);
  if (inline) fail(`an inline script is left: ${inline[0]}`);
  const remote = /(?:src|href)="(https?:)?\/\/[^"]*"[^>]*>/.exec(html.replace(/<a [^>]*>/g, ''));
  if (remote) fail(`a resource still loads from elsewhere: ${remote[0]}`);

  files.set('docs.html', header.html + html);
  const manifest: Record<string, DocsAssetSource> = Object.fromEntries([...sources].sort(([a], [b]) => a.localeCompare(b)));
  files.set('docs-assets.json', toJson(manifest));
  return files;
}

// ---------------------------------------------------------------------------------------------

/**
 * Every closed list of values the OpenAPI document names (a component schema with an `enum`, or an
 * inline one with a `title`), as `export const NAME = [...] as const`, in the document's order: the
 * dashboard's pick-lists and filters read them, so a value added to the spec reaches them by itself.
 */
export function enumsModule(doc: JsonObject, asyncapi?: JsonObject): string {
  const found = new Map<string, Json[]>();
  const add = (name: string, values: Json[]) => {
    const known = found.get(name);
    if (known && JSON.stringify(known) !== JSON.stringify(values)) throw new Error(`two different enums are named ${name}`);
    found.set(name, values);
  };
  const walk = (value: Json, name?: string): void => {
    if (Array.isArray(value)) return value.forEach((v) => walk(v));
    if (value === null || typeof value !== 'object') return;
    const title = typeof value.title === 'string' ? value.title : name;
    if (Array.isArray(value.enum) && title && value.enum.every((v) => typeof v === 'string')) add(title, value.enum);
    for (const [k, v] of Object.entries(value)) walk(v);
  };
  const schemas = ((doc.components as JsonObject).schemas ?? {}) as JsonObject;
  for (const [name, schema] of Object.entries(schemas)) walk(schema, name);
  walk(doc.paths as Json);
  const constName = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
  const lines = [...found.keys()]
    .sort()
    .map((name) => `/** The values of \`${name}\`. */\nexport const ${constName(name)} = ${JSON.stringify(found.get(name))} as const;`);
  // The scope that reads each event type (its AsyncAPI message's `x-scope`): what a credential needs to
  // subscribe an endpoint to it or to read its events, for the dashboard's pick-list.
  const messages = ((asyncapi?.components as JsonObject | undefined)?.messages ?? {}) as Record<string, JsonObject>;
  const scopes = Object.fromEntries(Object.values(messages).map((m) => [m.name, m['x-scope']]).sort(([a], [b]) => String(a).localeCompare(String(b))));
  if (asyncapi) {
    lines.push(`/** The scope that reads each event type (its AsyncAPI message's \`x-scope\`). */\nexport const EVENT_TYPE_SCOPE = ${JSON.stringify(scopes)} as const;`);
    // The types another replaces (`x-deprecated`): still sent, no longer offered to new subscriptions.
    const deprecated = Object.values(messages).filter((m) => m['x-deprecated'] === true).map((m) => m.name).sort();
    lines.push(`/** The event types another replaces (their AsyncAPI message's \`x-deprecated\`): still sent, not offered for new subscriptions. */\nexport const DEPRECATED_EVENT_TYPES = ${JSON.stringify(deprecated)} as const;`);
  }
  return `${header.ts}// Every named enum of specs/openapi.yaml, as readonly lists${asyncapi ? ', and the scope of each event type of specs/asyncapi.yaml' : ''}.\n\n${lines.join('\n\n')}\n`;
}

async function generateAll(work: string): Promise<Map<string, string>> {
  // The split specs: every part's paths, messages and components listed in its root (parts.ts).
  const problems = [OPENAPI_SRC, ASYNCAPI_SRC].flatMap((root) => indexProblems(root));
  if (problems.length) throw new Error(`The specs' lists of their parts are incomplete:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const asyncapiPromise = bundleAsyncapi(work);
  const eventsPromise = asyncapiPromise.then(async (doc) => {
    const file = path.join(work, 'asyncapi.bundle.json');
    await writeFile(file, toJson(doc));
    return generateEvents(work, file);
  });
  const [openapi, openapiTs, asyncapi, events, docs] = await Promise.all([
    bundleOpenapi(work),
    openapiTypes(),
    asyncapiPromise,
    eventsPromise,
    buildDocs(work),
  ]);
  return new Map([
    ['openapi.json', toJson(openapi)],
    ['openapi.yaml', toYaml(openapi)],
    ['openapi.ts', openapiTs],
    ['enums.ts', enumsModule(openapi as JsonObject, asyncapi as JsonObject)],
    ['openapi-3.0.json', toJson(openapi30(openapi as JsonObject))],
    ['asyncapi.json', toJson(asyncapi)],
    ['asyncapi.yaml', toYaml(asyncapi)],
    ['events.ts', events],
    [RECEIVER_EVENTS_FILE, receiverEventsModule(events, asyncapi as JsonObject)],
    [RECEIVER_PYTHON_EVENTS_FILE, receiverPythonModule(asyncapi as JsonObject, HEADER_TEXT)],
    ...docs,
    // Each older API version's documents, derived from these by its transforms (scripts/spec/version-documents.ts).
    ...OLDER_VERSIONS.flatMap((version): [string, string][] => {
      const openapiOf = documentForVersion(openapi as JsonObject, version);
      return [
        [versionDocumentFile(version, 'openapi.json'), toJson(openapiOf)],
        [versionDocumentFile(version, 'openapi-3.0.json'), toJson(openapi30(openapiOf))],
        [versionDocumentFile(version, 'asyncapi.json'), toJson(documentForVersion(asyncapi as JsonObject, version))],
      ];
    }),
  ]);
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out.sort();
}

const sha = (s: string | Buffer): string => createHash('sha256').update(s).digest('hex').slice(0, 12);

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--check');
  if (unknown.length) {
    console.error(`Unknown argument(s): ${unknown.join(' ')}\nUsage: generate.ts [--check]`);
    return 2;
  }
  const check = args.includes('--check');
  const started = performance.now();
  const work = await mkdtemp(path.join(tmpdir(), 'api-generate-'));
  try {
    const expected = await generateAll(work);
    const existing = await listFiles(OUT);
    const stale: string[] = [];
    const missing: string[] = [];
    for (const [name, content] of expected) {
      const file = path.join(OUT, name);
      if (!existsSync(file)) missing.push(name);
      else if (!(await readFile(file)).equals(Buffer.from(content))) stale.push(name);
    }
    const extra = existing.filter((name) => !expected.has(name));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);

    if (check) {
      if (!stale.length && !missing.length && !extra.length) {
        console.log(`generated/ is up to date (${expected.size} files, ${seconds} s)`);
        return 0;
      }
      for (const name of stale) console.error(`stale:   generated/${name}`);
      for (const name of missing) console.error(`missing: generated/${name}`);
      for (const name of extra) console.error(`extra:   generated/${name}`);
      console.error('generated/ is out of date with specs/: run `npm run generate`');
      return 1;
    }

    await mkdir(OUT, { recursive: true });
    for (const name of [...missing, ...stale]) {
      await mkdir(path.dirname(path.join(OUT, name)), { recursive: true });
      await writeFile(path.join(OUT, name), expected.get(name) ?? '');
    }
    for (const name of extra) await rm(path.join(OUT, name));
    for (const [name, content] of expected) {
      const state = missing.includes(name) ? 'created' : stale.includes(name) ? 'updated' : 'unchanged';
      console.log(`${state.padEnd(9)} generated/${name}  (${Buffer.byteLength(content)} bytes, sha256 ${sha(content)})`);
    }
    for (const name of extra) console.log(`removed   generated/${name}`);
    console.log(`done in ${seconds} s`);
    return 0;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
