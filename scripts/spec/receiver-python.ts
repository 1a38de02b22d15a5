/**
 * The models of the Python webhook receiver package (packages/webhooks-python): every event
 * envelope of the bundled AsyncAPI document, and every schema an envelope reaches, as `TypedDict`s
 * in one module, written by `npm run generate` (scripts/spec/generate.ts) like the rest of generated/.
 *
 * TypedDicts rather than classes with parsing: a receiver gets the parsed JSON as it is, typed for
 * mypy and editors, with no runtime dependency. The module has to import on Python 3.10, so:
 *  - `from __future__ import annotations` keeps every field annotation a string (forward references
 *    to classes defined further down cost nothing, `X | None` is never evaluated at import);
 *  - an optional property (not in `required`) goes to a `total=False` subclass of a class holding the
 *    required ones, since `NotRequired` is Python 3.11+;
 *  - the module-level aliases (enums, `Event`) are evaluated at import and only use forms that
 *    Python 3.10 evaluates (`Literal[...]`, `Literal[...] | str`, `Union[...]`).
 * What the walk does not know how to render (an `allOf` of several schemas, a property name that is
 * not a Python identifier, two different schemas wanting one name) fails generation, naming it.
 */
import { isObject, type Json, type JsonObject } from './json.js';

const SCHEMA_REF = '#/components/schemas/';

/** Names the module itself defines or imports: a schema of the same name would shadow one. */
const RESERVED = new Set(['annotations', 'Literal', 'TypeAlias', 'TypedDict', 'Union', 'Event', 'EventType', 'EVENT_TYPES', 'API_VERSION']);
const PYTHON_KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(' '),
);
const isIdentifier = (name: string): boolean => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !PYTHON_KEYWORDS.has(name);
const pascal = (name: string): string => name.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_all, _sep, c: string) => c.toUpperCase());

/** A JSON value as a Python literal (JSON's string escapes are Python's too). */
function pythonLiteral(value: Json): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  throw new Error(`${JSON.stringify(value)} cannot be a Literal[...] value`);
}

/** A Python comment or docstring body from a schema description: the text as written, line by line. */
const descriptionLines = (schema: JsonObject): string[] =>
  typeof schema.description === 'string' ? schema.description.trim().split('\n').map((l) => l.trimEnd()) : [];

/** A union of Python type expressions, each once, `None` last. */
function union(members: string[]): string {
  const unique = [...new Set(members.flatMap((m) => m.split(' | ')))];
  const rest = unique.filter((m) => m !== 'None');
  return [...rest, ...(unique.includes('None') ? ['None'] : [])].join(' | ');
}

interface Definition {
  /** What the name stands for, to tell a second use of the same schema from a clash. */
  source: string;
  /** Filled once the schema's own walk is done (the walk defines what it references first, in order). */
  text: string;
}

