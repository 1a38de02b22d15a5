/**
 * A Markdown changelog of the API contract since a git ref, for the people reviewing a change.
 *
 *   npm run spec:changelog -- <base-ref>     e.g. `npm run spec:changelog -- main`
 *
 * Compares generated/openapi.json and generated/asyncapi.json as committed at <base-ref> with the
 * working tree's (run `npm run generate` first: the documents compared are the generated ones, not
 * specs/). Exit 2 when the ref or a document at it cannot be read.
 *
 * The diff is the breaking-change gate's (compareDocuments in scripts/spec/breaking-changes.ts: the same
 * classification and project rules), then collapsed for people: every change in a schema is named
 * after the component it is made in (`Order.reference_note`, `VehicleType`), and one change that a
 * shared component makes in many operations is one entry listing them. The AsyncAPI document is
 * compared with the same rules by reading each event type as an operation whose response is the
 * payload: what breaks a client reading a response breaks a receiver (a field removed, a type
 * changed), what does not (a field or an event type added; receivers ignore the event types they
 * do not know, as the spec's `EventType` says) does not. A breaking change is marked with the rule
 * that makes it so and whether a version added to the registry (src/shared/versions.ts) since the
 * base ref covers it with a downgrade of the resource (coveredBy, as the gate judges), or the gate
 * accepts it as reviewed (specs/published/accepted-changes.yaml, with its reason).
 *
 * Pure functions from documents to Markdown (changelogEntries, renderChangelog, specChangelog),
 * and a thin CLI at the end.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acceptedChanges, registry } from './api-versions.js';
import { isObject, nodeAt, pointerPath, type Json, type JsonObject } from './json.js';
import { acceptedReason, compareDocumentsWithValues, coveredBy, type Accepted, type ChangeType, type RegistryEntry, type ValuedChange } from './breaking-changes.js';


/** The two documents of one side of the comparison (the bundled, generated ones). */
export interface ApiDocuments {
  openapi: JsonObject;
  asyncapi: JsonObject;
}

export type Section = 'operations' | 'parameters' | 'requests' | 'responses' | 'events' | 'payloads' | 'deprecated' | 'other' | 'documentation';

/** One change as a reviewer reads it, in one operation (or event type); the renderer groups them. */
export interface Entry {
  section: Section;
  /** What changed, in Markdown: `` `Order.reference_note` ``, ``Query parameter `cursor` ``, or a whole sentence. */
  subject: string;
  /** How it changed (`added, string or null`), empty when the subject says it all. */
  detail: string;
  /** For a change in a component schema: the component and the field in it (the renderer merges one field changed alike in several). */
  component?: string;
  field?: string;
  /** The operationId (or `METHOD /path`) or event type it is in; empty for what names its own place. */
  where: string;
  /** Whether it is about events (then `where` is an event type). */
  events: boolean;
  /** For a breaking change: why it breaks (one rule per kind of change merged into the entry). */
  rules: string[];
  /** Which side of the contract, and the resource (`object`) of a response: what a version can transform. */
  side: 'request' | 'response' | 'operation';
  resource: string | undefined;
  /** For a breaking change every part of which the gate accepts as reviewed: the reason. */
  accepted?: string;
}

// ---------------------------------------------------------------------------------------------
// Reading the documents

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const code = (s: string | number | boolean | null): string => {
  const text = String(s);
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
};

/** Follows internal `$ref`s until a node that is not one; `component` names the last schema entered. */
function resolve(doc: JsonObject, node: Json | undefined): { node: Json | undefined; component?: string } {
  let component: string | undefined;
  for (let i = 0; i < 50 && isObject(node) && typeof node.$ref === 'string'; i++) {
    const ref: string = node.$ref;
    const schema = /^#\/components\/schemas\/([^/]+)$/.exec(ref);
    if (schema) component = decodeURIComponent(schema[1] as string);
    node = nodeAt(doc, pointerPath(ref.slice(1)));
  }
  return { node, component };
}

/** An operation's parameters as the diff indexes them: its own, then the path item's it does not override. */
function parametersOf(doc: JsonObject, pathKey: string, method: string): JsonObject[] {
  const item = resolve(doc, nodeIn(doc, ['paths', pathKey])).node;
  const op = isObject(item) ? resolve(doc, item[method]).node : undefined;
  const list = (n: Json | undefined) => (isObject(n) && Array.isArray(n.parameters) ? n.parameters : []).map((p) => resolve(doc, p).node).filter(isObject);
  const key = (p: JsonObject) => `${String(p.in)} ${String(p.name)}`;
  const own = list(op);
  const ownKeys = new Set(own.map(key));
  return [...own, ...list(item).filter((p) => !ownKeys.has(key(p)))];
}

/** A short account of a schema: its types, format, values and bounds. */
function describeSchema(schema: unknown): string {
  if (!isObject(schema)) return '';
  const alternatives = (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : []).filter(isObject);
  const types = new Set<string>();
  const typeOf = (s: JsonObject): string[] => {
    const t = Array.isArray(s.type) ? s.type.map(String) : typeof s.type === 'string' ? [s.type] : [];
    if (t.length === 1 && t[0] === 'array' && isObject(s.items)) {
      const inner = typeOf(s.items);
      return [inner.length ? `array of ${inner.join(' or ')}` : 'array'];
    }
    return t.length ? t : s.const !== undefined ? [typeof s.const] : Array.isArray(s.enum) ? ['string'] : isObject(s.properties) ? ['object'] : [];
  };
  for (const s of [schema, ...alternatives]) for (const t of typeOf(s)) types.add(t);
  const parts = [[...types].join(' or ')];
  const first = alternatives.find((a) => !(a.type === 'null' || (Array.isArray(a.type) && a.type.length === 1 && a.type[0] === 'null')));
  const own = (k: string): Json | undefined => schema[k] ?? first?.[k];
  if (own('const') !== undefined) parts.push(`constant ${code(own('const') as string)}`);
  const values = own('enum');
  if (Array.isArray(values)) parts.push(`one of ${values.filter((v) => v !== null).map((v) => code(v as string)).join(', ')}`);
  for (const k of ['format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems']) {
    const v = own(k);
    if (typeof v === 'string' || typeof v === 'number') parts.push(k === 'pattern' ? `pattern ${code(v)}` : `${k} ${typeof v === 'string' ? code(v) : v}`);
  }
  return parts.filter(Boolean).join(', ');
}

