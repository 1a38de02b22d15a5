/**
 * The house rules of the API as a Spectral ruleset: the conventions of the API design (create 201
 * with `Location`, actions 200, times as Unix seconds, calendar dates, the standard fields of a
 * resource, one shape of list, documented headers and errors, descriptions everywhere, one way to
 * write a nullable value) checked on the bundled documents of every served version
 * (`npm run lint:specs`, scripts/lint-specs.ts). Each rule has a fixture that breaks it in
 * test/unit/spec-rules.test.ts.
 *
 * The engine is Spectral's (@stoplight/spectral-core and its functions, pinned in package.json; the
 * AsyncAPI parser already runs them). The rules read the bundled documents (generated/*.json, one
 * file with internal `$ref`s), so a violation is named by its JSON path in the served document.
 *
 * What the documents do not follow yet is in EXCEPTIONS below, each with its reason: a fix that
 * would break a client waits for an API version, and an exception nothing matches any more fails
 * the check (so the list only shrinks as the fixes land).
 */
import spectralCore, { type RulesetDefinition, type IFunctionResult } from '@stoplight/spectral-core';
const { createRulesetFunction } = spectralCore;

type Json = Record<string, unknown>;
type Path = (string | number)[];

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** The names of the shared schemas the rules read. */
export const UNIX_TIME = 'UnixTime';
export const CALENDAR_DATE = 'CalendarDate';
export const METADATA = 'Metadata';

/** The object a `#/...` reference points to in `doc`. */
function target(doc: Json, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    if (!isObject(node)) return undefined;
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return isObject(node) ? node : undefined;
}

/** `node` with its `$ref`s followed (at most a few hops). */
function deref(doc: Json, node: unknown): Json | undefined {
  let n = node;
  for (let i = 0; i < 10 && isObject(n) && typeof n.$ref === 'string'; i++) n = target(doc, n.$ref);
  return isObject(n) ? n : undefined;
}

/** The schema name a `$ref` names (`#/components/schemas/X` -> `X`). */
const refName = (node: unknown): string | undefined =>
  isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/') ? node.$ref.split('/').pop() : undefined;

/** The schema names a property's schema is made of: itself, `allOf`/`oneOf`/`anyOf` branches (not null). */
function refsOf(schema: unknown): string[] {
  if (!isObject(schema)) return [];
  const own = refName(schema);
  if (own) return [own];
  return ['allOf', 'oneOf', 'anyOf'].flatMap((k) => (Array.isArray(schema[k]) ? (schema[k] as unknown[]).flatMap(refsOf) : []));
}

const isNullBranch = (v: unknown) => isObject(v) && v.type === 'null';

/** Every schema of a document's components, nested ones included, with its path. */
function* schemasIn(doc: Json): Generator<{ schema: Json; path: Path; property?: string; owner?: Json }> {
  const schemas = (doc.components as Json | undefined)?.schemas;
  if (!isObject(schemas)) return;
  function* walk(schema: unknown, path: Path, property?: string, owner?: Json): Generator<{ schema: Json; path: Path; property?: string; owner?: Json }> {
    if (!isObject(schema)) return;
    yield { schema, path, property, owner };
    if (isObject(schema.properties)) for (const [name, sub] of Object.entries(schema.properties)) yield* walk(sub, [...path, 'properties', name], name, schema);
    for (const k of ['allOf', 'oneOf', 'anyOf']) if (Array.isArray(schema[k])) for (const [i, sub] of (schema[k] as unknown[]).entries()) yield* walk(sub, [...path, k, i], property, owner);
    if (isObject(schema.items)) yield* walk(schema.items, [...path, 'items'], undefined, schema);
    if (isObject(schema.additionalProperties)) yield* walk(schema.additionalProperties, [...path, 'additionalProperties'], undefined, schema);
  }
  for (const [name, schema] of Object.entries(schemas)) yield* walk(schema, ['components', 'schemas', name]);
}

/** Every property of every schema (not the schemas themselves). */
function* propertiesIn(doc: Json) {
  for (const s of schemasIn(doc)) if (s.property !== undefined && s.path.at(-2) === 'properties') yield s as { schema: Json; path: Path; property: string; owner: Json };
}

interface Operation { path: string; method: string; op: Json; where: Path }
function* operationsIn(doc: Json): Generator<Operation> {
  if (!isObject(doc.paths)) return;
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) if (isObject(item[method])) yield { path, method, op: item[method] as Json, where: ['paths', path, method] };
  }
}