export function receiverPythonModule(asyncapi: JsonObject, headerText: string): string {
  const components = asyncapi.components;
  if (!isObject(components) || !isObject(components.messages) || !isObject(components.schemas)) {
    throw new Error('receiver-python: the AsyncAPI document has no components.messages or components.schemas');
  }
  const schemas = components.schemas;
  const apiVersion = isObject(asyncapi.info) ? asyncapi.info.version : undefined;
  if (typeof apiVersion !== 'string') throw new Error('receiver-python: the AsyncAPI document has no info.version');
  const definitions = new Map<string, Definition>();

  /** The schema a `$ref` names (only the bundled document's own components). */
  const resolve = (ref: Json): { name: string; schema: JsonObject } => {
    if (typeof ref !== 'string' || !ref.startsWith(SCHEMA_REF)) throw new Error(`receiver-python: unsupported $ref ${JSON.stringify(ref)}`);
    const name = decodeURIComponent(ref.slice(SCHEMA_REF.length));
    const schema = schemas[name];
    if (!isObject(schema)) throw new Error(`receiver-python: $ref ${ref} names no schema`);
    return { name, schema };
  };

  /** Reserves `name` for `schema` (true when newly reserved; false when already defined by the same schema). */
  const reserve = (name: string, schema: JsonObject): boolean => {
    if (!isIdentifier(name) || RESERVED.has(name)) throw new Error(`receiver-python: the schema name ${name} cannot be a Python name here: give the schema a title`);
    const source = JSON.stringify(schema);
    const known = definitions.get(name);
    if (known) {
      if (known.source !== source) throw new Error(`receiver-python: two different schemas are both named ${name}: rename one of them (title)`);
      return false;
    }
    definitions.set(name, { source, text: '' });
    return true;
  };

  const isNamedObject = (s: JsonObject): boolean => isObject(s.properties);
  const isEnum = (s: JsonObject): boolean => Array.isArray(s.enum);

  /** The enum's values as a Literal, open (`| str`) when the spec says new values may be added. */
  const enumType = (s: JsonObject): string => {
    const values = s.enum as Json[];
    const literal = `Literal[${values.filter((v) => v !== null).map(pythonLiteral).join(', ')}]`;
    return union([literal, ...(s['x-extensible-enum'] === true ? ['str'] : []), ...(values.includes(null) ? ['None'] : [])]);
  };

  const defineEnum = (name: string, s: JsonObject): string => {
    if (reserve(name, s)) {
      const extensible = s['x-extensible-enum'] === true ? ['Open: values not listed here may be added without a new API version.'] : [];
      const comment = [...descriptionLines(s), ...extensible].map((l) => (l ? `# ${l}` : '#'));
      definitions.get(name)!.text = [...comment, `${name}: TypeAlias = ${enumType(s)}`].join('\n');
    }
    return name;
  };

  const defineObject = (name: string, s: JsonObject): string => {
    if (!reserve(name, s)) return name;
    const required = new Set(Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : []);
    const field = (key: string, property: Json): string[] => {
      if (!isIdentifier(key)) throw new Error(`receiver-python: ${name}.${key} is not a Python identifier; render it with the functional TypedDict syntax`);
      const p = isObject(property) ? property : {};
      return [...descriptionLines(p).map((l) => (l ? `    # ${l}` : '    #')), `    ${key}: ${typeOf(p, name + pascal(key))}`];
    };
    const entries = Object.entries(s.properties as JsonObject);
    const mandatory = entries.filter(([k]) => required.has(k)).flatMap(([k, p]) => field(k, p));
    const optional = entries.filter(([k]) => !required.has(k)).flatMap(([k, p]) => field(k, p));
    const doc = descriptionLines(s);
    const docstring = doc.length ? [`    """${doc.map((l, i) => (i && l ? `    ${l}` : l)).join('\n').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"""`, ''] : [];
    const body = (lines: string[]) => (lines.length ? lines : ['    pass']);
    let text: string;
    if (!optional.length) {
      text = [`class ${name}(TypedDict):`, ...docstring, ...body(mandatory)].join('\n');
    } else if (!mandatory.length) {
      text = [`class ${name}(TypedDict, total=False):`, ...docstring, ...optional].join('\n');
    } else {
      // The required keys in a base class, the optional ones in a total=False subclass (no NotRequired on 3.10).
      text = [`class _${name}Required(TypedDict):`, ...mandatory, '', '', `class ${name}(_${name}Required, total=False):`, ...docstring, ...optional].join('\n');
    }
    definitions.get(name)!.text = text;
    return name;
  };

  /** The Python type of a schema; `hint` names an anonymous object (its parent and property). */
  const typeOf = (s: JsonObject, hint: string): string => {
    if ('$ref' in s) {
      const { name, schema } = resolve(s.$ref ?? null);
      if (isNamedObject(schema)) return defineObject(name, schema);
      if (isEnum(schema)) return defineEnum(name, schema);
      return typeOf(schema, name);
    }
    if (Array.isArray(s.allOf)) {
      // allOf with one schema and more keywords beside it only narrows that schema (bounds, a pattern).
      const [only, ...more] = s.allOf;
      if (more.length || !isObject(only)) throw new Error(`receiver-python: ${hint}: an allOf of several schemas is not rendered`);
      return typeOf(only, hint);
    }
    const alternatives = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined;
    if (alternatives) {
      // One alternative besides null keeps the hint; several are told apart by their position.
      const single = alternatives.filter((a) => !(isObject(a) && a.type === 'null')).length === 1;
      return union(alternatives.map((a, i) => typeOf(isObject(a) ? a : {}, single ? hint : `${hint}${i + 1}`)));
    }
    if ('const' in s) return `Literal[${pythonLiteral(s.const ?? null)}]`;
    if (isEnum(s)) return typeof s.title === 'string' ? defineEnum(s.title, s) : enumType(s);
    if (Array.isArray(s.type)) return union(s.type.map((t) => typeOf({ ...s, type: t }, hint)));
    switch (s.type) {
      case 'string':
        return 'str';
      case 'integer':
        return 'int';
      case 'number':
        return 'float';
      case 'boolean':
        return 'bool';
      case 'null':
        return 'None';
      case 'array':
        return `list[${isObject(s.items) ? typeOf(s.items, `${hint}Item`) : 'object'}]`;
      case 'object':
      case undefined:
        if (isNamedObject(s)) return defineObject(typeof s.title === 'string' ? s.title : hint, s);
        if (s.type === undefined) return 'object'; // any JSON value
        return `dict[str, ${isObject(s.additionalProperties) ? typeOf(s.additionalProperties, `${hint}Value`) : 'object'}]`;
      default:
        throw new Error(`receiver-python: ${hint}: unknown type ${JSON.stringify(s.type)}`);
    }
  };

  // The envelopes, one per message, in the document's order; each message's name is its type.
  const envelopes: { type: string; name: string }[] = [];
  for (const [key, message] of Object.entries(components.messages)) {
    if (!isObject(message) || typeof message.name !== 'string' || !isObject(message.payload)) {
      throw new Error(`receiver-python: message ${key} has no name or payload`);
    }
    const { name, schema } = resolve(message.payload.$ref ?? null);
    const type = isObject(schema.properties) && isObject(schema.properties.type) ? schema.properties.type.const : undefined;
    if (type !== message.name) throw new Error(`receiver-python: message ${key} is ${message.name} but its payload's type is ${JSON.stringify(type)}`);
    envelopes.push({ type: message.name, name: defineObject(name, schema) });
  }
  const types = envelopes.map((e) => pythonLiteral(e.type));

  const names = [...definitions.keys()].filter((n) => !n.startsWith('_'));
  const sections = [
    [
      `# ${headerText}`,
      '# The webhook event payloads of the AsyncAPI document (generated/asyncapi.json) as TypedDicts:',
      '# one envelope per event type, `Event` the union of them all (narrow it on `event["type"]`).',
      '# Rendered by scripts/spec/receiver-python.ts; test/receiver-python.test.ts runs mypy --strict on it.',
      'from __future__ import annotations',
      '',
      'from typing import Literal, TypeAlias, TypedDict, Union',
      '',
      '__all__ = [',
      ...['Event', 'EventType', 'EVENT_TYPES', 'API_VERSION', ...names].map((n) => `    ${JSON.stringify(n)},`),
      ']',
    ].join('\n'),
    ...[...definitions.values()].map((d) => d.text),
    [
      '# The body of a delivery, whatever its event type.',
      'Event: TypeAlias = Union[',
      ...envelopes.map((e) => `    ${e.name},`),
      ']',
      '',
      '# Every event type this version of the package knows; the service may add more (ignore those).',
      'EventType: TypeAlias = Literal[',
      ...types.map((t) => `    ${t},`),
      ']',
      '',
      'EVENT_TYPES: tuple[str, ...] = (',
      ...types.map((t) => `    ${t},`),
      ')',
      '',
      "# The API version these types describe (the AsyncAPI document's info.version). A delivery's",
      "# `api_version` is its endpoint's pinned version: construct_event warns, or refuses with",
      '# api_version="refuse", when it is another one.',
      `API_VERSION: str = ${JSON.stringify(apiVersion)}`,
    ].join('\n'),
  ];
  return `${sections.join('\n\n\n')}\n`;
}

/** Where the file goes, relative to generated/ (scripts/spec/generate.ts writes and checks it there). */
export const RECEIVER_PYTHON_EVENTS_FILE = '../packages/webhooks-python/vehicle_transport_webhooks/events.py';