const value = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v === null ? code(v) : isObject(v) && describeSchema(v) ? `(${describeSchema(v)})` : code(JSON.stringify(v));

// ---------------------------------------------------------------------------------------------
// Where a change is: its operation, and in a schema, the component and field it is made in

/** Schema keywords that lead to another schema: the diff's path walks through them to a field. */
const STRUCTURAL_ONE = new Set(['items', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalProperties', 'unevaluatedItems', 'unevaluatedProperties']);
const STRUCTURAL_KEYED = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'oneOf', 'anyOf', 'allOf', 'prefixItems']);

interface SchemaPlace {
  /** The component the change is made in, if the schema comes from one. */
  component: string | undefined;
  /** The field path inside it (`vehicles[].type`), empty for the schema itself. */
  field: string;
}

/**
 * The component and field that a path inside a schema lands in, read in the bundled document
 * (which keeps its `$ref`s). The diff's path is in the dereferenced, normalised document, so a step
 * missing here (a `oneOf` the tool added, an `allOf` it merged) is looked for in the `allOf` members
 * or skipped. With a keyword (`enum`, `maxLength`), the place is where that keyword is written: the
 * field itself, or the component it refers to.
 */
function placeInSchema(doc: JsonObject, root: Json | undefined, steps: readonly (string | number)[], keyword: string | undefined): SchemaPlace {
  let component: string | undefined;
  let field: string[] = [];
  let node: Json | undefined = root;
  const enter = (n: Json | undefined): Json | undefined => {
    const r = resolve(doc, n);
    if (r.component) {
      component = r.component;
      field = [];
    }
    return r.node;
  };
  /** The child `key` (of the map `map`, when given) of a node, looking into its `allOf` members. */
  const child = (n: Json | undefined, map: string, key: string | number | undefined): Json | undefined => {
    n = enter(n);
    if (!isObject(n)) return undefined;
    const here = key === undefined ? n[map] : (n[map] as JsonObject | Json[] | undefined)?.[key as never];
    if (here !== undefined) return here;
    for (const member of Array.isArray(n.allOf) ? n.allOf : []) {
      const saved = { component, field };
      const found = child(member, map, key);
      if (found !== undefined) return found;
      ({ component, field } = saved);
    }
    return undefined;
  };
  for (let i = 0; i < steps.length; i++) {
    const step = String(steps[i]);
    if (STRUCTURAL_KEYED.has(step) && i + 1 < steps.length) {
      const key = steps[++i] as string | number;
      const next = child(node, step, key);
      if (next === undefined) continue; // a step of the tool's normalisation: stay where we are
      node = next;
      if (step === 'properties' || step === 'patternProperties' || step === 'dependentSchemas') field = [...field, String(key)];
      else if (step === 'prefixItems') field = [...field.slice(0, -1), `${field.at(-1) ?? ''}[${String(key)}]`];
    } else if (STRUCTURAL_ONE.has(step)) {
      const next = child(node, step, undefined);
      if (next === undefined) continue;
      node = next;
      if (step === 'items') field = [...field.slice(0, -1), `${field.at(-1) ?? ''}[]`];
      else if (step === 'additionalProperties') field = [...field, '*'];
    }
  }
  if (keyword !== undefined) {
    // The keyword is written on the field itself, or on what the field refers to (a $ref, an allOf member).
    const owner = (n: Json | undefined, depth: number): { component?: string } | undefined => {
      if (!isObject(n) || depth > 20) return undefined;
      if (keyword in n) return {};
      if (typeof n.$ref === 'string') {
        const r = resolve(doc, n);
        const found = owner(r.node, depth + 1);
        if (found) return { component: found.component ?? r.component };
      }
      for (const member of Array.isArray(n.allOf) ? n.allOf : []) {
        const found = owner(member, depth + 1);
        if (found) return found;
      }
      return undefined;
    };
    const found = owner(node, 0);
    if (found?.component) {
      component = found.component;
      field = [];
    }
  }
  return { component, field: field.join('.') };
}

/** Operation labels of a document: `operationId` where there is one, else `METHOD /path`. */
function operationLabel(doc: JsonObject, pathKey: string, method: string): string {
  const op = resolve(doc, nodeIn(doc, ['paths', pathKey, method])).node;
  return isObject(op) && typeof op.operationId === 'string' ? op.operationId : `${method.toUpperCase()} ${pathKey}`;
}

// ---------------------------------------------------------------------------------------------
// From the diff to entries

type Audience = 'api' | 'events';

/** One change of the diff, placed: where it is, what it changes (`subject`) and how (`what`). */
interface Atom {
  type: ChangeType;
  action: ValuedChange['action'];
  side: Entry['side'];
  resource: string | undefined;
  description: string;
  before: unknown;
  after: unknown;
  section: Section;
  /** The operation (or event type) label; empty when the subject names its own place. */
  where: string;
  scope: 'operation' | 'parameter' | 'schema' | 'document';
  subject: string;
  component?: string;
  field?: string;
  /**
   * title: the subject says it all (an operation added); added, removed, required, deprecated,
   * undeprecated; keyword: `keyword` changed; changed: `detail` says how; documentation.
   */
  what: 'title' | 'added' | 'removed' | 'required' | 'deprecated' | 'undeprecated' | 'keyword' | 'changed' | 'documentation';
  keyword?: string;
  /** For operation-level changes: security, status, header, media, request-body, other. */
  kind?: string;
  detail?: string;
  /** How the documentation line names it. */
  docName?: string;
  /** Why the breaking-change gate accepts it (specs/published/accepted-changes.yaml), if it does. */
  accepted?: string;
}

/** Keywords that only document: their changes are listed by name at the end. */
const DOC_KEYWORDS = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs', 'tags', 'links', '$comment']);
/** Map keywords whose next segment is a name, not a keyword. */
const NAMED = new Set(['properties', 'patternProperties', 'headers', 'content', 'responses', 'paths', 'parameters', 'dependentSchemas', '$defs']);

const isDocumentation = (c: ValuedChange, path: readonly string[]): boolean =>
  c.type === 'annotation' || path.some((seg, i) => !NAMED.has(path[i - 1] ?? '') && (DOC_KEYWORDS.has(seg) || seg.startsWith('x-')));

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const verb = (action: ValuedChange['action']): string => (action === 'add' ? 'added' : action === 'remove' ? 'removed' : 'changed');

