/**
 * The growth rule of the documents (docs/api-versions.md, "What may grow"), run by
 * `npm run lint:specs` on the bundled documents (generated/openapi.json, generated/asyncapi.json):
 *
 *  1. No `additionalProperties: false` in a schema that only answers or event payloads use: a new
 *     response property ships without a new API version, so a client generated today must accept
 *     it. Schemas a request uses stay strict (unknown fields are answered 400); a schema both use
 *     (a component reachable from a request and from an answer) keeps what the request needs.
 *  2. An enum marked `x-extensible-enum` (a list that grows without a new version) is used in an
 *     answer or an event payload only written open: `anyOf: [<the enum>, {type: string}]`. JSON Schema
 *     has no open enum, and every generator makes a closed type of `enum` whatever the mark says.
 *     Requests keep the closed enum (the server validates them strictly).
 */
import { isObject, type Json, type JsonObject } from './json.js';

const SCHEMA_REF = '#/components/schemas/';
const SUBSCHEMA = ['items', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalProperties', 'unevaluatedItems', 'unevaluatedProperties'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs'];

/** Every `$ref` inside a value. */
function refsIn(value: Json, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) k === '$ref' && typeof v === 'string' ? out.push(v) : refsIn(v, out);
  return out;
}

const schemaName = (ref: string): string | undefined => (ref.startsWith(SCHEMA_REF) ? ref.slice(SCHEMA_REF.length) : undefined);

/** The component schemas reachable from `roots` (following `$ref`s through components of any kind). */
function reachable(doc: JsonObject, roots: Json[]): Set<string> {
  const components = (doc.components ?? {}) as JsonObject;
  const seen = new Set<string>();
  const stack = roots.flatMap((r) => refsIn(r));
  while (stack.length) {
    const ref = stack.pop() as string;
    if (seen.has(ref) || !ref.startsWith('#/components/')) continue;
    seen.add(ref);
    const [kind, name] = ref.slice('#/components/'.length).split('/');
    const target = ((components[kind ?? ''] ?? {}) as JsonObject)[decodeURIComponent((name ?? '').replace(/~1/g, '/').replace(/~0/g, '~'))];
    if (target !== undefined) stack.push(...refsIn(target));
  }
  return new Set([...seen].map(schemaName).filter((n): n is string => n !== undefined));
}

/** An `anyOf` branch that lets any string through: `{type: string}` with annotations only. */
const isAnyString = (s: Json): boolean =>
  isObject(s) && s.type === 'string' && Object.keys(s).every((k) => ['type', 'description', 'title', 'examples'].includes(k));

const isGrowingEnum = (s: Json | undefined): s is JsonObject => isObject(s) && Array.isArray(s.enum) && s['x-extensible-enum'] === true;

