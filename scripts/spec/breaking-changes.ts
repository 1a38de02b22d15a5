/**
 * Breaking changes between two OpenAPI documents, and whether the version registry covers them.
 * Used by scripts/spec/api-versions.ts (`npm run check:breaking`, a step of `npm test`) and its tests.
 *
 * The diff is api-smart-diff's: it walks both documents with OpenAPI 3 rules and classifies every
 * change as breaking, non-breaking, deprecated, annotation or unclassified, request and response
 * sides mirrored (removing a response property breaks clients, removing a request property does
 * not). Three things are done around it, each for a reason measured on this spec:
 *  - Both documents are dereferenced first (its own $ref handling, fed the bundled document with
 *    shared components, reported changes in schemas that had not changed).
 *  - Every schema `type` becomes a list, so OpenAPI 3.1's `type: [string, "null"]` compares item by
 *    item: a response field that becomes nullable is then breaking (a type replaced wholesale
 *    counted as non-breaking on the response side).
 *  - Rules on top of the tool's: a changed `const` breaks on either side (the tool mirrors
 *    it to non-breaking in responses); so does a response `type` replaced by another; and a value added to a response enum marked
 *    `x-extensible-enum: true` is not breaking (the spec promises new values there, e.g. API versions
 *    and event types), while a value added to any other response enum stays breaking.
 *  - Responses are open to growth (docs/api-versions.md, "What may grow"): `additionalProperties:
 *    false` removed from a response schema, and an `anyOf` branch `{type: string}` added beside an
 *    enum marked `x-extensible-enum` (the enum written open), are not breaking.
 */
import { apiCompare } from 'api-smart-diff';
import { isObject, nodeAt, pointerOf, pointerPath, type Json, type JsonObject } from './json.js';


export type ChangeType = 'breaking' | 'non-breaking' | 'annotation' | 'unclassified' | 'deprecated';

export interface Change {
  type: ChangeType;
  action: 'add' | 'remove' | 'replace' | 'rename';
  /** JSON pointer into the dereferenced documents (`/paths/~1v1~1orders/post/...`). */
  pointer: string;
  /** `METHOD /path` of the operation it belongs to, when it belongs to one. */
  operation: string | undefined;
  /** Which side of the contract: what clients send, what they receive, or the operation itself. */
  side: 'request' | 'response' | 'operation';
  /** The innermost resource (`object` constant, e.g. `order`) the changed response node lies in. */
  resource: string | undefined;
  description: string;
}

/** A stable name for a change, as accepted changes are listed (`<action> <pointer>`). */
export const changeId = (c: Pick<Change, 'action' | 'pointer'>): string => `${c.action} ${c.pointer}`;

/**
 * Whether an accepted change names this change id: the same id, or a pattern of one where `*` stands
 * for one pointer segment and `**` for any number of them (one review covering a change that a shared
 * schema makes in many operations).
 */
export function acceptedMatches(accepted: string, id: string): boolean {
  if (!accepted.includes('*')) return accepted === id;
  const source = accepted
    .split('/')
    .map((part) => (part === '**' ? '(?:/[^/]*)*' : `/${part.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}`))
    .join('')
    .replace(/^\//, '');
  return new RegExp(`^${source}$`).test(id);
}

/**
 * A reviewed change: its reason, and for a pattern of ids the text its new value must hold (a
 * pattern alone would pass any later change at those places).
 */
export type Accepted = string | { reason: string; after?: string };

/** The reason a reviewed change was accepted, if one of the accepted changes names it (and its new value). */
export function acceptedReason(accepted: ReadonlyMap<string, Accepted>, c: Pick<Change, 'action' | 'pointer'> & { after?: unknown }): string | undefined {
  const id = changeId(c);
  const value = c.after === undefined ? undefined : typeof c.after === 'string' ? c.after : JSON.stringify(c.after);
  for (const [pattern, entry] of accepted) {
    if (!acceptedMatches(pattern, id)) continue;
    if (typeof entry === 'string') return entry;
    if (entry.after === undefined || (value !== undefined && value.includes(entry.after))) return entry.reason;
  }
  return undefined;
}

/** Resolves every internal `$ref` (the bundled documents have only internal ones) into a tree. */
export function dereference(doc: JsonObject): JsonObject {
  const target = (ref: string): Json => {
    if (!ref.startsWith('#/')) throw new Error(`Only internal $refs are supported, got ${ref}`);
    const found = nodeAt(doc, pointerPath(ref.slice(1)));
    if (found === undefined) throw new Error(`Cannot resolve ${ref}`);
    return found;
  };
  const visit = (node: Json, stack: string[]): Json => {
    if (Array.isArray(node)) return node.map((n) => visit(n, stack));
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string') {
      if (stack.includes(node.$ref)) throw new Error(`Circular $ref ${node.$ref}`);
      const { $ref, ...siblings } = node;
      const resolved = visit(target($ref), [...stack, $ref]);
      return isObject(resolved) ? { ...resolved, ...(visit(siblings, stack) as JsonObject) } : resolved;
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, visit(v, stack)]));
  };
  return visit(doc, []) as JsonObject;
}