/** The parameters of an operation, those of its path item included, resolved. */
function parametersOf(doc: Json, o: Operation): { p: Json; raw: unknown; where: Path }[] {
  const item = (doc.paths as Json)[o.path] as Json;
  const out: { p: Json; raw: unknown; where: Path }[] = [];
  for (const [list, where] of [[item.parameters, ['paths', o.path, 'parameters']], [o.op.parameters, [...o.where, 'parameters']]] as const) {
    if (!Array.isArray(list)) continue;
    for (const [i, raw] of list.entries()) {
      const p = deref(doc, raw);
      if (p) out.push({ p, raw, where: [...where, i] });
    }
  }
  return out;
}

/** The success responses (2xx) of an operation, resolved. */
function successes(doc: Json, op: Json): { status: string; response: Json }[] {
  const responses = isObject(op.responses) ? op.responses : {};
  return Object.entries(responses)
    .filter(([status]) => /^2\d\d$/.test(status))
    .map(([status, r]) => ({ status, response: deref(doc, r) ?? {} }));
}

const headersOf = (doc: Json, response: Json): string[] => Object.keys(isObject(response.headers) ? response.headers : {}).map((h) => h.toLowerCase());

/** The JSON schema of a response (application/json), resolved once. */
function jsonSchemaOf(doc: Json, response: Json): { ref?: string; schema?: Json } {
  const content = isObject(response.content) ? response.content : {};
  const media = content['application/json'];
  if (!isObject(media)) return {};
  return { ref: refName(media.schema), schema: deref(doc, media.schema) };
}

const segments = (path: string) => path.split('/').filter(Boolean);
const isParam = (segment: string | undefined) => segment !== undefined && segment.startsWith('{');

/** A collection path: a literal last segment after a literal one (`/v1/orders`, `/v1/test_helpers/test_clocks`). */
const isCollectionPath = (path: string) => {
  const s = segments(path);
  return s.length >= 2 && !isParam(s.at(-1)) && !isParam(s.at(-2)) && !s.at(-1)!.includes('.');
};
/** An action path: a literal last segment after a path parameter (`/v1/orders/{order_id}/cancel`). */
const isActionPath = (path: string) => {
  const s = segments(path);
  return s.length >= 2 && !isParam(s.at(-1)) && isParam(s.at(-2));
};

const result = (message: string, path: Path): IFunctionResult => ({ message, path });
const isOpenapi = (doc: Json) => typeof doc.openapi === 'string';

/**
 * A rule function over the whole document (`given: '$'`, `resolved: false`): the rules compare
 * parts of the document with each other, and name what they find by its path in the served file.
 */
function documentRule(check: (doc: Json, options: Json) => IFunctionResult[]) {
  return createRulesetFunction<unknown, Json | null>({ input: null, options: null }, (input, options) => (isObject(input) ? check(input, options ?? {}) : []));
}

// ----- the conventions --------------------------------------------------------------------------

/**
 * POST paths that are actions though their last segment follows no id (they change or read, they
 * create nothing): an action on a singleton (the current session) or on a part of a resource that
 * has no id of its own (an order's tracking link), or on a queue as a whole.
 */
export const ACTIONS_WITHOUT_ID = [
  '/v1/print_queue/mark_mailed',
  '/v1/sessions/current/password',
  '/v1/orders/{order_id}/tracking_link/rotate',
  '/oauth/token',
  '/oauth/introspect',
];

const createsAnswer201 = documentRule((doc) => {
  const out: IFunctionResult[] = [];
  for (const o of operationsIn(doc)) {
    if (o.method !== 'post') continue;
    for (const { status, response } of successes(doc, o.op)) {
      const where = [...o.where, 'responses', status];
      if (status === '201' && !headersOf(doc, response).includes('location')) out.push(result('A 201 names what it created in a `Location` header.', where));
      if (isCollectionPath(o.path) && !ACTIONS_WITHOUT_ID.includes(o.path) && status !== '201') out.push(result(`POST ${o.path} creates: it answers 201 with \`Location\`, not ${status}.`, where));
    }
  }
  return out;
});

/** Action paths whose POST creates another resource with its own URL (201, `Location` names it). */
export const ACTIONS_THAT_CREATE: Record<string, string> = {
  '/v1/webhook_endpoints/{webhook_endpoint_id}/test': 'sends a test event: it creates the delivery, whose URL `Location` gives',
};

