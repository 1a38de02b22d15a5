// The spec is the source of truth: handlers, error responses, scopes and generated files follow it.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nodeAt, pointerPath } from '../scripts/spec/json.js';
import { indexProblems } from '../scripts/spec/parts.js';
import { describe, expect, it } from 'vitest';
import { operationHandlers } from '../src/http/app.js';
import { allScopes } from '../src/shared/spec.js';
import { SUPPORTED_VERSIONS } from '../src/shared/versions.js';

interface Op {
  operationId: string;
  parameters?: { $ref?: string }[];
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}
const spec = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as {
  paths: Record<string, Record<string, Op>>;
  components: {
    securitySchemes: { bearerAuth: { description: string; 'x-scopes': Record<string, string> } };
    schemas: Record<string, { enum?: string[] }>;
  };
};
const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, op]) => ({ path, method, ...op })),
);

describe('the OpenAPI document', () => {
  it('has exactly one registered handler per operationId (no stub, no orphan)', () => {
    expect(Object.keys(operationHandlers).sort()).toEqual(operations.map((o) => o.operationId).sort());
  });

  it('uses stable camelCase operationIds, each once', () => {
    const ids = operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]+$/);
  });

  it('declares the shared error responses on every /v1 operation, and 404/413/415 where they apply', () => {
    for (const op of operations.filter((o) => o.path.startsWith('/v1/'))) {
      const codes = Object.keys(op.responses);
      // Signing in needs no scope and no CSRF token: nothing answers 403 there.
      const shared = op.operationId === 'createSession' ? ['400', '401', '429', '500'] : ['400', '401', '403', '429', '500'];
      for (const code of shared) expect(codes, `${op.operationId} ${code}`).toContain(code);
      if (op.path.includes('{')) expect(codes, `${op.operationId} 404`).toContain('404');
      // Every POST takes an Idempotency-Key, whose conflicts answer 409 (signing in takes none).
      if (op.method === 'post' && op.operationId !== 'createSession') expect(codes, `${op.operationId} 409`).toContain('409');
      if ((op as { requestBody?: unknown }).requestBody) {
        expect(codes, `${op.operationId} 413`).toContain('413');
        expect(codes, `${op.operationId} 415`).toContain('415');
      }
    }
  });

  it('declares X-RateLimit-* (from components.headers) on every response of every operation, and 429 and 503 on every /v1 and /oauth operation', () => {
    const responses = (spec.components as unknown as { responses: Record<string, { headers?: Record<string, { $ref?: string }> }> }).responses;
    for (const op of operations) {
      for (const [code, response] of Object.entries(op.responses) as [string, { $ref?: string; headers?: Record<string, { $ref?: string }> }][]) {
        const resolved = response.$ref ? responses[response.$ref.split('/').pop()!]! : response;
        for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
          expect(resolved.headers?.[name]?.$ref, `${op.operationId} ${code} ${name}`).toBe(`#/components/headers/${name}`);
        }
      }
      if (/^\/(v1|oauth)\//.test(op.path)) for (const code of ['429', '503']) expect(Object.keys(op.responses), `${op.operationId} ${code}`).toContain(code);
    }
  });

  it('requires exactly one known scope, of a key or of a session, on every /v1 operation and none on platform operations', () => {
    const scopes = allScopes();
    for (const op of operations) {
      if (op.operationId === 'createSession') {
        expect(op.security, op.operationId).toEqual([]); // signing in
      } else if (op.path === '/v1/sessions/current' || op.path.startsWith('/v1/sessions/current/')) {
        expect(op.security, op.operationId).toEqual([{ sessionCookie: [] }]); // only a session has a current session
      } else if (op.path.startsWith('/v1/')) {
        // A key (or token) and a dashboard session, each with the same one scope; the customer
        // operations take either the customer scope or the order scope of the same kind.
        const alternatives = op.path.startsWith('/v1/customers') ? 2 : 1;
        expect(op.security, op.operationId).toHaveLength(2 * alternatives);
        for (let i = 0; i < alternatives; i++) {
          const required = op.security![2 * i]!.bearerAuth!;
          expect(required).toHaveLength(1);
          expect(scopes).toContain(required[0]);
          expect(op.security![2 * i + 1], op.operationId).toEqual({ sessionCookie: required });
        }
        if (alternatives === 2) expect(op.security![2]!.bearerAuth![0]).toBe(op.security![0]!.bearerAuth![0]!.replace('customers:', 'orders:'));
      } else if (op.path.startsWith('/oauth/')) {
        expect(op.security, op.operationId).toEqual([{ oauthClient: [] }]);
      } else {
        expect(op.security, op.operationId).toEqual([]);
      }
    }
  });

  it('documents every scope of x-scopes in the bearerAuth description table', () => {
    const scheme = spec.components.securitySchemes.bearerAuth;
    const documented = [...scheme.description.matchAll(/^\| `([a-z_]+:[a-z_]+)` \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.keys(scheme['x-scopes']).sort());
    for (const s of ['orders:read', 'orders:write', 'carriers:read', 'carriers:write', 'accounting:read', 'accounting:write', 'webhooks:manage']) {
      expect(documented, `the specification's scope ${s}`).toContain(s);
    }
  });
});