/** Keywords whose values are schemas, lists of schemas, or maps of schemas. */
const SUBSCHEMA = ['items', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalProperties', 'unevaluatedItems', 'unevaluatedProperties'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs'];

/** Writes every `type` of a schema (and its subschemas) as a list; examples and values are left alone. */
/** Keywords that say something about a schema and constrain nothing. */
const SCHEMA_ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);

/**
 * A nullable value written as a `type` list (`[string, 'null']`) in the form the house rules write it,
 * `oneOf: [{type: string, ...}, {type: 'null'}]` (its annotations stay beside it): the same values
 * written two ways, not a change.
 */
function nullableAsOneOf(schema: JsonObject): void {
  const types = schema.type;
  if (!Array.isArray(types) || types.length !== 2 || !types.includes('null') || 'oneOf' in schema || 'anyOf' in schema) return;
  const branch: JsonObject = { type: types.find((t) => t !== 'null') as string };
  for (const key of Object.keys(schema)) {
    if (key === 'type' || SCHEMA_ANNOTATIONS.has(key)) continue;
    branch[key] = schema[key] as Json;
    delete schema[key];
  }
  delete schema.type;
  schema.oneOf = [branch, { type: 'null' }];
}

function listTypes(schema: Json): void {
  if (!isObject(schema)) return;
  nullableAsOneOf(schema);
  if (typeof schema.type === 'string') schema.type = [schema.type];
  for (const k of SUBSCHEMA) listTypes(schema[k] ?? null);
  for (const k of SUBSCHEMA_LISTS) for (const s of Array.isArray(schema[k]) ? (schema[k] as Json[]) : []) listTypes(s);
  for (const k of SUBSCHEMA_MAPS) for (const s of isObject(schema[k]) ? Object.values(schema[k] as JsonObject) : []) listTypes(s);
}