/** What an atom of a change always carries, wherever the change is. */
type AtomBase = Pick<Atom, 'type' | 'action' | 'side' | 'resource' | 'description' | 'before' | 'after' | 'accepted'>;

/** One change of the diff, as the steps that place it read it. */
interface Placing {
  c: ValuedChange;
  /** The change's JSON pointer, as segments. */
  path: string[];
  /** The document the change is read in: the old one for a removal, the new one otherwise. */
  doc: JsonObject;
  before: JsonObject;
  after: JsonObject;
  audience: Audience;
  events: boolean;
  base: AtomBase;
  /** The change only documents (a description, an example, an `x-` extension). */
  documentation: boolean;
  /** The section of an operation's (or event type's) own changes, and how it is named. */
  opSection: Section;
  noun: string;
}

/** A change within an operation (or an event type): its path, method, label and the rest of its pointer. */
interface OperationPlacing extends Placing {
  pathKey: string;
  method: string;
  where: string;
  rest: string[];
  /** An atom of the operation itself. */
  opLevel: (fields: Partial<Atom> & Pick<Atom, 'subject' | 'what'>) => Atom;
}

/** Places each change of one document (the OpenAPI one, or the events read as operations). */
function atomsOf(changes: ValuedChange[], before: JsonObject, after: JsonObject, audience: Audience, accepted: ReadonlyMap<string, Accepted> = new Map()): Atom[] {
  const events = audience === 'events';
  return changes.flatMap((c) => {
    const path = c.pointer
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    const p: Placing = {
      c,
      path,
      doc: c.action === 'remove' ? before : after,
      before,
      after,
      audience,
      events,
      base: { type: c.type, action: c.action, side: c.side, resource: c.resource, description: c.description, before: c.before, after: c.after, accepted: acceptedReason(accepted, c) },
      documentation: isDocumentation(c, path),
      opSection: events ? 'events' : 'operations',
      noun: events ? 'Event type' : 'Operation',
    };
    if (path[0] !== 'paths' || (path.length > 2 && !METHODS.includes(path[2] as string))) return [documentAtom(p)];
    if (path.length === 2) return pathItemAtoms(p);
    return operationAtoms(p);
  });
}

/** A change of the document itself (info, servers, security), or of a path item's own fields. */
function documentAtom({ c, path, base, documentation, events }: Placing): Atom {
  const subject = code(path.join('.'));
  if (documentation) return { ...base, section: 'documentation', where: '', scope: 'document', subject, what: 'documentation', docName: subject };
  const detail = c.action === 'add' ? `${value(c.after)} added` : c.action === 'remove' ? `${value(c.before)} removed` : `${value(c.before)} → ${value(c.after)}`;
  return { ...base, section: 'other', where: '', scope: 'document', subject: `${events ? 'Events: ' : ''}${subject}`, what: 'changed', detail };
}

/** A whole path item added or removed: each of its operations. */
function pathItemAtoms({ c, path, doc, base, audience, opSection, noun }: Placing): Atom[] {
  const pathKey = path[1] as string;
  const item = (c.action === 'remove' ? c.before : c.after) as JsonObject;
  return METHODS.filter((m) => isObject(item?.[m])).map((method) => ({
    ...base,
    side: 'operation' as const,
    section: opSection,
    where: '',
    scope: 'operation' as const,
    subject: `${noun} ${verb(c.action)}: ${opTitle(doc, pathKey, method, audience, true)}`,
    what: 'title' as const,
    kind: verb(c.action),
  }));
}

/** A change within one operation: the operation itself, its deprecation, a parameter, a schema, or the rest of it. */
function operationAtoms(p: Placing): Atom[] {
  const { c, path, doc, base, audience, events, documentation, opSection, noun } = p;
  const pathKey = path[1] as string;
  const method = path[2] as string;
  const where = events ? eventTypeOf(pathKey) : operationLabel(doc, pathKey, method);
  const rest = path.slice(3);
  const opLevel = (fields: Partial<Atom> & Pick<Atom, 'subject' | 'what'>): Atom => ({ ...base, section: opSection, where, scope: 'operation', docName: code(where), ...fields });
  const op: OperationPlacing = { ...p, pathKey, method, where, rest, opLevel };

  if (rest.length === 0) return [opLevel({ where: '', subject: `${noun} ${verb(c.action)}: ${opTitle(doc, pathKey, method, audience, true)}`, what: 'title', kind: verb(c.action) })];
  const [head, ...tail] = rest;
  if (head === 'deprecated' && tail.length === 0) {
    const what = c.after === true ? 'deprecated' : 'undeprecated';
    return [opLevel({ section: 'deprecated', where: '', subject: `${noun} ${opTitle(doc, pathKey, method, audience, false)}`, what })];
  }
  if (head === 'parameters') return [parameterAtom(op, tail)];
  const schemaAt = rest.indexOf('schema');
  if ((head === 'requestBody' || head === 'responses') && schemaAt >= 0 && (rest[schemaAt - 2] === 'content' || rest[schemaAt - 2] === 'headers')) return schemaAtoms(op, schemaAt);
  if (documentation) return [opLevel({ section: 'documentation', subject: code(where), what: 'documentation' })];
  return [operationLevelAtom(op)];
}

/** A change of one of the operation's parameters (`tail`: the pointer after `parameters`). */
function parameterAtom({ c, before, after, pathKey, method, where, base, documentation }: OperationPlacing, tail: string[]): Atom {
  const index = Number(tail[0]);
  const param = tail.length === 1 ? (c.action === 'remove' ? c.before : c.after) : (parametersOf(before, pathKey, method)[index] ?? parametersOf(after, pathKey, method)[index]);
  const subject = isObject(param) ? `${capitalise(String(param.in))} parameter ${code(String(param.name))}` : `Parameter ${index}`;
  const more = tail.slice(1);
  const atom = (fields: Partial<Atom> & Pick<Atom, 'what'>): Atom => ({ ...base, section: 'parameters', where, scope: 'parameter', subject, docName: `${subject.charAt(0).toLowerCase()}${subject.slice(1)} of ${where}`, ...fields });
  if (documentation) return atom({ section: 'documentation', what: 'documentation' });
  if (more.length === 0) return atom({ what: c.action === 'remove' ? 'removed' : 'added' });
  if (more[0] === 'deprecated' && more.length === 1) return atom({ section: 'deprecated', what: c.after === true ? 'deprecated' : 'undeprecated' });
  if (more[0] === 'required' && more.length === 1) return atom({ what: 'required' });
  if (more[0] === 'schema') return atom({ what: 'keyword', keyword: splitKeyword(more.slice(1)).keyword ?? 'schema' });
  return atom({ what: 'keyword', keyword: String(more[0]) });
}