const actionsAnswer200 = documentRule((doc) => {
  const out: IFunctionResult[] = [];
  for (const o of operationsIn(doc)) {
    if (o.method !== 'post' || !(isActionPath(o.path) || ACTIONS_WITHOUT_ID.includes(o.path)) || o.path in ACTIONS_THAT_CREATE) continue;
    for (const { status } of successes(doc, o.op)) if (status !== '200') out.push(result(`POST ${o.path} is an action: it answers 200, not ${status}.`, [...o.where, 'responses', status]));
  }
  return out;
});

const TIME_NAME = /^(created|updated)$|_at$/;
const isKind = (schema: unknown, name: string) => {
  const refs = refsOf(schema);
  return refs.length === 1 && refs[0] === name;
};

const timesAreUnixSeconds = documentRule((doc) => {
  const out: IFunctionResult[] = [];
  for (const { schema, path, property } of propertiesIn(doc)) {
    if (TIME_NAME.test(property) && !isKind(schema, UNIX_TIME)) out.push(result(`\`${property}\` is a time: Unix seconds, the shared \`${UNIX_TIME}\` (nullable as \`oneOf: [UnixTime, null]\`).`, path));
  }
  for (const o of operationsIn(doc)) {
    for (const { p, where } of parametersOf(doc, o)) {
      const name = String(p.name).replace(/\[.*$/, '');
      if (TIME_NAME.test(name) && p.in === 'query' && !isKind(p.schema, UNIX_TIME) && !isKind(p.schema, 'TimeRange')) out.push(result(`The query parameter \`${p.name}\` is a time: \`${UNIX_TIME}\`.`, where));
    }
  }
  return out;
});

/** The one suffix of a calendar date's name. */
export const DATE_SUFFIX = '_date';

const calendarDates = documentRule((doc) => {
  const out: IFunctionResult[] = [];
  const check = (name: string, schema: unknown, resolved: Json | undefined, where: Path, what: string) => {
    const dateish = /_on$/.test(name) || name.endsWith(DATE_SUFFIX) || resolved?.format === 'date';
    if (!dateish) return;
    if (!isKind(schema, CALENDAR_DATE) && !isKind(schema, 'DateRange')) out.push(result(`${what} \`${name}\` is a calendar date: the shared \`${CALENDAR_DATE}\` (YYYY-MM-DD).`, where));
    if (/_on$/.test(name)) out.push(result(`${what} \`${name}\` is a calendar date: a date's name ends in \`${DATE_SUFFIX}\`, never \`_on\`.`, where));
  };
  for (const { schema, path, property } of propertiesIn(doc)) check(property, schema, deref(doc, schema), path, 'The property');
  for (const o of operationsIn(doc)) for (const { p, where } of parametersOf(doc, o)) check(String(p.name), p.schema, deref(doc, p.schema), where, 'The parameter');
  return out;
});

/** The names that say a time or a date. */
const TIME_WORDS = /^(created|updated|as_of)$|_at$|_date$|_on$/;

/** A name that says a time or a date means one kind of value everywhere: a time or a date, never both, nor a count. */
const oneMeaningPerName = documentRule((doc) => {
  const kinds = new Map<string, Map<string, Path[]>>();
  const note = (name: string, schema: unknown, where: Path) => {
    if (!TIME_WORDS.test(name)) return;
    const resolved = deref(doc, schema);
    const kind = isKind(schema, UNIX_TIME) ? 'unix-time' : isKind(schema, CALENDAR_DATE) ? 'calendar-date' : isKind(schema, 'TimeRange') ? 'unix-time' : isKind(schema, 'DateRange') ? 'calendar-date' : String(resolved?.type ?? refsOf(schema).join('|'));
    const seen = kinds.get(name) ?? new Map<string, Path[]>();
    seen.set(kind, [...(seen.get(kind) ?? []), where]);
    kinds.set(name, seen);
  };
  for (const { schema, path, property } of propertiesIn(doc)) note(property, schema, path);
  for (const o of operationsIn(doc)) for (const { p, where } of parametersOf(doc, o)) note(String(p.name).replace(/\[.*$/, ''), p.schema, where);
  const out: IFunctionResult[] = [];
  for (const [name, seen] of kinds) {
    if (seen.size === 1) continue;
    // What most places say is the name's meaning; the others deviate (on a tie, every place does).
    const most = Math.max(...[...seen.values()].map((w) => w.length));
    const usual = [...seen].filter(([, w]) => w.length === most);
    for (const [kind, places] of seen) {
      if (usual.length === 1 && usual[0]![0] === kind) continue;
      for (const where of places) out.push(result(`\`${name}\` is ${[...seen.keys()].join(' and ')} in different places; here ${kind}.`, where));
    }
  }
  return out;
});

/** A schema with a constant `object` and an `id` is a resource. */
function* resourcesIn(doc: Json) {
  const schemas = (doc.components as Json | undefined)?.schemas;
  if (!isObject(schemas)) return;
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObject(schema) || !isObject(schema.properties)) continue;
    const object = deref(doc, schema.properties.object);
    if (typeof object?.const !== 'string' || object.const === 'list') continue;
    yield { name, schema, properties: schema.properties, object: object.const, path: ['components', 'schemas', name] as Path };
  }
}