/** The schemas of the document's operations: parameters, request bodies, response bodies and headers. */
function operationSchemas(doc: JsonObject): Json[] {
  const out: Json[] = [];
  const media = (content: Json | undefined) => Object.values(isObject(content) ? content : {}).forEach((m) => isObject(m) && out.push(m.schema ?? null));
  const parameters = (list: Json | undefined) => (Array.isArray(list) ? list : []).forEach((p) => isObject(p) && out.push(p.schema ?? null));
  for (const item of Object.values(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    parameters(item.parameters);
    for (const op of Object.values(item)) {
      if (!isObject(op)) continue;
      parameters(op.parameters);
      if (isObject(op.requestBody)) media(op.requestBody.content);
      for (const response of Object.values(isObject(op.responses) ? op.responses : {})) {
        if (!isObject(response)) continue;
        media(response.content);
        for (const header of Object.values(isObject(response.headers) ? response.headers : {})) if (isObject(header)) out.push(header.schema ?? null);
      }
    }
  }
  return out;
}

/**
 * The document as compared: dereferenced, `components` dropped (every use of a component is compared
 * where it is used, in the operation that uses it), every schema `type` a list (a nullable `type`
 * list written as `oneOf` with null first).
 */
export function comparable(doc: JsonObject): JsonObject {
  const tree = dereference(doc);
  delete tree.components;
  operationSchemas(tree).forEach(listTypes);
  return tree;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The innermost node along the path whose schema declares `object` as a constant. */
function resourceAt(doc: Json, path: readonly (string | number)[], schemaStart: number): string | undefined {
  let found: string | undefined;
  for (let i = schemaStart; i <= path.length; i++) {
    const node = nodeAt(doc, path.slice(0, i));
    const object = isObject(node) && isObject(node.properties) ? node.properties.object : undefined;
    if (isObject(object) && typeof object.const === 'string') found = object.const;
  }
  return found;
}

/** A change with the values on each side (the changelog, scripts/spec/changelog.ts, prints them). */
export interface ValuedChange extends Change {
  /** The value in the dereferenced `before` document (absent for an addition). */
  before: unknown;
  /** The value in the dereferenced `after` document (absent for a removal). */
  after: unknown;
}

/** Every change from `before` to `after` (both bundled OpenAPI 3.x documents), classified. */
export function compareDocuments(before: JsonObject, after: JsonObject): Change[] {
  return compareDocumentsWithValues(before, after).map(({ before: _before, after: _after, ...change }) => change);
}

/** `compareDocuments`, each change with its values on both sides. */
export function compareDocumentsWithValues(before: JsonObject, after: JsonObject): ValuedChange[] {
  const a = comparable(before);
  const b = comparable(after);
  const { diffs } = apiCompare(a, b);
  // The tool merges `allOf` itself, after `type` became a list here: `["string"]` against `"string"`
  // is the same type written two ways, not a change.
  const typeList = (t: unknown) => JSON.stringify([t].flat().sort());
  const rewritten = (d: (typeof diffs)[number]) =>
    d.action === 'replace' && (d.path as unknown[]).at(-1) === 'type' && (d.path as unknown[]).at(-2) !== 'properties' && typeList(d.before) === typeList(d.after);
  return diffs.filter((d) => !rewritten(d)).map((d): ValuedChange => {
    const path = d.path as (string | number)[];
    const inPaths = path[0] === 'paths' && typeof path[2] === 'string' && METHODS.has(path[2]);
    const operation = inPaths ? `${String(path[2]).toUpperCase()} ${String(path[1])}` : undefined;
    const side = inPaths && path[3] === 'responses' && path.length > 5 ? 'response' : inPaths && (path[3] === 'requestBody' || path[3] === 'parameters') ? 'request' : 'operation';
    // Response nodes are read in the document that has them: the old one for a removal, else the new one.
    const doc = d.action === 'remove' ? a : b;
    let type = d.type as ChangeType;
    if (path[path.length - 1] === 'const' && d.action === 'replace') type = 'breaking';
    // A response type replaced (`string` to `integer`): the tool calls it non-breaking on the response
    // side, but a client reading the old type breaks.
    const typeItem = path[path.length - 2] === 'type' && path[path.length - 3] !== 'properties' && /^\d+$/.test(String(path[path.length - 1]));
    if (side === 'response' && d.action === 'replace' && typeItem) type = 'breaking';
    if (side === 'response' && d.action === 'add' && path[path.length - 2] === 'enum') {
      const schema = nodeAt(b, path.slice(0, -2));
      if (isObject(schema) && schema['x-extensible-enum'] === true) type = 'non-breaking';
    }
    // Responses are open (docs/api-versions.md, "What may grow"): a response schema dropping
    // `additionalProperties: false` promises nothing less, and a growing enum written open
    // (`anyOf: [<the x-extensible-enum>, {type: string}]`) only says what the enum already promised.
    if (side === 'response' && d.action === 'remove' && path.at(-1) === 'additionalProperties' && d.before === false) type = 'non-breaking';
    if (side === 'response' && d.action === 'add' && path.at(-2) === 'anyOf' && isOpenString(d.after)) {
      const branches = nodeAt(b, path.slice(0, -1));
      if (Array.isArray(branches) && branches.some((s) => isObject(s) && Array.isArray(s.enum) && s['x-extensible-enum'] === true)) type = 'non-breaking';
    }
    const schemaStart = path.indexOf('schema') + 1;
    return {
      type,
      action: d.action as Change['action'],
      pointer: pointerOf(path),
      operation,
      side,
      resource: side === 'response' && schemaStart > 0 ? resourceAt(doc, path, schemaStart) : undefined,
      description: d.description ?? '',
      before: d.before,
      after: d.after,
    };
  });
}

/**
 * `{type: string}` (as compared: `{type: ["string"]}`) with no constraint, only annotations (the
 * tool copies the parent's `description` into each `anyOf` branch): any string.
 */
const ANNOTATIONS = new Set(['type', 'description', 'title', 'examples', 'example']);
const isOpenString = (s: unknown): boolean =>
  isObject(s) && Object.keys(s).every((k) => ANNOTATIONS.has(k)) && JSON.stringify([s.type].flat()) === '["string"]';

/** One entry of the version registry as the check needs it: its date and the resources it transforms. */
export interface RegistryEntry {
  version: string;
  /** `object` names this version has a downgrade transform for. */
  downgrades: string[];
}

/**
 * Whether a version's transforms cover a breaking change: only responses are transformed, one
 * resource (`object`) at a time.
 */
export const coveredBy = (change: Pick<Change, 'side' | 'resource'>, entry: RegistryEntry): boolean =>
  change.side === 'response' && change.resource !== undefined && entry.downgrades.includes(change.resource);

export interface Verdict {
  ok: boolean;
  /** The published version the current document was compared with. */
  base: string | undefined;
  breaking: Change[];
  /** What to print, one line each. */
  report: string[];
}

/** One line per change: the operation, the tool's description, and where in the schema it is. */
const describe = (c: Change) => {
  const at = c.pointer.includes('/schema/') ? c.pointer.slice(c.pointer.indexOf('/schema/') + 1) : c.pointer;
  return `${c.operation ?? 'document'}: ${c.description || c.action} at ${at}${c.resource ? ` [resource: ${c.resource}]` : ''}`;
};

/**
 * The rule: the current document may break nothing relative to the published document of the
 * current version. It may break things relative to the previous published version only when a new
 * dated version (newest in the registry, not yet published) carries a downgrade transform for each
 * resource whose response changed; request-side and operation-level breaks cannot be transformed
 * by the registry, so they fail unless listed as reviewed in the accepted changes.
 */
export function judge(input: {
  registry: RegistryEntry[];
  /** Changes from the base document to the current one (computed by the caller for `base`). */
  changes: Change[];
  base: string | undefined;
  /** Reviewed changes (`changeId`) against the base, with their reasons. */
  accepted: ReadonlyMap<string, Accepted>;
  /**
   * For a new version: the changes from the published base document to the base version's document
   * as it is derived now (generated/versions/<base>/, what a client pinned to the base receives and
   * sends). A change of the new version that no downgrade covers (a request, a status, an answer's
   * shape) is covered when these break nothing: the registry renders the base version as it was.
   */
  baseRendered?: Change[];
}): Verdict {
  const { registry, changes, base, accepted, baseRendered } = input;
  const current = registry[0]?.version;
  const report: string[] = [];
  if (!current || !base) {
    report.push(`No published document for any version in the registry: publish the current one with \`npm run publish:version\`.`);
    return { ok: false, base, breaking: [], report };
  }
  const breaking = changes.filter((c) => c.type === 'breaking');
  const open = breaking.filter((c) => acceptedReason(accepted, c) === undefined);
  const count = (t: ChangeType) => changes.filter((c) => c.type === t).length;
  report.push(
    `compared with the published ${base} document: ${changes.length} changes (${breaking.length} breaking, ${count('non-breaking')} non-breaking, ` +
      `${count('deprecated')} deprecated, ${count('annotation')} annotation, ${count('unclassified')} unclassified)`,
  );
  for (const c of breaking) {
    const reason = acceptedReason(accepted, c);
    if (reason !== undefined) report.push(`  accepted: ${describe(c)} (${reason})`);
  }

  if (base === current) {
    for (const c of open) report.push(`  BREAKING: ${describe(c)}`, `      change: ${changeId(c)}`);
    if (open.length) {
      report.push(
        `${open.length} breaking change(s) to ${current}, which is published. Make the change additive, or add a new dated version ` +
          'to src/shared/versions.ts (and to ApiVersion in specs/openapi/shared.yaml) whose downgrade renders each resource listed in its old shape ' +
          '(request and operation changes cannot be transformed: keep those additive).',
      );
    }
    return { ok: open.length === 0, base, breaking, report };
  }

  const entry = registry[0] as RegistryEntry;
  const uncovered: Change[] = [];
  const brokenForBase = (baseRendered ?? []).filter((c) => c.type === 'breaking' && acceptedReason(accepted, c) === undefined);
  const renderedAsBefore = baseRendered !== undefined && brokenForBase.length === 0;
  for (const c of open) {
    const covered = coveredBy(c, entry);
    if (!covered && renderedAsBefore) {
      report.push(`  rendered for ${base} as before by ${current}'s registry entry: ${describe(c)}`);
      continue;
    }
    report.push(`  ${covered ? `covered by ${current}'s ${c.resource} transform` : 'BREAKING, not covered'}: ${describe(c)}`);
    if (!covered) {
      uncovered.push(c);
      report.push(`      change: ${changeId(c)}`);
    }
  }
  for (const c of brokenForBase) report.push(`  BREAKING for ${base} as its document is derived now: ${describe(c)}`, `      change: ${changeId(c)}`);
  const between = registry.findIndex((r) => r.version === base);
  if (between !== 1) {
    report.push(`Only the newest version may be unpublished: publish the versions between ${base} and ${current} first.`);
    return { ok: false, base, breaking, report };
  }
  if (uncovered.length) {
    report.push(
      `${uncovered.length} breaking change(s) that ${current}'s transforms do not cover: give ${current} a downgrade for each resource listed ` +
        '(request and operation changes cannot be transformed; keep them additive).',
    );
  } else {
    report.push(`${current} is new (not published yet): its transforms cover every breaking change since ${base}. Publish it with \`npm run publish:version\` when it is released.`);
  }
  return { ok: uncovered.length === 0, base, breaking, report };
}
