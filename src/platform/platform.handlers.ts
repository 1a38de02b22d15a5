// Unauthenticated platform operations: published specs, reference docs, health, readiness, metrics.
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { errors } from '../shared/errors.js';
import type { PublicHandlers } from '../shared/handlers.js';
import { registry } from '../shared/metrics.js';
import { generatedFile } from '../shared/spec.js';
import { applyReplacements } from '../shared/replacements.js';
import { documentYaml } from '../shared/document-yaml.js';
import { CURRENT_VERSION, type ApiVersion } from '../shared/versions.js';

// Each published file is read on its first request and kept: about 3 MB that most processes never serve.
const file = (name: string) => readFileSync(generatedFile(name), 'utf8');
const once = <T>(load: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= load());
};
const published = {
  openapiJson: once(() => JSON.parse(file('openapi.json')) as Record<string, unknown>),
  openapi30Json: once(() => JSON.parse(file('openapi-3.0.json')) as Record<string, unknown>),
  openapiYaml: once(() => file('openapi.yaml')),
  asyncapiJson: once(() => JSON.parse(file('asyncapi.json')) as Record<string, unknown>),
  asyncapiYaml: once(() => file('asyncapi.yaml')),
};

type Document = 'openapi.json' | 'openapi-3.0.json' | 'asyncapi.json';
/**
 * An older API version's documents (generated/versions/<version>/, derived by npm run generate from
 * the current ones by that version's transforms), each read on its first request and kept; the YAML
 * is the JSON document rendered as the generated YAML files are.
 */
const older = new Map<string, { json: Record<string, unknown>; yaml?: string }>();
function olderDocument(version: ApiVersion, name: Document): { json: Record<string, unknown>; yaml: () => string } {
  const key = `${version}/${name}`;
  let kept = older.get(key);
  if (!kept) older.set(key, (kept = { json: JSON.parse(file(`versions/${version}/${name}`)) as Record<string, unknown> }));
  const entry = kept;
  return { json: entry.json, yaml: () => (entry.yaml ??= documentYaml(entry.json, `# API version ${version}: generated/versions/${version}/${name} as YAML.\n`)) };
}
/** The version a published document is asked for in (the validated `version` query parameter), the current one by default. */
const askedVersion = (query: { version?: ApiVersion }): ApiVersion | undefined =>
  query.version === undefined || query.version === CURRENT_VERSION ? undefined : query.version;

/** The document `name` of the version asked for, or the current one (`current`, read once). */
function documentOf<T>(query: { version?: ApiVersion }, name: Document, current: () => T): T | Record<string, unknown> {
  const version = askedVersion(query);
  return version ? olderDocument(version, name).json : current();
}

/** The same document as YAML text. */
function yamlOf(query: { version?: ApiVersion }, name: Document, current: () => string): string {
  const version = askedVersion(query);
  return version ? olderDocument(version, name).yaml() : current();
}

/**
 * The reference page's policy: scripts from this origin only (the page has no inline script; see
 * scripts/spec/generate.ts), inline styles allowed (Redoc's pre-rendered styles are inline).
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A static answer kept in memory, with its gzip form made on first demand. */
class StaticFile {
  private gzipped: Buffer | undefined;
  constructor(readonly bytes: Buffer) {}
  /** The bytes and headers for a request: gzip when it accepts gzip. */
  answer(headers: IncomingHttpHeaders): { body: Buffer; headers: Record<string, string> } {
    if (!/\bgzip\b/.test(String(headers['accept-encoding'] ?? ''))) return { body: this.bytes, headers: { Vary: 'Accept-Encoding' } };
    this.gzipped ??= gzipSync(this.bytes, { level: 9 });
    return { body: this.gzipped, headers: { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } };
  }
}

/**
 * The scripts /docs loads, by name (generated/docs-assets.json): the page's own from generated/, and
 * Redoc's bundle from the npm package that pre-rendered the page. The production build copies that
 * bundle beside the compiled code (dist/docs-assets/), so a production install needs no dev package;
 * in development it is read where npm installed it.
 */