/** Resources a client changes (PATCH, or an action on its path) or whose `status` moves: they carry `updated`. */
function changingSchemas(doc: Json): Set<string> {
  const out = new Set<string>();
  for (const o of operationsIn(doc)) {
    if (!(o.method === 'patch' || (o.method === 'post' && isActionPath(o.path)))) continue;
    for (const { response } of successes(doc, o.op)) {
      const { ref } = jsonSchemaOf(doc, response);
      if (ref) out.add(ref);
    }
  }
  return out;
}

/** Resources that never change once made (no `updated`), each with its reason. */
export const IMMUTABLE_RESOURCES: Record<string, string> = {
  Event: 'an event is a record of what happened; it never changes',
  AuditLog: 'the audit log is append-only',
  LedgerEntry: 'the ledger is append-only (a correction is a new entry)',
  CarrierRegistrySnapshot: 'a snapshot is the registry as it was read once',
  CarrierPayment: 'a carrier payment is recorded when it is sent, and never changes after (a correction is another payment)',
};

const resourceFields = documentRule((doc) => {
  const out: IFunctionResult[] = [];
  const changing = changingSchemas(doc);
  for (const r of resourcesIn(doc)) {
    if (!('id' in r.properties)) continue; // a report or an answer, not an addressable resource
    const deleted = deref(doc, r.properties.deleted)?.const === true;
    const needs = deleted ? ['object', 'id', 'deleted', 'livemode'] : ['object', 'id', 'livemode', 'created'];
    if (!deleted && (changing.has(r.name) || 'status' in r.properties) && !(r.name in IMMUTABLE_RESOURCES)) needs.push('updated');
    for (const field of needs) if (!(field in r.properties)) out.push(result(`The ${deleted ? 'deleted object' : 'resource'} \`${r.object}\` (${r.name}) has \`${field}\`.`, [...r.path, 'properties']));
  }
  return out;
});

/** The resources a client tags with its own ids: each has `metadata`. */
export const TAGGED_OBJECTS = ['customer', 'order', 'carrier', 'webhook_endpoint', 'invoice', 'payment', 'carrier_payment'];

const metadataOnTaggedResources = documentRule((doc) => {
  const out: IFunctionResult[] = [];
  for (const r of resourcesIn(doc)) {
    if (!TAGGED_OBJECTS.includes(r.object) || deref(doc, r.properties.deleted)?.const === true) continue;
    if (deref(doc, r.properties.metadata)?.type !== 'object') out.push(result(`A client tags \`${r.object}\` (${r.name}) with its own ids: it has \`metadata\` (the shared \`${METADATA}\`).`, [...r.path, 'properties']));
  }
  return out;
});

const LIST_FIELDS = ['object', 'data', 'has_more', 'next_cursor'];

const listShape = documentRule((doc) => {
  const out: IFunctionResult[] = [];
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Json;
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObject(schema) || !isObject(schema.properties)) continue;
    if (deref(doc, schema.properties.object)?.const !== 'list') continue;
    const fields = Object.keys(schema.properties);
    for (const f of LIST_FIELDS) if (!fields.includes(f)) out.push(result(`A list (${name}) has \`${f}\` (\`{object: "list", data, has_more, next_cursor}\`).`, ['components', 'schemas', name, 'properties']));
    for (const f of fields) if (![...LIST_FIELDS, 'total_count'].includes(f)) out.push(result(`A list (${name}) has only \`${LIST_FIELDS.join('`, `')}\` and \`total_count\`; not \`${f}\`.`, ['components', 'schemas', name, 'properties', f]));
  }
  return out;
});

/** Lists that cannot be counted, each with its reason. */
export const UNCOUNTED_LISTS: Record<string, string> = {};

