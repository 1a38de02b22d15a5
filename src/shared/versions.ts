// The registry of supported API versions (date strings, newest first; the newest is the default for
// new keys and OAuth clients). Handlers and services always produce the current shape; a response or
// an event payload for an older version is the current one passed through the transforms of every
// newer version, newest first (so a breaking change is one transform, not a fork of handlers).
// The list must equal the spec's `ApiVersion` enum (a test checks it).

import type { components } from '../../generated/openapi.js';
import { schemaEnum } from './spec.js';

type Json = Record<string, unknown>;

/** The spec's ApiVersion enum. */
export type ApiVersion = components['schemas']['ApiVersion'];

interface VersionEntry {
  version: ApiVersion;
  /** What changed in this version, as integrators read it (README, spec). */
  changes: string;
  /**
   * Turns a resource of this version into its shape in the previous version, keyed by the
   * resource's `object`. Absent for the oldest version. It also renders an update's
   * `previous_attributes` (some fields of the resource, with no `object`): it must take a resource
   * with any of its fields missing.
   */
  downgrade?: Partial<Record<string, (resource: Json) => Json>>;
  /**
   * The same change for the resource's JSON Schema (the event-type catalog's schemas), for every
   * object `downgrade` has (a test holds them to the same keys and to each other).
   */
  schemaDowngrade?: Partial<Record<string, (schema: Json) => Json>>;
}

function renameKeys(resource: Json, renames: Record<string, string>): Json {
  return Object.fromEntries(Object.entries(resource).map(([k, v]) => [renames[k] ?? k, v]));
}

/** `renameKeys` for an object's JSON Schema: its properties and its required list. */
function renameSchemaKeys(schema: Json, renames: Record<string, string>): Json {
  const out: Json = { ...schema };
  if (schema.properties && typeof schema.properties === 'object') out.properties = renameKeys(schema.properties as Json, renames);
  if (Array.isArray(schema.required)) out.required = (schema.required as string[]).map((k) => renames[k] ?? k);
  return out;
}

const ORDER_STOPS_2026_01 = { pickup: 'origin', delivery: 'destination' };

/**
 * Before 2026-12-01 a payment was `succeeded` or `failed`: a payment the bank took back reads as
 * failed, the return's reason as its failure reason (it moved no money in the end).
 */
const paymentReturnedAsFailed = (payment: Json): Json =>
  payment.status === 'returned' ? { ...payment, status: 'failed', failure_reason: payment.return_reason } : payment;

/** The same for the payment's JSON Schema: its status as 2026-07-01 published it (no `returned`). */
function paymentStatusesBefore2026_12(schema: Json): Json {
  const properties = schema.properties as Json | undefined;
  if (!properties?.status) return schema;
  const status = { type: 'string', title: 'PaymentStatus', description: 'The outcome of a payment.', enum: schemaEnum('PaymentStatus').filter((v) => v !== 'returned') };
  return { ...schema, properties: { ...properties, status } };
}

export const VERSIONS = [
  {
    version: '2026-12-01',
    changes: 'Payments the bank took back are `returned` (they read as `failed` before).',
    downgrade: {
      payment: paymentReturnedAsFailed,
    },
    schemaDowngrade: {
      payment: paymentStatusesBefore2026_12,
    },
  },
  {
    version: '2026-07-01',
    changes: 'Orders name their stops `pickup` and `delivery` (they were `origin` and `destination`).',
    downgrade: {
      order: (order) => renameKeys(order, ORDER_STOPS_2026_01),
    },
    schemaDowngrade: {
      order: (schema) => renameSchemaKeys(schema, ORDER_STOPS_2026_01),
    },
  },
  {
    version: '2026-01-15',
    changes: 'Private preview.',
  },
] as const satisfies readonly VersionEntry[];

export const SUPPORTED_VERSIONS: readonly ApiVersion[] = VERSIONS.map((v) => v.version);
export const CURRENT_VERSION: ApiVersion = VERSIONS[0].version;

export const isSupportedVersion = (v: string): v is ApiVersion => (SUPPORTED_VERSIONS as readonly string[]).includes(v);

const isJsonObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The data of an update event (`{object, previous_attributes}`, as Stripe shapes it): the kind of
 * the resource in `object`, whose `previous_attributes` are some of its fields; undefined for anything else.
 */
function updatedObjectOf(value: Json): string | undefined {
  const resource = value.object;
  const previous = value.previous_attributes;
  if (!isJsonObject(resource) || !isJsonObject(previous)) return undefined;
  return typeof resource.object === 'string' ? resource.object : undefined;
}

/**
 * Applies a resource-level transform to every resource in a body (lists, nested objects, arrays),
 * innermost first. What it leaves as it was is returned as it was, not copied: a body with nothing
 * to change is read, never rebuilt, and the body given is never changed.
 */