describe('platform policies in the document', () => {
  it('lists exactly the versions of the server registry in ApiVersion, newest first', () => {
    expect(spec.components.schemas.ApiVersion!.enum).toEqual([...SUPPORTED_VERSIONS]);
  });
  it("types every list's next_cursor as an id or null (null on the last page)", () => {
    const lists = Object.entries(spec.components.schemas).filter(([, s]) => (s as { properties?: Record<string, unknown> }).properties?.next_cursor);
    expect(lists.length).toBeGreaterThanOrEqual(10);
    for (const [name, schema] of lists) {
      const cursor = (schema as { properties: { next_cursor: { oneOf?: { type?: string; $ref?: string }[]; anyOf?: { type?: string; $ref?: string }[] } } }).properties.next_cursor;
      // A cursor that is a growing enum's value (an event type) is open as the enum is in answers
      // (docs/api-versions.md, "What may grow"): the enum, any string, or null.
      if (cursor.anyOf) expect(cursor.anyOf.map((s) => s.type ?? 'id'), name).toEqual(['id', 'string', 'null']);
      else expect(cursor.oneOf?.map((s) => s.type ?? 'id'), name).toEqual(['id', 'null']);
    }
  });
  it('lists exactly the x-scopes in the Scope enum', () => {
    expect([...spec.components.schemas.Scope!.enum!].sort()).toEqual(Object.keys(spec.components.securitySchemes.bearerAuth['x-scopes']).sort());
  });
  it('declares the Idempotency-Key header on every /v1 POST but signing in (a stored answer would hold the session token)', () => {
    for (const op of operations.filter((o) => o.method === 'post' && o.path.startsWith('/v1/') && o.operationId !== 'createSession')) {
      expect(op.parameters?.map((p) => p.$ref), op.operationId).toContain('#/components/parameters/IdempotencyKey');
    }
  });
});