/** The response header a change is in (`Response header X-...`), if it is in one. */
function headerOf({ rest, events }: OperationPlacing): string | undefined {
  const [head, ...tail] = rest;
  return head === 'responses' && tail[1] === 'headers' ? `${events ? 'Header' : 'Response header'} ${code(String(tail[2]))}` : undefined;
}

/** A change inside a request's, a response's or a header's schema (at `schemaAt` of the rest of its pointer): named by the component and field it is made in. */
function schemaAtoms(op: OperationPlacing, schemaAt: number): Atom[] {
  const { c, doc, base, events, documentation, pathKey, method, where, rest } = op;
  const isRequest = rest[0] === 'requestBody';
  const status = isRequest ? undefined : String(rest[1]);
  const header = headerOf(op);
  const section: Section = isRequest ? 'requests' : events ? 'payloads' : 'responses';
  const split = splitKeyword(rest.slice(schemaAt + 1));
  // A subschema keyword set or dropped as a whole (`propertyNames`, `additionalProperties`) is a
  // change of that keyword on the schema that has it, not a field.
  const whole = split.keyword === undefined && STRUCTURAL_ONE.has(String(split.steps.at(-1))) && split.steps.at(-1) !== 'items' && c.action !== 'replace';
  const { steps, keyword, keywordIndex } = whole ? { steps: split.steps.slice(0, -1), keyword: String(split.steps.at(-1)), keywordIndex: undefined } : split;
  const root = nodeIn(doc, ['paths', pathKey, method, ...rest.slice(0, schemaAt + 1)]);
  // A `required` entry is about the property it names.
  const requiredName = keyword === 'required' && keywordIndex !== undefined ? String(c.action === 'remove' ? c.before : c.after) : undefined;
  const place = placeInSchema(doc, root, requiredName !== undefined ? [...steps, 'properties', requiredName] : steps, requiredName !== undefined ? undefined : keyword);
  let subject: string;
  let component: string | undefined;
  if (header) subject = place.field ? `${header} ${code(place.field)}` : header;
  else if (events && place.component !== undefined && place.component === resolve(doc, root).component) {
    // The event's own payload schema (every event type has its own): name the field only.
    subject = place.field ? code(place.field) : 'The payload';
  } else if (place.component !== undefined) {
    subject = code(place.field ? `${place.component}.${place.field}` : place.component);
    component = place.component;
  } else {
    const inline = isRequest ? `${code(where)} request body` : `${code(where)} ${events ? 'payload' : `response ${status}`}`;
    subject = place.field ? `${code(place.field)} of the ${inline}` : capitalise(inline);
  }
  // `type: [string]` and `type: string` are one type (the tool's allOf merge writes either).
  if (keyword === 'type' && keywordIndex === undefined && c.action === 'replace' && sameTypes(c.before, c.after)) return [];
  const what: Atom['what'] =
    keyword === undefined ? (c.action === 'remove' ? 'removed' : c.action === 'add' ? 'added' : 'keyword') : keyword === 'deprecated' ? (c.after === true ? 'deprecated' : 'undeprecated') : keyword === 'required' ? 'required' : 'keyword';
  // An alternative of a oneOf added or removed is a change of that keyword.
  const alternative = keyword === undefined && ['oneOf', 'anyOf'].includes(String(steps.at(-2)));
  return [
    {
      ...base,
      section: documentation ? 'documentation' : what === 'deprecated' || what === 'undeprecated' ? 'deprecated' : section,
      where,
      scope: 'schema',
      subject,
      component,
      field: component !== undefined ? place.field : undefined,
      what: documentation ? 'documentation' : alternative ? 'keyword' : what,
      keyword: alternative ? String(steps.at(-2)) : keyword,
      docName: subject,
    },
  ];
}

/** An operation-level change: security, statuses, headers, media types, the request body. */
function operationLevelAtom(op: OperationPlacing): Atom {
  const { c, base, events, where, rest, opLevel } = op;
  const [head, ...tail] = rest;
  const isRequest = head === 'requestBody';
  const isResponse = head === 'responses';
  const status = isResponse ? String(tail[0]) : undefined;
  const header = headerOf(op);
  if (header && tail.length === 3) {
    const schema = isObject(c.after) ? c.after.schema : undefined;
    return { ...base, section: events ? 'payloads' : 'responses', where, scope: 'schema', subject: header, what: c.action === 'remove' ? 'removed' : 'added', kind: 'header', ...(schema ? { after: schema } : {}) };
  }
  if (header && tail[3] === 'required') {
    return { ...base, section: events ? 'payloads' : 'responses', where, scope: 'schema', subject: header, what: 'changed', kind: 'header-required', detail: c.after === true ? 'made required' : 'no longer required' };
  }
  if (head === 'security') return opLevel({ subject: 'Security requirements', what: 'changed', kind: 'security', detail: 'changed' });
  if (isResponse && tail.length === 1) return opLevel({ subject: `Response ${code(String(status))}`, what: 'changed', kind: 'status', detail: verb(c.action) });
  if (tail.at(-2) === 'content' && c.action !== 'replace') return opLevel({ subject: `${isRequest ? 'Request' : `Response ${status}`} media type ${code(String(tail.at(-1)))}`, what: 'changed', kind: 'media', detail: verb(c.action) });
  if (isRequest && tail.length === 0) return opLevel({ subject: 'Request body', what: 'changed', kind: 'request-body', detail: verb(c.action) });
  if (isRequest && tail[0] === 'required' && tail.length === 1) return opLevel({ subject: 'Request body', what: 'changed', kind: 'request-body-required', detail: c.after === true ? 'made required' : 'made optional' });
  if (head === 'operationId') return opLevel({ subject: 'operationId', what: 'changed', kind: 'other', detail: `${value(c.before)} → ${value(c.after)}` });
  return opLevel({ subject: code(rest.join('.')), what: 'changed', kind: 'other', detail: verb(c.action) });
}