const listOperations = documentRule((doc) => {
  const out: IFunctionResult[] = [];
  for (const o of operationsIn(doc)) {
    for (const { status, response } of successes(doc, o.op)) {
      const { schema } = jsonSchemaOf(doc, response);
      if (!schema || !isObject(schema.properties) || deref(doc, schema.properties.object)?.const !== 'list') continue;
      if (o.method !== 'get') {
        out.push(result(`${o.method.toUpperCase()} ${o.path} answers a list: only a GET pages (an action answers an object).`, [...o.where, 'responses', status]));
        continue;
      }
      const params = parametersOf(doc, o);
      const refs = params.map(({ raw }) => (isObject(raw) && typeof raw.$ref === 'string' ? raw.$ref.split('/').pop() : undefined));
      if (!refs.includes('Limit')) out.push(result(`The list GET ${o.path} takes the shared \`Limit\` (1..100, default 20).`, [...o.where]));
      const cursor = params.find(({ p }) => p.name === 'cursor');
      if (!cursor) out.push(result(`The list GET ${o.path} takes \`cursor\` (an id: the \`next_cursor\` of the page before).`, [...o.where]));
      else if (!refsOf(cursor.p.schema).some((r) => r.endsWith('Id'))) out.push(result(`The \`cursor\` of GET ${o.path} is an id schema (\`<Resource>Id\`).`, cursor.where));
      if (!refs.includes('IncludeTotalCount') && !(o.path in UNCOUNTED_LISTS)) out.push(result(`The list GET ${o.path} takes \`include[]=total_count\` (every list does).`, [...o.where]));
      if (!('total_count' in schema.properties) && !(o.path in UNCOUNTED_LISTS)) out.push(result(`The list answered by GET ${o.path} has \`total_count\`.`, [...o.where, 'responses', status]));
    }
  }
  return out;
});

const idempotentReplayed = documentRule((doc) => {
  const out: IFunctionResult[] = [];
  for (const o of operationsIn(doc)) {
    const takesKey = parametersOf(doc, o).some(({ p }) => p.in === 'header' && String(p.name).toLowerCase() === 'idempotency-key');
    if (!takesKey) continue;
    for (const { status, response } of successes(doc, o.op)) {
      if (!headersOf(doc, response).includes('idempotent-replayed')) out.push(result(`${o.method.toUpperCase()} ${o.path} takes \`Idempotency-Key\`: its ${status} documents \`Idempotent-Replayed\`.`, [...o.where, 'responses', status]));
    }
  }
  return out;
});

/** POSTs under /v1 that take no `Idempotency-Key`, each with its reason. */
export const POSTS_WITHOUT_IDEMPOTENCY: Record<string, string> = {
  '/v1/sessions': 'signing in makes a new session (and its CSRF token) each time: a replayed answer would hand out a session twice',
};

const idempotencyKeyOnPosts = documentRule((doc) => {
  const out: IFunctionResult[] = [];
  for (const o of operationsIn(doc)) {
    if (o.method !== 'post' || !o.path.startsWith('/v1/') || o.path in POSTS_WITHOUT_IDEMPOTENCY) continue;
    const takesKey = parametersOf(doc, o).some(({ p }) => p.in === 'header' && String(p.name).toLowerCase() === 'idempotency-key');
    if (!takesKey) out.push(result(`POST ${o.path} takes \`Idempotency-Key\` (every POST does).`, o.where));
  }
  return out;
});

/**
 * Paths that send `X-RateLimit-*` but are never refused: only /v1 and /oauth are throttled
 * (src/http/rate-limit.ts); health, metrics, the documents and the docs show the address's bucket
 * of those routes, and a load balancer's probe or a scraper must never get a 429.
 */
export const THROTTLED = /^\/(v1|oauth)(\/|$)/;

const rateLimited429 = documentRule((doc) => {
  const out: IFunctionResult[] = [];
  for (const o of operationsIn(doc)) {
    if (!THROTTLED.test(o.path)) continue;
    const limited = successes(doc, o.op).some(({ response }) => headersOf(doc, response).includes('x-ratelimit-limit'));
    if (limited && !isObject((o.op.responses as Json)['429'])) out.push(result(`${o.method.toUpperCase()} ${o.path} sends \`X-RateLimit-*\`: it documents its 429.`, [...o.where, 'responses']));
  }
  return out;
});

/** A schema says what it is: its own description, or the one of the schema it refers to. */
function described(doc: Json, schema: unknown, depth = 0): boolean {
  if (!isObject(schema) || depth > 5) return false;
  if (typeof schema.description === 'string' && schema.description.trim()) return true;
  if (typeof schema.$ref === 'string') return described(doc, target(doc, schema.$ref), depth + 1);
  for (const k of ['allOf', 'oneOf', 'anyOf']) {
    const branches = Array.isArray(schema[k]) ? (schema[k] as unknown[]).filter((b) => !isNullBranch(b)) : [];
    if (branches.length === 1) return described(doc, branches[0], depth + 1);
  }
  return false;
}