function walk(value: unknown, transform: (resource: Json) => Json): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (const [i, was] of value.entries()) {
      const item = walk(was, transform);
      if (item !== was) (out ??= value.slice())[i] = item;
    }
    return out ?? value;
  }
  const obj = value as Json;
  // An event carries its own api_version and was rendered for it when it was built (renderEnvelope).
  if (obj.object === 'event') return obj;
  let inner: Json | undefined;
  // `for...in` over a body made of plain objects (rendered by the server, or parsed JSON): their own
  // keys. It reads a page about twice as fast as Object.keys (npm run bench:versions).
  for (const key in obj) {
    const value = obj[key];
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a plain value walked is returned as it was; the guard saves a call, not a result
    if (value === null || typeof value !== 'object') continue;
    const field = walk(value, transform);
    if (field !== value) (inner ??= { ...obj })[key] = field;
  }
  return transform(inner ?? obj);
}

/**
 * The current-version `body` as `version` renders it: each resource passes through the downgrade of
 * every newer version, newest first. A downgrade reads and changes its own resource only (never what
 * is nested in it), so one walk of the body gives what a walk per version would.
 */
export function renderForVersion<T>(body: T, version: string): T {
  const target = SUPPORTED_VERSIONS.indexOf(version as ApiVersion);
  // An unknown version, and the current one (0), get the body as it is.
  // Stryker disable next-line EqualityOperator: the current version walked with no downgrade is the body as it was (nothing copied); the return saves the walk
  if (target <= 0) return body;
  const entries = VERSIONS.slice(0, target) as readonly VersionEntry[];
  const downgrade = (resource: Json, object: string): Json => {
    let out = resource;
    for (const entry of entries) {
      const fn = entry.downgrade?.[object];
      if (fn) out = fn(out);
    }
    return out;
  };
  return walk(body, (resource) => {
    if (typeof resource.object === 'string') return downgrade(resource, resource.object);
    // An update's previous_attributes are fields of the resource in `object` (already rendered,
    // innermost first): the same downgrade renders them (a renamed field keeps its new name).
    const updated = updatedObjectOf(resource);
    if (updated === undefined) return resource;
    const previous = resource.previous_attributes as Json;
    const rendered = downgrade(previous, updated);
    return rendered === previous ? resource : { ...resource, previous_attributes: rendered };
  }) as T;
}

/**
 * The `object` a JSON Schema describes (its `object` property's const), if any; for the schema of an
 * update's `previous_attributes` (some fields of a resource), the resource it names by
 * `x-previous-attributes-of`.
 */
function objectOfSchema(schema: Json): string | undefined {
  const object = (schema.properties as Json | undefined)?.object as Json | undefined;
  if (typeof object?.const === 'string') return object.const;
  const fieldsOf = schema['x-previous-attributes-of'];
  return typeof fieldsOf === 'string' ? fieldsOf : undefined;
}

/** The `schemaDowngrade`s of every version newer than `version`, newest first, as one function of a schema. */
function schemaDowngrader(version: string): ((schema: Json) => Json) | undefined {
  const target = SUPPORTED_VERSIONS.indexOf(version as ApiVersion);
  if (target <= 0) return undefined;
  return (s: Json): Json => {
    let out = s;
    for (const entry of VERSIONS.slice(0, target) as readonly VersionEntry[]) {
      const object = objectOfSchema(out);
      const fn = object ? entry.schemaDowngrade?.[object] : undefined;
      if (fn) out = fn(out);
    }
    return out;
  };
}

/**
 * Named JSON Schemas (a schema's `$defs`, a document's `components.schemas`) as `version` renders
 * the resources they describe: each one of an object a newer version changed passes through that
 * version's `schemaDowngrade`, newest first. The published documents of each version
 * (scripts/spec/version-documents.ts) and the event-type catalog (`schemaForVersion`) both come from it.
 */
export function schemasForVersion(schemas: Record<string, Json>, version: string): Record<string, Json> {
  const downgradeOne = schemaDowngrader(version);
  if (!downgradeOne) return schemas;
  return Object.fromEntries(Object.entries(schemas).map(([k, v]) => [k, downgradeOne(v)]));
}

/**
 * A current-version JSON Schema (with its `$defs`) as `version` renders the resources it
 * describes: each schema of an object a newer version changed passes through that version's
 * `schemaDowngrade`, newest first, as `renderForVersion` does for the resources.
 */
export function schemaForVersion(schema: Json, version: string): Json {
  const downgradeOne = schemaDowngrader(version);
  if (!downgradeOne) return schema;
  const out = { ...downgradeOne(schema) };
  if (out.$defs && typeof out.$defs === 'object') out.$defs = schemasForVersion(out.$defs as Record<string, Json>, version);
  return out;
}

/** The resources whose schema a version newer than `version` changes (the keys of their `schemaDowngrade`s). */
export function objectsChangedAfter(version: string): string[] {
  const target = SUPPORTED_VERSIONS.indexOf(version as ApiVersion);
  if (target <= 0) return [];
  return [...new Set((VERSIONS.slice(0, target) as readonly VersionEntry[]).flatMap((e) => Object.keys(e.schemaDowngrade ?? {})))];
}