describe('the text rule in the document', () => {
  // The server refuses text holding a NUL or an unpaired surrogate in every request (PostgreSQL cannot
  // store it); a generator or a fuzzer knows only what the document says, so every string a request
  // can carry states a pattern that refuses both.
  const doc = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as Record<string, any>;
  const resolve = (ref: string): any => nodeAt(doc, pointerPath(ref.slice(1)));
  /** Every string schema a request can carry, with the patterns that apply to it (its own and its allOf's). */
  function requestStrings(): { where: string; patterns: string[]; examples: string[] }[] {
    const found: { where: string; patterns: string[]; examples: string[] }[] = [];
    const walk = (node: any, where: string, seen: string[]): void => {
      if (!node || typeof node !== 'object') return;
      if (node.$ref) return seen.includes(node.$ref) ? undefined : walk(resolve(node.$ref), where, [...seen, node.$ref]);
      // A schema's own keywords and its allOf members' (`allOf: [$ref: Line]` with a maxLength beside it).
      const members = (n: any, seen: string[]): any[] => (n.allOf ?? []).flatMap((m: any) => {
        const target = m.$ref ? (seen.includes(m.$ref) ? undefined : resolve(m.$ref)) : m;
        return target ? [target, ...members(target, m.$ref ? [...seen, m.$ref] : seen)] : [];
      });
      const parts = [node, ...members(node, seen)];
      const types = parts.flatMap((p) => [p.type].flat()).filter(Boolean);
      if (types.includes('string') && parts.every((p) => p.enum === undefined && p.const === undefined)) found.push({ where, patterns: parts.map((p) => p.pattern).filter(Boolean), examples: [...parts.map((p) => p.example), ...(parts.flatMap((p) => p.examples ?? []))].filter((e) => typeof e === 'string') });
      for (const k of ['items', 'additionalProperties', 'propertyNames', 'then', 'else']) if (typeof node[k] === 'object') walk(node[k], `${where}/${k}`, seen);
      for (const k of ['anyOf', 'oneOf']) (node[k] ?? []).forEach((s: any, i: number) => walk(s, `${where}/${k}/${i}`, seen));
      for (const part of parts) for (const [name, s] of Object.entries(part.properties ?? {})) walk(s, `${where}.${name}`, seen);
    };
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        if (!op?.responses) continue;
        for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: any) => (p.$ref ? resolve(p.$ref) : p))) walk(p.schema, `${method} ${path} ${p.in} ${p.name}`, []);
        for (const [type, media] of Object.entries<any>(op.requestBody?.content ?? {})) walk(media.schema, `${method} ${path} ${type}`, []);
      }
    }
    return found;
  }

  it('refuses NUL and unpaired surrogates in every string a request can carry, and keeps the rest of Unicode', () => {
    const strings = requestStrings();
    expect(strings.length).toBeGreaterThan(200);
    // Strings typed through allOf alone are among them (a city: `allOf: [$ref: Line]`, maxLength 100).
    expect(strings.some(({ where, patterns }) => where.endsWith('.city') && patterns.length > 0)).toBe(true);
    let withExample = 0;
    for (const { where, patterns, examples } of strings) {
      const regexes = patterns.map((p) => new RegExp(p, 'u'));
      const refuses = (text: string) => regexes.some((r) => !r.test(text));
      expect(patterns.length, `${where}: no pattern`).toBeGreaterThan(0);
      expect(refuses('a\u0000b'), `${where} accepts a NUL`).toBe(true);
      expect(refuses('a\ud800b'), `${where} accepts an unpaired high surrogate`).toBe(true);
      expect(refuses('a\udc00b'), `${where} accepts an unpaired low surrogate`).toBe(true);
      // Within a value the pattern otherwise accepts (its example), too.
      for (const example of examples.filter((e) => !refuses(e))) {
        withExample++;
        for (const bad of ['\u0000', '\ud800', '\udfff']) expect(refuses(example + bad), `${where} accepts ${JSON.stringify(example + bad)}`).toBe(true);
      }
    }
    expect(withExample).toBeGreaterThan(20);
    // Portable: no pattern names a surrogate, which engines over Unicode scalar values (Rust's:
    // jsonschema-rs, pydantic) refuse to compile, so a fuzzer or a generated model would drop it.
    for (const { where, patterns } of strings) for (const p of patterns) expect(p, where).not.toMatch(/\\u[dD][89abAB]|\\u[dD][c-fC-F]/);
    const text = new RegExp(doc.components.schemas.Text.pattern, 'u');
    for (const ok of ['', 'Plain text', 'Zoë’s 🚗 → Miami\nsecond line', '\u{10FFFF}', '\uD7FF\uE000 at the edges']) expect(text.test(ok), JSON.stringify(ok)).toBe(true);
    const line = new RegExp(doc.components.schemas.Line.pattern, 'u');
    expect(line.test('Zoë’s 🚗 → Miami')).toBe(true);
    expect(line.test('two\nlines')).toBe(false);
  });
});

describe('the specs split by domain', () => {
  it('list every path, message and component of every part in their root, and nothing else', () => {
    expect(indexProblems('specs/openapi.yaml')).toEqual([]);
    expect(indexProblems('specs/asyncapi.yaml')).toEqual([]);
  });

  it('name the line to add for an entry a part defines but the root does not list, and a listed entry no part defines', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vt-spec-parts-'));
    try {
      cpSync('specs', dir, { recursive: true });
      const part = path.join(dir, 'openapi', 'customers.yaml');
      writeFileSync(part, readFileSync(part, 'utf8').replace('\n  schemas:\n', '\n  schemas:\n    CustomerTier:\n      type: string\n'));
      const root = path.join(dir, 'openapi.yaml');
      writeFileSync(root, readFileSync(root, 'utf8').replace("    Customer: {$ref: './openapi/customers.yaml#/components/schemas/Customer'}\n", ''));
      const problems = indexProblems(root);
      expect(problems).toContain("components.schemas.CustomerTier of openapi/customers.yaml is not listed in openapi.yaml: add `CustomerTier: {$ref: './openapi/customers.yaml#/components/schemas/CustomerTier'}` under components.schemas");
      expect(problems).toContain("components.schemas.Customer of openapi/customers.yaml is not listed in openapi.yaml: add `Customer: {$ref: './openapi/customers.yaml#/components/schemas/Customer'}` under components.schemas");
      expect(problems).toHaveLength(2);
      writeFileSync(root, readFileSync(root, 'utf8').replace("./openapi/customers.yaml#/components/schemas/CustomerCreate'", "./openapi/orders.yaml#/components/schemas/CustomerCreate'"));
      expect(indexProblems(root)).toContain('components.schemas.CustomerCreate in openapi.yaml names ./openapi/orders.yaml#/components/schemas/CustomerCreate, which no part defines under that name');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // (Reads every part of both documents three times: seconds alone, more beside another test file.)
  }, 120_000);
});

describe('generated/', () => {
  it('is fresh: npm run generate would change nothing', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/spec/generate.ts', '--check'], { encoding: 'utf8', stdio: 'pipe' });
    expect(out).toMatch(/up to date/);
  }, 120_000);
});