const descriptions = documentRule((doc) => {
  const out: IFunctionResult[] = [];
  const has = (v: unknown) => typeof v === 'string' && v.trim().length > 0;
  if (isOpenapi(doc)) {
    for (const o of operationsIn(doc)) {
      if (!has(o.op.description)) out.push(result(`${o.method.toUpperCase()} ${o.path} (${String(o.op.operationId)}) has a description.`, o.where));
      for (const { p, where } of parametersOf(doc, o)) if (!has(p.description)) out.push(result(`The parameter \`${String(p.name)}\` has a description.`, where));
    }
  } else {
    for (const [name, op] of Object.entries(isObject(doc.operations) ? doc.operations : {})) if (isObject(op) && !has(op.description) && !has(op.summary)) out.push(result(`The operation ${name} has a description.`, ['operations', name]));
    for (const [name, msg] of Object.entries(isObject((doc.components as Json)?.messages) ? ((doc.components as Json).messages as Json) : {})) if (isObject(msg) && !has(msg.description) && !has(msg.summary)) out.push(result(`The message ${name} has a summary or a description.`, ['components', 'messages', name]));
  }
  for (const { schema, path, property } of propertiesIn(doc)) if (!described(doc, schema)) out.push(result(`The property \`${property}\` has a description.`, path));
  return out;
});

const nullability = documentRule((doc) => {
  const out: IFunctionResult[] = [];
  for (const { schema, path } of schemasIn(doc)) {
    if (Array.isArray(schema.type) && schema.type.includes('null')) out.push(result('A nullable value is written `oneOf: [<schema>, {type: "null"}]`, not a `type` array.', [...path, 'type']));
    if ('nullable' in schema) out.push(result('A nullable value is written `oneOf: [<schema>, {type: "null"}]`, not `nullable`.', [...path, 'nullable']));
    if (Array.isArray(schema.anyOf) && schema.anyOf.some(isNullBranch)) out.push(result('A nullable value is written with `oneOf`, not `anyOf`.', [...path, 'anyOf']));
  }
  return out;
});

/** Keywords that only say something about a schema (they constrain nothing). */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);

const noAllOfWrappers = documentRule((doc) => {
  const out: IFunctionResult[] = [];
  for (const { schema, path } of schemasIn(doc)) {
    if (!Array.isArray(schema.allOf) || schema.allOf.length !== 1) continue;
    const others = Object.keys(schema).filter((k) => k !== 'allOf');
    // A single-element allOf that adds a constraint (a tighter maxLength, a default) refines the
    // schema it names, and stays: `$ref` siblings constrain nothing in OpenAPI 3.0 and its tools.
    // A named schema that is another under its own name (`RemitTo`, a `PostalAddress`) stays too:
    // generators make it a model of its own only through allOf.
    if (path.length === 3) continue;
    if (others.every((k) => ANNOTATIONS.has(k))) out.push(result('A single-element `allOf` that only annotates is a wrapper: `$ref` with the annotation beside it.', [...path, 'allOf']));
  }
  return out;
});

const snake = (pascal: string) => pascal.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2').toLowerCase();

/** Properties holding another resource's id under another name than `<resource>_id`, each with its reason. */
export const ROLE_NAMED_IDS: Record<string, string> = {
  test_clock: 'Stripe names the test clock a resource runs on `test_clock`; integrators know it by that name',
  source_id: 'the ledger entry\'s source is one of several kinds of object (an order, an invoice, a payment, a carrier payment)',
  subject_id: 'a message is about one of several kinds of object (an invoice, a carrier payment)',
  snapshot_id: 'a registry snapshot has no path of its own; `snapshot_id` is read beside the carrier it belongs to',
  alert_ids: 'the compliance alerts a snapshot raised; the carrier\'s own word, `compliance_alert_ids` says no more',
  client_id: 'RFC 7662 names the OAuth client `client_id`',
  account: 'the sign-in form names the account a person signs in to, by id or by name',
};