const typeList = (t: unknown): string[] => (Array.isArray(t) ? t.map(String) : t === undefined ? [] : [String(t)]).sort();
const sameTypes = (a: unknown, b: unknown): boolean => typeList(a).join() === typeList(b).join();

/** Splits a path inside a schema into the steps to a field and the keyword changed there. */
function splitKeyword(parts: readonly (string | number)[]): { steps: (string | number)[]; keyword?: string; keywordIndex?: number } {
  const steps: (string | number)[] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = String(parts[i]);
    if (STRUCTURAL_KEYED.has(p) && i + 1 < parts.length) steps.push(p, parts[++i] as string);
    else if (STRUCTURAL_ONE.has(p) && !(p === 'additionalProperties' && i === parts.length - 1)) steps.push(p);
    else {
      const index = parts[i + 1];
      return { steps, keyword: p, keywordIndex: index === undefined ? undefined : Number(index) };
    }
  }
  return { steps };
}

function nodeIn(doc: JsonObject, path: readonly (string | number)[]): Json | undefined {
  let cur: Json | undefined = doc;
  for (const p of path) {
    cur = resolve(doc, cur).node;
    if (Array.isArray(cur)) cur = cur[Number(p)];
    else if (isObject(cur)) cur = cur[String(p)];
    else return undefined;
  }
  return cur;
}

/** `` `POST /v1/orders` (createOrder): Create an order `` (an event type: `` `order.created` (OrderCreated): ... ``). */
function opTitle(doc: JsonObject, pathKey: string, method: string, audience: Audience, withSummary: boolean): string {
  const op = resolve(doc, nodeIn(doc, ['paths', pathKey, method])).node;
  const id = isObject(op) && typeof op.operationId === 'string' ? ` (${op.operationId})` : '';
  const summary = withSummary && isObject(op) && typeof op.summary === 'string' ? `: ${op.summary.trim().replace(/\s+/g, ' ')}` : '';
  return `${code(audience === 'events' ? eventTypeOf(pathKey) : `${method.toUpperCase()} ${pathKey}`)}${id}${summary}`;
}

