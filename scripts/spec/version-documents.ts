/**
 * The published documents of each supported API version, derived from the current bundled ones
 * (generated/openapi.json, generated/asyncapi.json) by the transforms that render the answers and
 * event payloads of that version (src/shared/versions.ts), so a document never says what the server
 * does not send:
 *
 *  - every schema of `components.schemas` passes through `schemasForVersion` (the `schemaDowngrade`
 *    of each newer version, for the schema whose `object` property's const names the resource: the
 *    functions the event-type catalog's `schemaForVersion` runs);
 *  - every example passes through `renderForVersion` (the `downgrade` of each newer version, for each
 *    resource by its `object`), and an event in an example is rendered as `renderEnvelope` renders
 *    it for an endpoint of that version (its `api_version`, its data);
 *  - `info.version` is the version, and the description begins by saying which version it documents
 *    and what changed since.
 *
 *  - every operation a newer version changed passes through that version's `operations` entry: the
 *    path it had, the statuses it answered (without the headers it did not send), the names of its
 *    query parameters and request body fields (its request schema, examples and description too),
 *    and the entry's `document` for the rest (its answer's schema, links); every text (descriptions,
 *    examples) through the version's `documentText` (the URLs of renamed paths).
 *
 * Request bodies otherwise name no `object`, so they pass through as they are. `npm run generate` writes the documents of every
 * older version to generated/versions/<version>/ (openapi.json, openapi-3.0.json, asyncapi.json); the
 * current version's are the top-level files, never written twice.
 */
import { CURRENT_VERSION, documentTextForVersion, fieldsChangedAfter, objectsChangedAfter, operationChangesAfter, operationsChangedAfter, pathForVersion, renderForVersion, schemasForVersion, SUPPORTED_VERSIONS, VERSIONS, type OperationChange } from '../../src/shared/versions.js';
import { isObject, pointerOf, type Json, type JsonObject } from './json.js';

/** The versions that have documents of their own under generated/versions/ (every one but the current). */
export const OLDER_VERSIONS: readonly string[] = SUPPORTED_VERSIONS.filter((v) => v !== CURRENT_VERSION);

/** The documents each older version has, by file name. */
export const VERSION_DOCUMENTS = ['openapi.json', 'openapi-3.0.json', 'asyncapi.json'] as const;
export type VersionDocument = (typeof VERSION_DOCUMENTS)[number];

/** Where a version's document is, relative to generated/ (the current version's are the top-level files). */
export const versionDocumentFile = (version: string, name: VersionDocument): string =>
  version === CURRENT_VERSION ? name : `versions/${version}/${name}`;

/** An example as an endpoint or a key of `version` receives it. */
function exampleForVersion(value: Json, version: string): Json {
  // Events carry their own api_version: renderForVersion leaves them, renderEnvelope renders them.
  const envelopes = (v: Json): Json => {
    if (Array.isArray(v)) return v.map(envelopes);
    if (!isObject(v)) return v;
    if (v.object === 'event') {
      const event: JsonObject = { ...v };
      if (typeof event.api_version === 'string') event.api_version = version;
      if ('data' in event) event.data = renderForVersion(event.data, version);
      return event;
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, envelopes(x)]));
  };
  return envelopes(renderForVersion(value, version));
}

/** Every example of a document (`example`, `examples`: schemas, media types, parameters, messages) for `version`. */
function examplesForVersion(value: Json, version: string): Json {
  if (Array.isArray(value)) return value.map((v) => examplesForVersion(v, version));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k === 'example' || k === 'examples' ? exampleForVersion(v, version) : examplesForVersion(v, version)]),
  );
}

/**
 * The schemas a version's transforms cannot reach: a schema of a resource a newer version changes
 * that is not one of `components.schemas` (schemaDowngrade works on the schema the name refers to),
 * or data that names its resource by `x-object` only (nothing it is rendered from carries `object`,
 * so `renderForVersion` leaves it as it is, and a change to that resource would not reach it).
 */