/** What answers and event payloads use, walked for the two rules; `where` names the place in problems. */
function checkResponseSchemas(
  schemas: JsonObject,
  roots: { where: string; schema: Json }[],
  strict: ReadonlySet<string>,
  problems: string[],
): void {
  const walked = new Set<string>();
  const walk = (node: Json, where: string, openUse: boolean): void => {
    if (!isObject(node)) return;
    if (typeof node.$ref === 'string') {
      const name = schemaName(node.$ref);
      const target = name === undefined ? undefined : schemas[name];
      if (name !== undefined && isGrowingEnum(target) && !openUse) {
        problems.push(`${name} (used at ${where}): an enum marked x-extensible-enum is closed where an answer or event uses it; new values ship without a new API version, so write it open there: anyOf: [{ $ref: '${node.$ref}' }, { type: string }]`);
      }
      if (name !== undefined && target !== undefined && !walked.has(name)) {
        walked.add(name);
        // A component a request also uses keeps additionalProperties: false (its request needs it).
        walk(target, name, true);
      }
      return;
    }
    const inShared = strict.has(where.split('/')[0] ?? '');
    if (node.additionalProperties === false && !inShared) {
      problems.push(`${where}: additionalProperties: false in a schema only answers or event payloads use; a new property ships without a new API version, so a strict client must not refuse it: remove it (requests stay strict on their own schemas)`);
    }
    if (isGrowingEnum(node) && !openUse) {
      problems.push(`${typeof node.title === 'string' ? node.title : where} (at ${where}): an enum marked x-extensible-enum is closed in an answer or event; write it open: anyOf: [<the enum, a named schema>, { type: string }]`);
    }
    const anyOf = Array.isArray(node.anyOf) ? node.anyOf : [];
    const open = anyOf.some(isAnyString);
    for (const k of SUBSCHEMA) if (node[k] !== undefined) walk(node[k] as Json, `${where}/${k}`, false);
    for (const k of SUBSCHEMA_LISTS) {
      const list = Array.isArray(node[k]) ? (node[k] as Json[]) : [];
      list.forEach((s, i) => walk(s, `${where}/${k}/${i}`, k === 'anyOf' && open));
    }
    for (const k of SUBSCHEMA_MAPS) for (const [p, s] of Object.entries(isObject(node[k]) ? (node[k] as JsonObject) : {})) walk(s, `${where}/${k}/${p}`, false);
  };
  for (const r of roots) walk(r.schema, r.where, false);
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Every problem of the growth rule in the bundled OpenAPI document and (optionally) the bundled AsyncAPI document. */
export function growthProblems(openapi: JsonObject, asyncapi?: JsonObject): string[] {
  const problems: string[] = [];
  const requestRoots: Json[] = [];
  const responseRoots: { where: string; schema: Json }[] = [];
  for (const [path, item] of Object.entries((openapi.paths ?? {}) as JsonObject)) {
    if (!isObject(item)) continue;
    requestRoots.push(item.parameters ?? null);
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method) || !isObject(op)) continue;
      requestRoots.push(op.parameters ?? null, op.requestBody ?? null);
      for (const [status, response] of Object.entries(isObject(op.responses) ? op.responses : {})) {
        const resolved = isObject(response) && typeof response.$ref === 'string' ? refsIn(response) : [];
        const bodies = isObject(response) && isObject(response.content) ? Object.entries(response.content) : [];
        for (const [media, m] of bodies) if (isObject(m)) responseRoots.push({ where: `${method.toUpperCase()} ${path} ${status} ${media}`, schema: m.schema ?? null });
        for (const ref of resolved) {
          const name = ref.split('/').at(-1) ?? '';
          const shared = (((openapi.components as JsonObject | undefined)?.responses ?? {}) as JsonObject)[name];
          for (const [media, m] of Object.entries(isObject(shared) && isObject(shared.content) ? shared.content : {})) {
            if (isObject(m)) responseRoots.push({ where: `${method.toUpperCase()} ${path} ${status} ${media}`, schema: m.schema ?? null });
          }
        }
      }
    }
  }
  const strict = reachable(openapi, requestRoots);
  checkResponseSchemas(((openapi.components as JsonObject | undefined)?.schemas ?? {}) as JsonObject, responseRoots, strict, problems);

  if (asyncapi) {
    // The AsyncAPI bundle copies the OpenAPI schemas it uses under their own names: a copy of a
    // schema a request uses keeps what the request needs, as in the OpenAPI document.
    const components = (asyncapi.components ?? {}) as JsonObject;
    const messages = Object.entries((components.messages ?? {}) as JsonObject);
    const roots = messages.map(([name, m]) => ({ where: `message ${name}`, schema: isObject(m) ? (m.payload ?? null) : null }));
    const eventProblems: string[] = [];
    checkResponseSchemas((components.schemas ?? {}) as JsonObject, roots, strict, eventProblems);
    problems.push(...eventProblems.map((p) => `asyncapi: ${p}`));
  }
  return [...new Set(problems)];
}