const idNames = documentRule((doc) => {
  const out: IFunctionResult[] = [];
  const pathParamNames = new Map<string, string>();
  for (const o of operationsIn(doc)) for (const { p } of parametersOf(doc, o)) if (p.in === 'path') {
    const ref = refsOf(p.schema)[0];
    if (ref?.endsWith('Id')) pathParamNames.set(ref, String(p.name));
  }
  for (const { schema, path, property } of propertiesIn(doc)) {
    if (property === 'next_cursor') continue; // a position in a list, not a reference
    const refs = refsOf(isObject(schema) && schema.type === 'array' ? schema.items : schema);
    if (refs.length !== 1 || !refs[0]!.endsWith('Id')) continue;
    const expected = pathParamNames.get(refs[0]!) ?? `${snake(refs[0]!.slice(0, -2))}_id`;
    const ok = [expected, 'id', expected.replace(/_id$/, '_ids')];
    if (!ok.includes(property) && !property.endsWith(`_${expected}`) && !(property in ROLE_NAMED_IDS)) out.push(result(`\`${property}\` holds a ${refs[0]}: it is named \`${expected}\` as the path parameter (or \`<role>_${expected}\`).`, path));
  }
  return out;
});

/** The one way a PDF is addressed: the resource's path with `.pdf`. */
const pdfPaths = documentRule((doc) => {
  const out: IFunctionResult[] = [];
  for (const o of operationsIn(doc)) {
    const pdf = successes(doc, o.op).some(({ response }) => isObject(response.content) && 'application/pdf' in response.content);
    if (pdf && !o.op.deprecated && !o.path.endsWith('.pdf')) out.push(result(`GET ${o.path} answers a PDF: its path is the resource's with \`.pdf\` (\`/v1/invoices/{invoice_id}.pdf\`).`, o.where));
  }
  return out;
});

export const ruleset = {
  rules: {
    'house-create-201': { description: 'A POST that creates answers 201 with `Location`; a 201 has `Location`.', given: '$', resolved: false, severity: 'error', message: '{{error}}', then: { function: createsAnswer201 } },
    'house-action-200': { description: 'A POST that acts on a resource answers 200.', given: '$', resolved: false, severity: 'error', message: '{{error}}', then: { function: actionsAnswer200 } },
    'house-unix-times': { description: '`created`, `updated` and every `*_at` are Unix seconds (UnixTime).', given: '$', resolved: false, severity: 'error', message: '{{error}}', then: { function: timesAreUnixSeconds } },
    'house-calendar-dates': { description: 'Calendar dates are the shared CalendarDate, named `*_date`.', given: '$', resolved: false, severity: 'error', message: '{{error}}', then: { function: calendarDates } },
    'house-one-meaning-per-name': { description: 'A name that is a time or a date is that everywhere.', given: '$', resolved: false, severity: 'error', message: '{{error}}', then: { function: oneMeaningPerName } },
    'house-resource-fields': { description: 'Every resource has `object`, `id`, `livemode`, `created` (and `updated` when it changes); a deleted object has `object`, `id`, `deleted`, `livemode`.', given: '$', resolved: false, severity: 'error', message: '{{error}}', then: { function: resourceFields } },
    'house-metadata': { description: 'The resources a client tags have `metadata`.', given: '$', resolved: false, severity: 'error', message: '{{error}}', then: { function: metadataOnTaggedResources } },
    'house-list-shape': { description: 'A list is `{object: "list", data, has_more, next_cursor}` (and `total_count`).', given: '$', resolved: false, severity: 'error', message: '{{error}}', then: { function: listShape } },
    'house-list-operations': { description: 'Only a GET answers a list; it takes `Limit`, an id `cursor` and `include[]=total_count`.', given: '$', resolved: false, severity: 'error', message: '{{error}}', then: { function: listOperations } },
    'house-idempotent-replayed': { description: 'An operation that takes `Idempotency-Key` documents `Idempotent-Replayed`.', given: '$', resolved: false, severity: 'error', message: '{{error}}', then: { function: idempotentReplayed } },
    'house-idempotency-key': { description: 'Every POST under /v1 takes `Idempotency-Key`.', given: '$', resolved: false, severity: 'error', message: '{{error}}', then: { function: idempotencyKeyOnPosts } },
    'house-rate-limit-429': { description: 'An operation under /v1 or /oauth that sends `X-RateLimit-*` documents 429.', given: '$', resolved: false, severity: 'error', message: '{{error}}', then: { function: rateLimited429 } },
    'house-descriptions': { description: 'Every operation, parameter and property has a description.', given: '$', resolved: false, severity: 'error', message: '{{error}}', then: { function: descriptions } },
    'house-nullability': { description: 'Nullable is written one way: `oneOf: [<schema>, {type: "null"}]`.', given: '$', resolved: false, severity: 'error', message: '{{error}}', then: { function: nullability } },
    'house-no-allof-wrappers': { description: 'No single-element `allOf` that only annotates.', given: '$', resolved: false, severity: 'error', message: '{{error}}', then: { function: noAllOfWrappers } },
    'house-id-names': { description: 'A property holding a resource id is named as that resource\'s path parameter.', given: '$', resolved: false, severity: 'error', message: '{{error}}', then: { function: idNames } },
    'house-pdf-paths': { description: 'A PDF is addressed as the resource\'s path with `.pdf`.', given: '$', resolved: false, severity: 'error', message: '{{error}}', then: { function: pdfPaths } },
  },
} satisfies RulesetDefinition;