function unreachableSchemas(doc: JsonObject, changed: readonly string[], version: string): string[] {
  const found: string[] = [];
  // Whether data with these properties has a field the downgrades change (any, when they do not say which).
  const touches = (schema: JsonObject, fields: string[] | undefined) => fields === undefined || !isObject(schema.properties) || fields.some((f) => f in (schema.properties as JsonObject));
  const walk = (v: Json, at: (string | number)[]): void => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, [...at, i]));
    if (!isObject(v)) return;
    const object = isObject(v.properties) && isObject(v.properties.object) ? v.properties.object.const : undefined;
    const named = at.length === 3 && at[0] === 'components' && at[1] === 'schemas';
    if (typeof object === 'string' && changed.includes(object) && !named) found.push(`${pointerOf(at)} (object ${object})`);
    // An update's previous_attributes: fields of the resource it names, downgraded as a named schema only.
    const fieldsOf = v['x-previous-attributes-of'];
    if (typeof fieldsOf === 'string' && changed.includes(fieldsOf) && !named) found.push(`${pointerOf(at)} (x-previous-attributes-of ${fieldsOf})`);
    if (typeof v['x-object'] === 'string' && changed.includes(v['x-object']) && touches(v, fieldsChangedAfter(version, v['x-object']))) found.push(`${pointerOf(at)} (x-object ${v['x-object']})`);
    for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
  };
  walk(doc, []);
  return found;
}

const renamed = (value: JsonObject, names: Record<string, string>): JsonObject => Object.fromEntries(Object.entries(value).map(([k, v]) => [names[k] ?? k, v]));

/** A text that names (in backquotes) what a version named otherwise, with the older names. */
const renamedInText = (text: string, names: Record<string, string>): string =>
  Object.entries(names).reduce((t, [current, old]) => t.replaceAll(`\`${current}\``, `\`${old}\``), text);

/** The named request schema of an operation (`#/components/schemas/<name>`), if it has one. */
function requestSchemaName(operation: JsonObject): string | undefined {
  const content = isObject(operation.requestBody) && isObject(operation.requestBody.content) ? operation.requestBody.content : {};
  for (const media of Object.values(content)) {
    const ref = isObject(media) && isObject(media.schema) ? media.schema.$ref : undefined;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) return ref.slice('#/components/schemas/'.length);
  }
  return undefined;
}

/**
 * One operation as the version before a change documented it: the statuses it answered (without
 * the headers it did not send), the names of its query parameters and body fields (in its
 * description and its request examples too), and what the change's `document` says.
 */
function operationBefore(doc: JsonObject, operation: JsonObject, change: OperationChange, requestSchemas: Map<string, Record<string, string>>): JsonObject {
  let out: JsonObject = { ...operation };
  const names = { ...change.query, ...change.body };
  if (typeof out.description === 'string') out.description = renamedInText(out.description, names);
  if (change.status && isObject(out.responses)) {
    const statuses = change.status;
    out.responses = Object.fromEntries(
      Object.entries(out.responses).map(([status, response]) => {
        const was = statuses[Number(status)];
        if (was === undefined || !isObject(response)) return [status, response];
        const headers = isObject(response.headers) ? Object.fromEntries(Object.entries(response.headers).filter(([h]) => !(change.withoutHeaders ?? []).includes(h))) : undefined;
        return [String(was), headers ? { ...response, headers } : response];
      }),
    );
  }
  if (change.query && Array.isArray(out.parameters)) {
    const query = change.query;
    const parameters = (doc.components as JsonObject).parameters as JsonObject | undefined;
    out.parameters = out.parameters.map((p) => {
      const ref = isObject(p) && typeof p.$ref === 'string' && p.$ref.startsWith('#/components/parameters/') ? parameters?.[p.$ref.split('/').pop()!] : p;
      if (!isObject(ref) || ref.in !== 'query' || typeof ref.name !== 'string' || !(ref.name in query)) return p;
      return { ...ref, name: query[ref.name] ?? ref.name };
    });
  }
  if (change.body) {
    const name = requestSchemaName(out);
    if (name) requestSchemas.set(name, { ...requestSchemas.get(name), ...change.body });
    if (isObject(out.requestBody) && isObject(out.requestBody.content)) {
      const body = change.body;
      const content = Object.fromEntries(
        Object.entries(out.requestBody.content).map(([type, media]) => [type, isObject(media) && isObject(media.example) ? { ...media, example: renamed(media.example, body) } : media]),
      );
      out.requestBody = { ...out.requestBody, content };
    }
  }
  if (change.document) out = change.document(out as never) as JsonObject;
  return out;
}

/**
 * Every operation a newer version changed, as `version` documented it (the newest change first),
 * under the path it had then (in the place of the current one, with the same path parameters).
 */
