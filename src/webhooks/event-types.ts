// The event-type catalog (`GET /v1/event_types`), made from the published AsyncAPI document (its
// messages and their payload schemas) so that it can never say something else than the document:
// each type's description, the object its data carries and the JSON Schema of its envelope, with the
// definitions it uses under `$defs`, for each API version; and the scope that reads each type (its
// message's `x-scope`), which listing, reading, replaying and subscribing to events need.
import { readFileSync } from 'node:fs';
import type { components } from '../../generated/openapi.js';
import { pageOf } from '../shared/pagination.js';
import { generatedFile } from '../shared/spec.js';
import { allScopes } from '../shared/spec.js';
import { schemaForVersion, SUPPORTED_VERSIONS } from '../shared/versions.js';

type Json = Record<string, unknown>;
type Scope = components['schemas']['Scope'];
/** A catalog entry: the answer's shape, with the type and scope this build knows (the answer itself keeps both open). */
type EventTypeDefinition = components['schemas']['EventTypeDefinition'] & { type: components['schemas']['EventType']; scope: Scope };

const isScope = (value: string): value is Scope => (allScopes() as string[]).includes(value);

const SCHEMA_REF = '#/components/schemas/';

/** The name a `$ref` to one of the document's schemas names. */
const refName = (ref: unknown): string | undefined =>
  typeof ref === 'string' && ref.startsWith(SCHEMA_REF) ? ref.slice(SCHEMA_REF.length) : undefined;

/** A copy of `value` with its schema `$ref`s pointing into `$defs`, and the names it refers to. */
function rewrite(value: unknown, refs: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, refs));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Json).map(([k, v]) => {
      const name = k === '$ref' ? refName(v) : undefined;
      if (name) refs.add(name);
      return [k, name ? `#/$defs/${name}` : rewrite(v, refs)];
    }),
  );
}

/** The schema named `root`, self-contained: every schema it reaches, under `$defs`. */
function selfContained(schemas: Record<string, Json>, root: string): Json {
  const defs: Record<string, unknown> = {};
  const refs = new Set<string>();
  const top = rewrite(schemas[root], refs) as Json;
  const queue = [...refs];
  while (queue.length) {
    const name = queue.shift()!;
    if (name in defs) continue;
    const inner = new Set<string>();
    defs[name] = rewrite(schemas[name], inner);
    for (const n of inner) if (!(n in defs)) queue.push(n);
  }
  const sorted = Object.fromEntries(Object.keys(defs).sort().map((k) => [k, defs[k]]));
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...top, $defs: sorted };
}

interface AsyncApiDocument {
  components: {
    messages: Record<string, { name: string; summary?: string; description?: string; 'x-scope'?: string; 'x-deprecated'?: boolean; payload: { $ref: string } }>;
    schemas: Record<string, Json>;
  };
}

/**
 * The object an event's data is about: its `object` property's const, or, for an update
 * (`{object, previous_attributes}`), the const of the resource its `object` refers to; else `x-object`.
 */
function objectOf(schemas: Record<string, Json>, data: Json | undefined): unknown {
  const object = (data?.properties as Json | undefined)?.object as Json | undefined;
  const resource = refName(object?.$ref);
  if (resource) return objectOf(schemas, schemas[resource]);
  return object?.const ?? data?.['x-object'];
}

/** The catalog of the current version, from an AsyncAPI document (the published one by default). */
export function buildCatalog(doc: AsyncApiDocument): EventTypeDefinition[] {
  const { messages, schemas } = doc.components;
  return Object.values(messages)
    .map((message) => {
      const payload = refName(message.payload.$ref);
      if (!payload || !schemas[payload]) throw new Error(`message ${message.name}: payload ${message.payload.$ref} not in the document`);
      const dataName = refName(((schemas[payload].properties as Json).data as Json).$ref);
      const data = dataName ? schemas[dataName] : undefined;
      const object = objectOf(schemas, data);
      if (typeof object !== 'string') throw new Error(`message ${message.name}: its data names no object (properties.object.const or x-object)`);
      const summary = message.summary ?? message.name;
      const scope = message['x-scope'];
      if (!scope || !isScope(scope)) throw new Error(`message ${message.name}: x-scope ${String(scope)} is not a scope of the OpenAPI document`);
      return {
        object: 'event_type' as const,
        type: message.name as EventTypeDefinition['type'],
        summary,
        description: (message.description ?? summary).trim(),
        data_object: object,
        scope,
        deprecated: message['x-deprecated'] === true,
        schema: selfContained(schemas, payload),
      };
    })
    .sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
}

let catalogs: Map<string, EventTypeDefinition[]> | undefined;

/** The published catalog as `version` renders it (made once per process). */
export function eventTypeCatalog(version: string): EventTypeDefinition[] {
  if (!catalogs) {
    const current = buildCatalog(JSON.parse(readFileSync(generatedFile('asyncapi.json'), 'utf8')) as AsyncApiDocument);
    catalogs = new Map(SUPPORTED_VERSIONS.map((v) => [v, current.map((t) => ({ ...t, schema: schemaForVersion(t.schema, v) }))]));
  }
  return catalogs.get(version) ?? catalogs.get(SUPPORTED_VERSIONS[0]!)!;
}

/** A page of the catalog (in type order): the types after `cursor`, at most `limit`. */
export function eventTypePage(
  catalog: EventTypeDefinition[],
  query: { limit?: number | undefined; cursor?: string | undefined; include?: string[] | undefined },
): components['schemas']['EventTypeList'] {
  const after = query.cursor;
  const rest = after === undefined ? catalog : catalog.filter((t) => t.type > after);
  const page = pageOf(rest, query.limit ?? 20, (t) => t.type) as components['schemas']['EventTypeList'];
  return query.include?.includes('total_count') ? { ...page, total_count: catalog.length } : page;
}

let scopes: Map<string, Scope> | undefined;

/** The scope that reads events of `type` (besides webhooks:manage); undefined for a type the catalog does not know. */
export function eventTypeScope(type: string): Scope | undefined {
  scopes ??= new Map(eventTypeCatalog(SUPPORTED_VERSIONS[0]!).map((t) => [t.type, t.scope]));
  return scopes.get(type);
}

/** Every event type of the catalog, each with the scope that reads it. */
export const eventTypeScopes = (): ReadonlyMap<string, Scope> => {
  eventTypeScope('');
  return scopes!;
};

/**
 * The scopes an endpoint receiving `enabledEvents` reads with: each named type's, and every type's
 * for `*` (which also takes the types added later, so it needs all of them).
 */
export function subscriptionScopes(enabledEvents: readonly string[]): Scope[] {
  const all = eventTypeScopes();
  const types = enabledEvents.includes('*') ? [...all.keys()] : enabledEvents;
  return [...new Set(types.map((t) => all.get(t)).filter((s): s is Scope => s !== undefined))];
}

/** The event types `scopes` may read: undefined when that is every type (no filter needed), else the list. */
export function readableEventTypes(scopes: ReadonlySet<string>): string[] | undefined {
  const all = [...eventTypeScopes()];
  const readable = all.filter(([, scope]) => scopes.has(scope)).map(([type]) => type);
  return readable.length === all.length ? undefined : readable;
}