/**
 * What the served documents do not follow yet, each with its reason. `rule` and `path` (the JSON
 * path in the bundled document, joined with `/`, a prefix matches) name the violations it covers;
 * `documents` narrows it to some documents (a substring of the file name), else it holds for all.
 */
export interface Exception { rule: string; path: string; reason: string; documents?: string }

const except = (rule: string, reason: string, paths: string[], documents?: string): Exception[] =>
  paths.map((path) => (documents === undefined ? { rule, path, reason } : { rule, path, reason, documents }));

// What broke a client was fixed by an API version; the documents of the versions before it keep the old shape.

/** The reason of what a newer version fixed: the documents of the versions before it keep it, as they were published. */
export const FROZEN = 'frozen: fixed in 2027-01-15';
/** The documents of the versions before the current one (generated/versions/<version>/). */
export const OLDER_DOCUMENTS = 'versions/';
const frozen = (rule: string, paths: string[]): Exception[] => except(rule, FROZEN, paths, OLDER_DOCUMENTS);

export const EXCEPTIONS: Exception[] = [
  ...frozen('house-calendar-dates', [
    'components/schemas/Carrier/properties/bond_expires_on',
    'components/schemas/Carrier/properties/insurance_expires_on',
    'components/schemas/Carrier/properties/process_agent_expires_on',
    'components/schemas/ComplianceAlert/properties/expired_on',
    'components/schemas/CarrierPreviousAttributes/properties/bond_expires_on',
    'components/schemas/CarrierPreviousAttributes/properties/insurance_expires_on',
    'components/schemas/CarrierPreviousAttributes/properties/process_agent_expires_on',
    'components/schemas/CarrierUpdate/properties/bond_expires_on',
    'components/schemas/CarrierUpdate/properties/insurance_expires_on',
    'components/schemas/CarrierUpdate/properties/process_agent_expires_on',
  ]),
  ...frozen('house-create-201', [
    'paths//v1/test_helpers/test_clocks/post/responses/200',
    'paths//v1/webhook_listeners/post/responses/200',
  ]),
  ...frozen('house-id-names', [
    'components/schemas/EventReplay/properties/endpoint_id',
    'components/schemas/WebhookDelivery/properties/endpoint_id',
    'components/schemas/WebhookRecovery/properties/endpoint_id',
  ]),
  ...frozen('house-list-operations', [
    'paths//v1/event_types/get',
  ]),
  ...frozen('house-list-operations', [
    'paths//v1/events/{event_id}/replay/post/responses/200',
    'paths//v1/print_queue/mark_mailed/post/responses/200',
    'paths//v1/webhook_endpoints/{webhook_endpoint_id}/listen/post/responses/200',
  ]),
  ...frozen('house-list-shape', [
    'components/schemas/WebhookListenBatch/properties',
  ]),
  ...frozen('house-nullability', [
    'components/schemas/EventTypeList/properties/next_cursor/anyOf',
  ]),
  ...frozen('house-one-meaning-per-name', [
    'components/schemas/OperationsFigures/properties/created',
    'components/schemas/OperationsRow/properties/created',
    'components/schemas/LedgerBalances/properties/as_of',
    'components/schemas/ReceivablesAgingReport/properties/as_of',
    'paths//v1/ledger_balances/get/parameters/0',
    'paths//v1/reports/receivables_aging/get/parameters/0',
  ]),
  ...frozen('house-pdf-paths', [
    'paths//v1/carrier_payments/{carrier_payment_id}/pdf/get',
    'paths//v1/invoices/{invoice_id}/pdf/get',
    'paths//v1/messages/{message_id}/attachments/{attachment_index}/get',
  ]),
  ...frozen('house-unix-times', [
    'components/schemas/OperationsFigures/properties/created',
    'components/schemas/OperationsRow/properties/created',
  ]),
];