function operationsForVersion(doc: JsonObject, version: string): void {
  const changed = operationsChangedAfter(version);
  if (!changed.length) return;
  const requestSchemas = new Map<string, Record<string, string>>();
  const paths: JsonObject = {};
  for (const [path, item] of Object.entries(doc.paths as JsonObject)) {
    if (!isObject(item)) {
      paths[path] = item;
      continue;
    }
    const moved = new Map<string, JsonObject>();
    const kept: JsonObject = {};
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation) || typeof operation.operationId !== 'string' || !changed.includes(operation.operationId)) {
        kept[method] = operation;
        continue;
      }
      let out = operation;
      for (const change of operationChangesAfter(version, operation.operationId)) out = operationBefore(doc, out, change, requestSchemas);
      const was = pathForVersion(operation.operationId, version, path);
      if (was === path) kept[method] = out;
      else moved.set(was, { ...(moved.get(was) ?? {}), [method]: out });
    }
    const methods = Object.keys(kept).filter((k) => k !== 'parameters' && !k.startsWith('x-') && k !== 'summary' && k !== 'description');
    if (methods.length) paths[path] = kept;
    for (const [was, operations] of moved) paths[was] = { ...(isObject(item.parameters) || Array.isArray(item.parameters) ? { parameters: item.parameters } : {}), ...operations };
  }
  doc.paths = paths;
  // A request body's named schema, with the older names of its fields (its required list and example too).
  const schemas = (doc.components as JsonObject).schemas as JsonObject;
  for (const [name, names] of requestSchemas) {
    const schema = schemas[name];
    if (!isObject(schema)) continue;
    const out: JsonObject = { ...schema };
    if (isObject(schema.properties)) out.properties = renamed(schema.properties, names);
    if (Array.isArray(schema.required)) out.required = schema.required.map((k) => (typeof k === 'string' ? (names[k] ?? k) : k));
    if (isObject(schema.example)) out.example = renamed(schema.example, names);
    schemas[name] = out;
  }
}

/** What changed after `version`, for its document's description (the registry's `changes` lines, oldest first). */
function changesSince(version: string): string {
  const newer = VERSIONS.slice(0, SUPPORTED_VERSIONS.indexOf(version as never)).reverse();
  return newer.map((v) => `\`${v.version}\`: ${v.changes}`).join(' ');
}

/**
 * A current bundled document (OpenAPI 3.1 or AsyncAPI 3.0) as the document of `version`. The
 * current version's is the document itself. Throws when a schema of a resource the version changes
 * is where its transform cannot reach it.
 */
export function documentForVersion(doc: JsonObject, version: string): JsonObject {
  if (!SUPPORTED_VERSIONS.includes(version as never)) throw new Error(`${version} is not a supported API version`);
  if (version === CURRENT_VERSION) return doc;
  const changed = objectsChangedAfter(version);
  const unreachable = unreachableSchemas(doc, changed, version);
  if (unreachable.length) {
    throw new Error(
      `The documents of ${version} cannot be derived: these schemas describe a resource a newer version changes where its schemaDowngrade does not reach them; make each a named schema of components.schemas with its \`object\` property:\n${unreachable.map((u) => `  ${u}`).join('\n')}`,
    );
  }
  const out = examplesForVersion(structuredClone(doc), version) as JsonObject;
  const components = out.components as JsonObject;
  components.schemas = schemasForVersion((components.schemas ?? {}) as Record<string, never>, version) as JsonObject;
  if (isObject(out.paths)) operationsForVersion(out, version);
  const info = out.info as JsonObject;
  info.version = version;
  const about =
    `**This document describes API version \`${version}\`**: answers and event payloads as a key, an OAuth client or a webhook endpoint pinned to \`${version}\` receives them, and the requests such a key sends (the names and statuses that version had). ` +
    `Changed since: ${changesSince(version)} The current version is \`${CURRENT_VERSION}\`.`;
  info.description = typeof info.description === 'string' ? `${about}\n\n${info.description}` : about;
  // The list of versions says which one "this document" describes.
  const apiVersion = (components.schemas as JsonObject).ApiVersion;
  if (isObject(apiVersion) && typeof apiVersion.description === 'string') {
    apiVersion.description = apiVersion.description.replace(
      `\`${CURRENT_VERSION}\` (current): as described by this document.`,
      `\`${CURRENT_VERSION}\` (current): as described by the documents served without \`?version=\`; this document describes \`${version}\`.`,
    );
  }
  // Descriptions and examples say the URLs the version had (a path a newer version renamed).
  const texts = (v: Json): Json => (typeof v === 'string' ? documentTextForVersion(v, version) : Array.isArray(v) ? v.map(texts) : isObject(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, texts(x)])) : v);
  for (const key of Object.keys(out)) if (key !== 'info') out[key] = texts(out[key]!);
  return out;
}