function loadDocsAssets(): Map<string, StaticFile> {
  type Source = { package: string; file: string; replace?: [string, string][] } | { generated: string };
  const manifest = JSON.parse(file('docs-assets.json')) as Record<string, Source>;
  const require = createRequire(import.meta.url);
  const assets = new Map<string, StaticFile>();
  for (const [name, source] of Object.entries(manifest)) {
    if ('generated' in source) {
      assets.set(name, new StaticFile(readFileSync(generatedFile(source.generated))));
      continue;
    }
    // The build's copy has the replacements made already; the package's file gets them here.
    // (A production install has no dev package: the build's copy is all there is.)
    const built = fileURLToPath(new URL(`../docs-assets/${name}`, import.meta.url));
    if (existsSync(built)) {
      assets.set(name, new StaticFile(readFileSync(built)));
      continue;
    }
    const installed = path.join(path.dirname(require.resolve(`${source.package}/package.json`)), source.file);
    assets.set(name, new StaticFile(applyReplacements(readFileSync(installed), source.replace, installed)));
  }
  return assets;
}
const docsPage = once(() => new StaticFile(Buffer.from(file('docs.html'))));
const docsAssets = once(loadDocsAssets);

export const handlers: PublicHandlers<
  | 'getOpenApiJson'
  | 'getOpenApi30Json'
  | 'getOpenApiYaml'
  | 'getAsyncApiJson'
  | 'getAsyncApiYaml'
  | 'getApiReference'
  | 'getApiReferenceAsset'
  | 'getHealth'
  | 'getReadiness'
  | 'getMetrics'
> = {
  // Each published document in the version asked for (`?version=`), the current one by default.
  getOpenApiJson: async ({ query }) => ({ status: 200, body: documentOf(query, 'openapi.json', published.openapiJson) }),
  getOpenApi30Json: async ({ query }) => ({ status: 200, body: documentOf(query, 'openapi-3.0.json', published.openapi30Json) }),
  // The YAML endpoints answer the document's text; their schema describes the document it parses to.
  getOpenApiYaml: async ({ query }) => ({ status: 200, body: yamlOf(query, 'openapi.json', published.openapiYaml) as never, contentType: 'application/yaml' }),
  getAsyncApiJson: async ({ query }) => ({ status: 200, body: documentOf(query, 'asyncapi.json', published.asyncapiJson) }),
  getAsyncApiYaml: async ({ query }) => ({ status: 200, body: yamlOf(query, 'asyncapi.json', published.asyncapiYaml) as never, contentType: 'application/yaml' }),
  async getApiReference(_input, ctx) {
    const { body, headers } = docsPage().answer(ctx.headers);
    return {
      status: 200,
      body: body as never,
      contentType: 'text/html; charset=utf-8',
      headers: { ...headers, 'Content-Security-Policy': DOCS_CSP, 'Cache-Control': 'no-cache' },
    };
  },
  async getApiReferenceAsset({ params }, ctx) {
    const asset = docsAssets().get(params.asset);
    if (!asset) throw errors.resourceMissing('asset', params.asset, 'asset');
    const { body, headers } = asset.answer(ctx.headers);
    return {
      status: 200,
      body: body as never,
      contentType: 'text/javascript; charset=utf-8',
      headers: { ...headers, 'Cache-Control': IMMUTABLE, 'X-Content-Type-Options': 'nosniff' },
    };
  },
  getHealth: async () => ({ status: 200, body: { status: 'ok' } }),
  async getReadiness(_input, ctx) {
    let database: 'ok' | 'unavailable' = 'ok';
    try {
      await ctx.em.execute('select 1');
    } catch {
      database = 'unavailable';
    }
    if (database === 'ok' && !ctx.shuttingDown) return { status: 200, body: { status: 'ready', database } };
    return { status: 503, body: { status: 'not_ready', database } };
  },
  getMetrics: async () => ({ status: 200, body: await registry.metrics(), contentType: registry.contentType }),
};