const eventTypeOf = (pathKey: string): string => pathKey.replace(/^\//, '');

/** `{type: 'null'}` (as compared: `{type: ['null']}`): the alternative that makes a value nullable. */
const isNullSchema = (s: unknown): boolean => isObject(s) && Object.keys(s).length === 1 && JSON.stringify([s.type].flat()) === '["null"]';

// ---------------------------------------------------------------------------------------------
// The rules: why a change breaks whoever sends or reads it

/** Breaking as the gate classifies it (compareDocumentsWithValues, with the gate's own rules). */
const breaks = (a: Atom): boolean => a.type === 'breaking';

/** The rule that makes an atom breaking, in the words of whoever it breaks. */
function ruleOf(a: Atom, audience: Audience): string {
  const events = audience === 'events';
  const reader = events ? 'receivers' : 'clients';
  const field = events ? 'a payload field' : 'a response field';
  if (a.scope === 'operation') {
    if (a.kind === 'removed') return events ? 'an event type removed: receivers waiting for it never get it' : 'an operation removed: clients calling it get 404';
    if (a.kind === 'security') return 'the security requirements changed: credentials that worked may be refused (401 or 403)';
    if (a.kind === 'status') return 'a documented response removed or changed: clients handling it meet one they do not know';
    if (a.kind === 'request-body-required') return 'a request body made required: clients sending none get 400';
    if (a.kind === 'media') return a.side === 'request' ? 'a request media type removed: clients sending it get 415' : 'a response media type removed: clients expecting it break';
  }
  if (a.scope === 'parameter') {
    if (a.what === 'added') return 'a required request parameter added: clients not sending it get 400';
    if (a.what === 'removed') return 'a request parameter removed: clients sending it get 400';
    if (a.what === 'required') return 'a request parameter made required: clients not sending it get 400';
    if (a.keyword === 'enum') return 'an enum value removed from a request parameter: clients sending it get 400';
    return `a request parameter's validation narrowed (${a.keyword}): clients sending values outside it get 400`;
  }
  if (a.kind === 'header') return `${events ? 'a delivery header' : 'a response header'} removed: ${reader} reading it break`;
  const kw = a.keyword ?? '';
  if (a.side === 'request') {
    if (a.what === 'added') return 'a required request field added: clients not sending it get 400';
    if (a.what === 'required') return 'a request field made required: clients not sending it get 400';
    if (kw === 'enum') return 'an enum value removed from a request: clients sending it get 400';
    if (kw === 'type') return "a request field's type narrowed: clients sending the old type get 400";
    if (kw === 'const') return 'a request constant changed: clients sending the old value get 400';
    if ((kw === 'oneOf' || kw === 'anyOf') && isNullSchema(a.before)) return "a request field's type narrowed: clients sending the old type get 400";
    if (kw === 'oneOf' || kw === 'anyOf') return 'an alternative removed from a request field: clients sending it get 400';
    if (kw) return `a request field's validation narrowed (${kw}): clients sending values outside it get 400`;
  } else {
    if (a.what === 'removed') return `${field} removed: ${reader} reading it break`;
    if (a.what === 'required') return `${field} made optional: ${reader} reading it may find it missing`;
    if (kw === 'type' && a.after === 'null') return `${field} made nullable: ${reader} reading it may get null`;
    if (kw === 'type') return `${field}'s type changed: ${reader} parsing it break`;
    if (kw === 'enum') return `a value added to an enum not marked \`x-extensible-enum\`: ${reader} switching on it meet a value they do not know`;
    if (kw === 'const') return `a constant changed: ${reader} comparing it break`;
    if (kw === 'oneOf' || kw === 'anyOf') return `${field} may take a new shape: ${reader} parsing it break`;
    if (kw) return `${field}'s validation widened (${kw}): ${reader} relying on it may meet values outside it`;
  }
  return `classified breaking by the diff (${a.description || a.action})`;
}

/** The phrase for one atom, and the rank that orders the phrases of one entry. */
function phraseOf(a: Atom, requiredToo: boolean): [number, string] {
  switch (a.what) {
    case 'title':
    case 'documentation':
      return [0, ''];
    case 'added': {
      const schema = a.scope === 'parameter' && isObject(a.after) ? a.after.schema : a.after;
      const required = requiredToo || (a.scope === 'parameter' && isObject(a.after) && a.after.required === true);
      return [0, ['added', required ? 'required' : '', describeSchema(schema)].filter(Boolean).join(', ')];
    }
    case 'removed':
      return [0, 'removed'];
    case 'deprecated':
      return [0, 'deprecated'];
    case 'undeprecated':
      return [0, 'no longer deprecated'];
    case 'required':
      if (a.scope === 'parameter') return [1, a.after === true ? 'made required' : 'made optional'];
      return [1, a.action === 'add' ? 'made required' : 'no longer required'];
    case 'changed':
      return [1, a.detail ?? verb(a.action)];
    case 'keyword':
      break;
  }
  const kw = a.keyword ?? 'schema';
  const [b, v] = [value(a.before), value(a.after)];
  if (kw === 'type') {
    if (a.action === 'add') return [2, a.after === 'null' ? 'made nullable' : `type ${v} added`];
    if (a.action === 'remove') return [2, a.before === 'null' ? 'no longer nullable' : `type ${b} removed`];
    return [2, `type ${code(typeList(a.before).join(' or '))} → ${code(typeList(a.after).join(' or '))}`];
  }
  if (kw === 'enum') return [3, a.action === 'add' ? `enum value ${v} added` : a.action === 'remove' ? `enum value ${b} removed` : `enum value ${b} → ${v}`];
  if ((kw === 'oneOf' || kw === 'anyOf') && a.action !== 'replace') {
    const schema = a.action === 'add' ? a.after : a.before;
    // A null alternative is nullability, however the schema writes it.
    if (isNullSchema(schema)) return [2, a.action === 'add' ? 'made nullable' : 'no longer nullable'];
    return [4, `alternative ${describeSchema(schema) || value(schema)} ${verb(a.action)}`];
  }
  return [5, a.action === 'add' ? `${kw} ${v} added` : a.action === 'remove' ? `${kw} ${b} removed` : `${kw} ${b} → ${v}`];
}

/** `enum value a added; enum value b added` → `enum values a, b added`. */
function mergeEnumPhrases(phrases: string[]): string[] {
  const out: string[] = [];
  const values = new Map<string, string[]>();
  for (const p of phrases) {
    const m = /^enum value (.+) (added|removed)$/.exec(p);
    if (m) values.set(m[2] as string, [...(values.get(m[2] as string) ?? []), m[1] as string]);
    else out.push(p);
  }
  const merged = ['removed', 'added'].filter((v) => values.has(v)).map((v) => `enum value${(values.get(v) as string[]).length > 1 ? 's' : ''} ${(values.get(v) as string[]).sort().join(', ')} ${v}`);
  return [...merged, ...out];
}

/**
 * Null written the other way (`type: [string, null]` to `oneOf: [..., {type: null}]`, or back) is the
 * same schema: the pair of changes is dropped.
 */
function withoutNullRewrites(group: Atom[]): Atom[] {
  const isNull = (s: unknown) => isObject(s) && typeList(s.type).join() === 'null';
  const typeNull = (action: string) => group.find((a) => a.what === 'keyword' && a.keyword === 'type' && a.action === action && (action === 'add' ? a.after : a.before) === 'null');
  const alternativeNull = (action: string) =>
    group.find((a) => a.what === 'keyword' && (a.keyword === 'oneOf' || a.keyword === 'anyOf') && a.action === action && isNull(action === 'add' ? a.after : a.before));
  let out = group;
  for (const [typeAction, alternativeAction] of [['remove', 'add'], ['add', 'remove']] as const) {
    const pair = [typeNull(typeAction), alternativeNull(alternativeAction)];
    if (pair[0] && pair[1]) out = out.filter((a) => !pair.includes(a));
  }
  return out;
}

/** Merges the atoms of one subject in one operation (or event type) into one entry. */
function entriesOf(atoms: Atom[], audience: Audience): Entry[] {
  const groups = new Map<string, Atom[]>();
  for (const a of atoms) {
    const key = [a.section, a.where, a.subject, a.section === 'documentation' ? '' : a.side].join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  const out: Entry[] = [];
  for (const all of groups.values()) {
    const group = withoutNullRewrites(all);
    const first = group[0];
    if (!first) continue;
    // A field added or removed carries its `required` entry.
    const added = group.some((a) => a.what === 'added');
    const removed = group.some((a) => a.what === 'removed');
    const requiredToo = added && group.some((a) => a.what === 'required' && a.action === 'add');
    const own = group.filter((a) => !((added || removed) && a.what === 'required'));
    // A new field's `required` is what breaks requests: it is the rule of the field added.
    const breaking = group.filter((a) => breaks(a) && !(removed && a.what === 'required'));
    const rules = [...new Set(breaking.map((a) => ruleOf(added && a.what === 'required' ? { ...a, what: 'added' } : a, audience)))].sort();
    // A response's resource decides coverage: the breaking atom's, else the first's.
    const { resource, side } = breaking[0] ?? first;
    if (first.section === 'documentation') {
      out.push({ section: 'documentation', subject: first.docName ?? first.subject, detail: '', where: '', events: audience === 'events', rules: [], side, resource });
      continue;
    }
    const phrases = new Map<string, number>();
    for (const a of own) {
      const [rank, phrase] = phraseOf(a, requiredToo);
      if (phrase) phrases.set(phrase, rank);
    }
    const detail = mergeEnumPhrases([...phrases].sort((x, y) => x[1] - y[1] || x[0].localeCompare(y[0])).map(([p]) => p)).join('; ');
    const accepted = breaking.length && breaking.every((a) => a.accepted !== undefined) ? breaking[0]!.accepted : undefined;
    out.push({ section: first.section, subject: first.subject, detail, component: first.component, field: first.field, where: first.where, events: audience === 'events', rules, side, resource, accepted });
  }
  return out;
}

/** Every change from `base` to `head`, as entries (one per subject and operation or event type). */
export function changelogEntries(base: ApiDocuments, head: ApiDocuments, accepted: ReadonlyMap<string, Accepted> = new Map()): Entry[] {
  const api = compareDocumentsWithValues(base.openapi, head.openapi);
  const baseEvents = eventsAsOperations(base.asyncapi);
  const headEvents = eventsAsOperations(head.asyncapi);
  const events = compareDocumentsWithValues(baseEvents, headEvents);
  return [...entriesOf(atomsOf(api, base.openapi, head.openapi, 'api', accepted), 'api'), ...entriesOf(atomsOf(events, baseEvents, headEvents, 'events'), 'events')];
}

// ---------------------------------------------------------------------------------------------
// The AsyncAPI document read as operations, so that the same diff and rules apply

/**
 * An OpenAPI document with one operation per event type (`POST /<type>`, the message's key as
 * operationId, its summary and `deprecated`), whose 200 response is the message's payload (and its
 * headers, from the message and its traits); the AsyncAPI components' schemas come along.
 */
export function eventsAsOperations(asyncapi: JsonObject): JsonObject {
  const doc = asyncapi;
  const messages = new Map<string, JsonObject>();
  const collect = (map: Json | undefined) => {
    for (const [key, ref] of Object.entries(isObject(map) ? map : {})) {
      const message = resolve(doc, ref).node;
      const name = isObject(ref) && typeof ref.$ref === 'string' ? decodeURIComponent(ref.$ref.split('/').at(-1) as string) : key;
      if (isObject(message) && !messages.has(name)) messages.set(name, message);
    }
  };
  for (const ref of Object.values(isObject(doc.channels) ? doc.channels : {})) {
    const channel = resolve(doc, ref).node;
    collect(isObject(channel) ? channel.messages : undefined);
  }
  if (!messages.size) collect((doc.components as JsonObject | undefined)?.messages);

  const paths: JsonObject = {};
  for (const [key, message] of [...messages].sort(([a], [b]) => a.localeCompare(b))) {
    const payload = resolve(doc, message.payload).node;
    const typeConst = isObject(payload) && isObject(payload.properties) ? resolve(doc, payload.properties.type).node : undefined;
    const type = isObject(typeConst) && typeof typeConst.const === 'string' ? typeConst.const : typeof message.name === 'string' ? message.name : key;
    const headers: JsonObject = {};
    const traits = (Array.isArray(message.traits) ? message.traits : []).map((t) => resolve(doc, t).node);
    for (const source of [...traits, message]) {
      const schema = isObject(source) ? resolve(doc, source.headers).node : undefined;
      if (!isObject(schema) || !isObject(schema.properties)) continue;
      const required = Array.isArray(schema.required) ? schema.required : [];
      for (const [name, s] of Object.entries(schema.properties)) headers[name] = { required: required.includes(name), schema: s };
    }
    const contentType = typeof message.contentType === 'string' ? message.contentType : typeof doc.defaultContentType === 'string' ? doc.defaultContentType : 'application/json';
    paths[`/${type}`] = {
      post: {
        operationId: key,
        ...(typeof message.summary === 'string' ? { summary: message.summary } : {}),
        ...(message.deprecated === true ? { deprecated: true } : {}),
        responses: {
          '200': {
            description: 'The event as delivered.',
            ...(Object.keys(headers).length ? { headers } : {}),
            content: { [contentType]: { schema: message.payload ?? {} } },
          },
        },
      },
    };
  }
  const info = isObject(doc.info) ? doc.info : {};
  return {
    openapi: '3.1.0',
    info: { title: info.title ?? 'events', version: info.version ?? '' },
    paths,
    components: { schemas: (isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {}) as Json },
  };
}

// ---------------------------------------------------------------------------------------------
// Markdown

/** The versions of the registry that the base document did not know (its `ApiVersion` enum). */
export function newVersionsSince(baseOpenapi: JsonObject, registry: readonly RegistryEntry[]): RegistryEntry[] {
  const schema = resolve(baseOpenapi, nodeIn(baseOpenapi, ['components', 'schemas', 'ApiVersion'])).node;
  const known = isObject(schema) && Array.isArray(schema.enum) ? schema.enum.map(String) : [String((baseOpenapi.info as JsonObject | undefined)?.version ?? '')];
  return registry.filter((e) => !known.includes(e.version));
}

const SECTIONS: [Section, string][] = [
  ['operations', 'Operations'],
  ['parameters', 'Parameters'],
  ['requests', 'Request bodies'],
  ['responses', 'Responses'],
  ['events', 'Event types'],
  ['payloads', 'Event payloads'],
  ['deprecated', 'Deprecated'],
  ['other', 'Other'],
];

function whereList(where: string[], events: boolean, allEvents: number): string {
  if (!where.length) return '';
  if (events && allEvents > 1 && where.length === allEvents) return ` (all ${where.length} event types)`;
  const names = where.map((w) => (w.includes(' ') ? code(w) : w)).join(', ');
  return where.length > 3 ? ` (${where.length} ${events ? 'event types' : 'operations'}: ${names})` : ` (${names})`;
}

interface Bullet {
  section: Section;
  subject: string;
  detail: string;
  component?: string;
  field?: string;
  events: boolean;
  rules: string[];
  coverage: string;
  where: Set<string>;
}

/**
 * The changelog. `newVersions` are the registry's versions added since the base (newVersionsSince):
 * a breaking change to a response is covered when one of them transforms its resource.
 */
export function renderChangelog(entries: Entry[], options: { baseRef: string; newVersions: readonly RegistryEntry[]; eventTypes?: number; notes?: readonly string[] }): string {
  const lines = [`## API changes since \`${options.baseRef}\``, ''];
  for (const note of options.notes ?? []) lines.push(`> ${note}`, '');
  if (!entries.length) {
    lines.push(`No changes to the OpenAPI or AsyncAPI documents since \`${options.baseRef}\`.`);
    return `${lines.join('\n')}\n`;
  }
  const coverage = (e: Entry): string => {
    const version = options.newVersions.find((v) => coveredBy(e, v));
    if (version) return `covered by API version ${version.version} (its \`${e.resource}\` downgrade)`;
    return e.accepted ? `reviewed and accepted (specs/published/accepted-changes.yaml): ${e.accepted.replace(/\.$/, '')}` : 'not covered by a new API version';
  };
  // One bullet per change, the operations (or event types) it is made in collected.
  const byChange = new Map<string, Bullet>();
  for (const e of entries.filter((e) => e.section !== 'documentation')) {
    const cover = e.rules.length ? coverage(e) : '';
    const key = [e.section, e.events, e.subject, e.detail, e.rules.join(';'), cover].join('\u0000');
    const b = byChange.get(key) ?? { section: e.section, subject: e.subject, detail: e.detail, component: e.component, field: e.field, events: e.events, rules: e.rules, coverage: cover, where: new Set<string>() };
    if (e.where) b.where.add(e.where);
    byChange.set(key, b);
  }
  // One field changed alike in several components (`total_count` added to every list) is one bullet.
  const bullets = new Map<string, Bullet>();
  for (const b of byChange.values()) {
    const key = b.field ? [b.section, b.events, `.${b.field}`, b.detail, b.rules.join(';'), b.coverage].join('\u0000') : `${bullets.size}\u0001`;
    const same = bullets.get(key);
    if (!same) bullets.set(key, { ...b, where: new Set(b.where) });
    else {
      const components = [...new Set([...(same.component ?? '').split('\u0000'), b.component ?? ''])].sort();
      same.component = components.join('\u0000');
      same.subject = `${code(b.field ?? '')} in ${components.map((c) => code(c)).join(', ')}`;
      for (const w of b.where) same.where.add(w);
    }
  }
  const all = [...bullets.values()];
  const breaking = all.filter((b) => b.rules.length);
  const covered = breaking.filter((b) => b.coverage.startsWith('covered')).length;
  const reviewed = breaking.filter((b) => b.coverage.startsWith('reviewed')).length;
  lines.push(
    breaking.length
      ? `**${breaking.length} breaking** (${covered || 'none'} covered by a new API version${reviewed ? `, ${reviewed} reviewed and accepted` : ''}), ${all.length - breaking.length} not breaking.`
      : all.length
        ? `No breaking changes; ${all.length} ${all.length === 1 ? 'change' : 'changes'}.`
        : 'No breaking changes; only descriptions, summaries or examples changed.',
  );
  for (const [section, heading] of SECTIONS) {
    const text = (b: Bullet) => (b.detail ? `${b.subject}: ${b.detail}` : b.subject);
    const items = all
      .filter((b) => b.section === section)
      .map((b) => ({ b, text: text(b) }))
      .sort((x, y) => Number(y.b.rules.length > 0) - Number(x.b.rules.length > 0) || x.text.localeCompare(y.text) || x.b.coverage.localeCompare(y.b.coverage));
    if (!items.length) continue;
    lines.push('', `### ${heading}`, '');
    for (const { b, text } of items) {
      const why = b.rules.length ? ` — ${b.rules.join('; ')}; ${b.coverage}.` : '';
      lines.push(`- ${b.rules.length ? '**Breaking** ' : ''}${text}${whereList([...b.where].sort(), b.events, options.eventTypes ?? 0)}${why}`);
    }
  }
  const documentation = [...new Set(entries.filter((e) => e.section === 'documentation').map((e) => e.subject))].sort();
  if (documentation.length) lines.push('', `Descriptions, summaries or examples changed: ${documentation.join(', ')}.`);
  return `${lines.join('\n')}\n`;
}

/** The changelog of `head` against `base`, with the version registry as it is now. */
export function specChangelog(
  base: ApiDocuments,
  head: ApiDocuments,
  options: { baseRef: string; registry: readonly RegistryEntry[]; notes?: readonly string[]; accepted?: ReadonlyMap<string, Accepted> },
): string {
  const messages = eventsAsOperations(head.asyncapi).paths as JsonObject;
  return renderChangelog(changelogEntries(base, head, options.accepted), {
    baseRef: options.baseRef,
    newVersions: newVersionsSince(base.openapi, options.registry),
    eventTypes: Object.keys(messages).length,
    notes: options.notes,
  });
}

// ---------------------------------------------------------------------------------------------
// CLI

const DOCUMENTS = { openapi: 'generated/openapi.json', asyncapi: 'generated/asyncapi.json' } as const;

class UsageError extends Error {}

function git(cwd: string, args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Reads both documents at `ref` and in the working tree of the repository at `cwd`. */
export function readDocuments(cwd: string, ref: string): { base: ApiDocuments; head: ApiDocuments; notes: string[] } {
  let commit: string;
  try {
    commit = git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).trim();
  } catch {
    throw new UsageError(`Unknown git ref ${ref}: give a branch, tag or commit this repository has (for example \`main\` or \`HEAD~1\`).`);
  }
  const root = git(cwd, ['rev-parse', '--show-toplevel']).trim();
  const at = (file: string): JsonObject => {
    try {
      return JSON.parse(git(root, ['show', `${commit}:${file}`])) as JsonObject;
    } catch {
      throw new UsageError(`${file} does not exist at ${ref}: nothing to compare with.`);
    }
  };
  const here = (file: string): JsonObject => {
    const full = path.join(root, file);
    if (!existsSync(full)) throw new UsageError(`${file} is missing: run \`npm run generate\`.`);
    return JSON.parse(readFileSync(full, 'utf8')) as JsonObject;
  };
  const base = { openapi: at(DOCUMENTS.openapi), asyncapi: at(DOCUMENTS.asyncapi) };
  const head = { openapi: here(DOCUMENTS.openapi), asyncapi: here(DOCUMENTS.asyncapi) };
  // A cheap staleness hint: the specs changed since the ref (tracked or new files) and the generated documents did not.
  const notes: string[] = [];
  const changed = (...paths: string[]): boolean => {
    try {
      git(root, ['diff', '--quiet', commit, '--', ...paths]);
      return git(root, ['ls-files', '--others', '--exclude-standard', '--', ...paths]).trim() !== '';
    } catch (err) {
      // `git diff --quiet` exits 1 for "differs"; anything else is a failure of git, not a change.
      if ((err as { status?: number }).status === 1) return true;
      throw err;
    }
  };
  if (changed('specs', ':(exclude)specs/published') && !changed(DOCUMENTS.openapi, DOCUMENTS.asyncapi)) {
    notes.push(`specs/ changed since \`${ref}\` but ${DOCUMENTS.openapi} and ${DOCUMENTS.asyncapi} did not: run \`npm run generate\` first (this compares the generated documents).`);
  }
  return { base, head, notes };
}

async function main(argv: string[]): Promise<number> {
  const ref = argv[0];
  if (!ref || argv.length > 1 || ref.startsWith('-')) {
    console.error('usage: npm run spec:changelog -- <base-ref>   (for example: npm run spec:changelog -- main)');
    return 2;
  }
  try {
    const { base, head, notes } = readDocuments(process.cwd(), ref);
    process.stdout.write(specChangelog(base, head, { baseRef: ref, registry: registry(), notes, accepted: acceptedChanges() }));
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`spec:changelog: ${err.message}`);
      return 2;
    }
    throw err;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? (err.stack ?? err.message) : err);
      process.exit(1);
    },
  );
}
