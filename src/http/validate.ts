// Request validation against the operation's schemas in the spec (openapi-backend with Ajv and
// formats; the spec's `default`s fill what the request left out, so services never repeat them),
// and the mapping of Ajv's errors to the envelope: one error for the first problem, naming the
// parameter as integrators write it (`vehicles[0].vin`, `created[gte]`), the value sent and what is
// allowed, in plain words (never the validator's own wording: `oneOf`, `const`, "must match ...").
// A secret's value (a field the spec marks `writeOnly` or `format: password`) is never quoted.
import type { ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { OpenAPIBackend } from 'openapi-backend';
import { errors, type ApiError } from '../shared/errors.js';
import { unstorableText } from './body.js';
import { openApiDocument } from '../shared/spec.js';
import type { Step } from './state.js';

/** The spec's operations, for routing, and their request validators (built once). */
export async function createOpenApiBackend(): Promise<OpenAPIBackend> {
  const api = new OpenAPIBackend({
    definition: openApiDocument() as never,
    quick: true, // the document is OpenAPI 3.1; it is validated by the spec linter instead
    validate: true,
    coerceTypes: true,
    // The spec's `default`s fill in what the request left out: services never repeat them.
    // `verbose` gives each error the offending value and its schema, which the messages quote.
    ajvOpts: { useDefaults: true, verbose: true },
    customizeAjv: (ajv) => {
      addFormats.default(ajv);
      return ajv;
    },
  });
  await api.init();
  return api;
}

/**
 * The path and the query string must decode (percent-encoded UTF-8) to text PostgreSQL can store:
 * a NUL character or a malformed escape is a 400 naming the parameter, before any schema sees it.
 */
function checkPathAndQuery(path: string, querystring: string): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw errors.invalidFormat(undefined, 'The path is not valid percent-encoded UTF-8.');
  }
  if (unstorableText(decoded)) throw errors.invalidValue(undefined, 'The path must not contain NUL characters.');
  for (const part of querystring.split('&')) {
    const [rawName = '', rawValue = ''] = part.split('=', 2);
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    } catch {
      throw errors.invalidFormat(undefined, `The query parameter ${JSON.stringify(rawName)} is not valid percent-encoded UTF-8.`);
    }
    if (unstorableText(name) || unstorableText(value)) {
      throw errors.invalidValue(unstorableText(name) ? undefined : name, `Invalid value for the query parameter ${JSON.stringify(name)}: text must not contain NUL characters.`);
    }
  }
}

/** Validates path, query and body; on success the handler's input is the coerced, defaulted values. */
export function validateRequest(api: OpenAPIBackend): Step {
  return async (c, next) => {
    const { operation, body } = c.state;
    checkPathAndQuery(c.path, c.querystring);
    const request = { method: operation!.method, path: c.path, headers: c.headers as Record<string, string>, query: c.querystring, body };
    const validation = api.validator.validateRequest(request as never, operation! as never);
    if (!validation.valid) throw fromValidationErrors(validation.errors as never);
    // Ajv coerced the query and path values to their schema types while validating.
    c.state.input = { params: validation.coerced?.params ?? {}, query: validation.coerced?.query ?? {}, body };
    await next();
  };
}

/** `/requestBody/vehicles/0/vin` -> `vehicles[0].vin`; `/query/created/gte` -> `created[gte]`. */
function paramFromPointer(pointer: string, extra?: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const where = parts.shift();
  if (extra !== undefined) parts.push(extra);
  if (where === 'query' || where === 'params' || where === 'headers') {
    const [head, ...rest] = parts;
    return (head ?? '') + rest.map((p) => `[${p}]`).join('');
  }
  let out = '';
  for (const p of parts) out += /^\d+$/.test(p) ? `[${p}]` : out === '' ? p : `.${p}`;
  return out;
}

type Schema = { description?: string; title?: string; type?: string | string[]; [k: string]: unknown };

/** A value as the message quotes it: JSON, cut short. */
function quote(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

const FORMAT_WORDS: Record<string, string> = {
  date: 'a calendar date written YYYY-MM-DD',
  'date-time': 'a date and time in RFC 3339 form (2026-12-01T09:30:00Z)',
  email: 'an e-mail address',
  uri: 'an absolute URL',
  'uri-reference': 'a URL',
  uuid: 'a UUID',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  hostname: 'a host name',
};

/** Patterns the spec uses without a description of their own, in words. */
const PATTERN_WORDS: Record<string, string> = {
  '^[^\\u0000]*$': 'text without NUL characters',
  '^[^\\u0000]+$': 'non-empty text without NUL characters',
  '^[\\x21-\\x7E]+$': 'printable ASCII characters without spaces',
  '^[A-Za-z0-9_.:-]+$': 'letters, digits, "_", ".", ":" and "-"',
};

const or = (words: string[]): string => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** A schema's description as plain text (no Markdown backticks, one line, no final stop), cut short. */
function describe(schema: Schema | undefined): string | undefined {
  const text = schema?.description?.replace(/`/g, '').replace(/\s+/g, ' ').trim().replace(/\.$/, '');
  if (!text) return undefined;
  return text.length > 240 ? `${text.slice(0, 237)}...` : text;
}
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

const COMBINATORS = new Set(['oneOf', 'anyOf', 'allOf', 'if', 'not']);
const depth = (e: ErrorObject) => e.instancePath.split('/').length;

/**
 * Keeps, for each failed `oneOf`/`anyOf`, only the errors of the alternative the value came closest
 * to: not one its type rules out, the one that got deepest into the value, then the one with fewest
 * errors, then one that is not a single constant (so `["order.updated"]` is judged against the list
 * of event types, not against `["*"]`). When every alternative rules out the value's type, the
 * combinator's own error stays, and is worded from its alternatives.
 */
function closestAlternatives(list: ErrorObject[]): ErrorObject[] {
  let kept = list;
  const combinators = list.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf').sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  for (const combinator of combinators) {
    if (!kept.includes(combinator)) continue;
    const prefix = `${combinator.schemaPath}/`;
    const branches = new Map<string, ErrorObject[]>();
    for (const e of kept) {
      if (!e.schemaPath.startsWith(prefix)) continue;
      const index = e.schemaPath.slice(prefix.length).split('/')[0] as string;
      branches.set(index, [...(branches.get(index) ?? []), e]);
    }
    const rulesOutType = (errs: ErrorObject[]) => errs.some((e) => e.keyword === 'type' && e.instancePath === combinator.instancePath);
    const candidates = [...branches.entries()].filter(([, errs]) => !rulesOutType(errs));
    const drop = new Set<ErrorObject>([...branches.values()].flat());
    if (candidates.length === 0) {
      kept = kept.filter((e) => !drop.has(e));
      continue;
    }
    const size = new Set(['minItems', 'maxItems', 'minLength', 'maxLength', 'minProperties', 'maxProperties']);
    const score = (errs: ErrorObject[]) => [
      Math.max(...errs.map(depth)),
      -errs.length,
      errs.some((e) => e.keyword === 'const') ? 0 : 1,
      errs.every((e) => size.has(e.keyword)) ? 0 : 1,
    ];
    candidates.sort(([, a], [, b]) => {
      const [sa, sb] = [score(a), score(b)];
      for (let i = 0; i < sa.length; i++) if (sa[i] !== sb[i]) return (sb[i] as number) - (sa[i] as number);
      return 0;
    });
    // A value refused by the closest alternative but named by another (`"*"` in `["*", "order.created"]`)
    // means the caller meant the other one.
    const branchSchemas = ((combinator.parentSchema as Schema | undefined)?.[combinator.keyword] as Schema[] | undefined) ?? [];
    const first = candidates[0]![1][0];
    const meant =
      first && (first.keyword === 'enum' || first.keyword === 'const')
        ? candidates.find(([index]) => names(branchSchemas[Number(index)], first.data))
        : undefined;
    const best = new Set((meant ?? candidates[0]!)[1]);
    kept = kept.filter((e) => e !== combinator && (!drop.has(e) || best.has(e)));
    // The alternatives it was not judged against are worth naming: the combinator's description says them.
    const note = describe(combinator.parentSchema as Schema);
    if (note && branches.size > 1) {
      for (const e of best) (e as ErrorObject & { note?: string }).note ??= `${paramFromPointer(combinator.instancePath) || 'The request body'}: ${lowerFirst(note)}`;
    }
  }
  return kept;
}

/** Whether a schema (or its items) names this exact value as a constant or one of its values. */
function names(schema: Schema | undefined, value: unknown): boolean {
  if (!schema) return false;
  const items = schema.items as Schema | undefined;
  return [schema, items].some((s) => s !== undefined && (s.const === value || (Array.isArray(s.enum) && s.enum.includes(value))));
}

/** What a schema allows, in words, for a combinator no alternative of which takes the value's type. */
function alternatives(schema: Schema | undefined): string {
  const branches = ((schema?.oneOf ?? schema?.anyOf) as Schema[] | undefined) ?? [];
  const words = branches.map((b) => (b.type === 'array' ? 'a list' : typeof b.type === 'string' ? (TYPE_WORDS[b.type] ?? b.type) : (b.title ?? 'another form')));
  return or([...new Set(words)]);
}

/** A schema that holds a secret: the spec marks it `writeOnly` or `format: password`. */
const marksSecret = (schema: Schema | undefined): boolean => schema?.writeOnly === true || schema?.format === 'password';

let secretNames: ReadonlySet<string> | undefined;
/**
 * The names of the request properties the spec marks secret (`password`, `new_password`,
 * `client_secret`, ...): an error about one never quotes its value, whichever of its subschemas
 * (its own, a `$ref`'s, an `allOf`'s `Text`) the failed keyword belongs to.
 */
function secretPropertyNames(): ReadonlySet<string> {
  if (secretNames) return secretNames;
  const doc = openApiDocument() as unknown as Schema;
  const resolve = (node: Schema): Schema => {
    let out = node;
    for (let i = 0; i < 10 && typeof out.$ref === 'string' && out.$ref.startsWith('#/'); i++) {
      out = (out.$ref as string).slice(2).split('/').reduce<Schema>((at, key) => (at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Schema), doc);
    }
    return out ?? {};
  };
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const properties = (node as Schema).properties;
    if (properties && typeof properties === 'object') {
      for (const [name, sub] of Object.entries(properties as Record<string, Schema>)) if (marksSecret(sub) || marksSecret(resolve(sub))) names.add(name);
    }
    for (const value of Object.values(node)) walk(value);
  };
  walk(doc);
  return (secretNames = names);
}

/** Whether the value an error is about is a secret, whose value a message must not repeat. */
function aboutSecret(e: ErrorObject): boolean {
  if (marksSecret(e.parentSchema as Schema | undefined)) return true;
  const last = e.instancePath.split('/').pop()?.replace(/~1/g, '/').replace(/~0/g, '~');
  return last !== undefined && secretPropertyNames().has(last);
}

/**
 * The message about a secret (a password, a client secret): what is allowed, never the value sent
 * (its length only, for a length bound).
 */
function secretError(e: ErrorObject & { note?: string }, param: string, where: string, schema: Schema | undefined): ApiError {
  const p = e.params as Record<string, any>;
  const note = e.note ? ` ${e.note}.` : '';
  const about = describe(schema);
  switch (e.keyword) {
    case 'minLength':
    case 'maxLength': {
      const length = typeof e.data === 'string' ? [...e.data].length : 0;
      const bound = e.keyword === 'minLength' ? `at least ${plural(p.limit, 'character')}` : `at most ${plural(p.limit, 'character')}`;
      return errors.invalidValue(param || undefined, `${where} has ${plural(length, 'character')}; it must have ${bound}.${note}`);
    }
    case 'type': {
      const types = (Array.isArray(p.type) ? p.type : String(p.type).split(',')) as string[];
      return errors.invalidValue(param || undefined, `${where} must be ${or(types.map((t) => TYPE_WORDS[t] ?? t))}.${note}`);
    }
    case 'pattern':
    case 'format': {
      const form = about ?? PATTERN_WORDS[String(p.pattern)] ?? 'the allowed form';
      return errors.invalidFormat(param || undefined, `${where} is not in the allowed form: ${form}.${note}`);
    }
    default:
      return errors.invalidValue(param || undefined, `${where} is not allowed here${about ? ` (${about})` : ''}.${note}`);
  }
}

/** One error for the first problem of a failed request validation, in the envelope's terms. */
export function fromValidationErrors(found: ErrorObject[] | null | undefined): ApiError {
  // An `if` only chooses; a key's own error under `propertyNames` repeats the `propertyNames` one.
  const list = closestAlternatives((found ?? []).filter((e) => e.keyword !== 'if' && (e as { propertyName?: string }).propertyName === undefined));
  // Prefer a concrete error over a combinator summary, and a real value's error over a `null` alternative's.
  const concrete = list.filter((e) => !COMBINATORS.has(e.keyword));
  const nonNullBranch = concrete.filter((e) => !(e.keyword === 'type' && e.params?.type === 'null'));
  const e = (nonNullBranch[0] ?? concrete[0] ?? list[0]) as (ErrorObject & { note?: string }) | undefined;
  if (!e) return errors.invalidValue(undefined, 'The request is not valid.');
  const pointer = e.instancePath ?? '';
  const param = paramFromPointer(pointer);
  const where = param || 'The request body';
  const value = quote(e.data);
  const schema = e.parentSchema as Schema | undefined;
  const about = describe(schema);
  const note = e.note ? ` ${e.note}.` : '';
  const p = e.params as Record<string, any>;
  if (e.keyword !== 'required' && e.keyword !== 'additionalProperties' && aboutSecret(e)) return secretError(e, param, where, schema);
  switch (e.keyword) {
    case 'required': {
      const missing = String(p.missingProperty);
      if (pointer === '' && missing === 'requestBody') return errors.missingBody();
      return errors.missingRequiredField(paramFromPointer(pointer, missing));
    }
    case 'additionalProperties': {
      const unknown = paramFromPointer(pointer, String(p.additionalProperty));
      const known = Object.keys((schema?.properties as object | undefined) ?? {});
      const allowed = known.length ? ` Allowed here: ${known.join(', ')}.` : '';
      // A field that is set some other way says where (the schema's `x-fields-elsewhere`).
      const elsewhere = (schema?.['x-fields-elsewhere'] as Record<string, string> | undefined)?.[String(p.additionalProperty)];
      if (elsewhere) return errors.unknownField(unknown, `${unknown} cannot be changed here. ${elsewhere}`);
      return errors.unknownField(unknown, `Unknown field ${unknown}: it is not a parameter of this request.${allowed}`);
    }
    case 'pattern': {
      const format = typeof schema?.format === 'string' ? FORMAT_WORDS[schema.format] : undefined;
      if (format) return errors.invalidFormat(param || undefined, `${where} is ${value}, which is not ${format}.${note}`);
      const form = about ?? PATTERN_WORDS[String(p.pattern)] ?? `text matching ${String(p.pattern)}`;
      return errors.invalidFormat(param || undefined, `${where} is ${value}, which is not in the allowed form: ${form}.${note}`);
    }
    case 'propertyNames':
      return errors.invalidValue(param || undefined, `${where} has the key ${quote(p.propertyName)}, which is not allowed: keys are ${PATTERN_WORDS[String((schema?.propertyNames as Schema | undefined)?.pattern)] ?? 'restricted'}.${note}`);
    case 'format': {
      const words = FORMAT_WORDS[String(p.format)] ?? `in ${String(p.format)} format`;
      return errors.invalidFormat(param || undefined, `${where} is ${value}, which is not ${words}.${note}`);
    }
    case 'type': {
      const types = (Array.isArray(p.type) ? p.type : String(p.type).split(',')) as string[];
      return errors.invalidValue(param || undefined, `${where} is ${value}, but it must be ${or(types.map((t) => TYPE_WORDS[t] ?? t))}.${note}`);
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map((v) => (typeof v === 'string' ? v : quote(v)));
      return errors.invalidValue(param || undefined, `${where} is ${value}, which is not an allowed value. Allowed: ${allowed.join(', ')}.${note}`);
    }
    case 'const':
      return errors.invalidValue(param || undefined, `${where} is ${value}; the only allowed value is ${quote(p.allowedValue)}.${note}`);
    case 'minLength':
    case 'maxLength': {
      const length = typeof e.data === 'string' ? [...e.data].length : 0;
      const bound = e.keyword === 'minLength' ? `at least ${plural(p.limit, 'character')}` : `at most ${plural(p.limit, 'character')}`;
      const more = about ? ` (${lowerFirst(about)})` : '';
      return errors.invalidValue(param || undefined, `${where} is ${value}, ${plural(length, 'character')} long; it must have ${bound}${more}.${note}`);
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const bound = { minimum: 'at least', maximum: 'at most', exclusiveMinimum: 'more than', exclusiveMaximum: 'less than' }[e.keyword];
      return errors.invalidValue(param || undefined, `${where} is ${value}; it must be ${bound} ${String(p.limit)}.${note}`);
    }
    case 'multipleOf':
      return errors.invalidValue(param || undefined, `${where} is ${value}; it must be a multiple of ${String(p.multipleOf)}.${note}`);
    case 'minItems':
    case 'maxItems': {
      const count = Array.isArray(e.data) ? e.data.length : 0;
      const bound = e.keyword === 'minItems' ? `at least ${plural(p.limit, 'item')}` : `at most ${plural(p.limit, 'item')}`;
      return errors.invalidValue(param || undefined, `${where} has ${plural(count, 'item')}; it must have ${bound}.${note}`);
    }
    case 'uniqueItems': {
      const items = Array.isArray(e.data) ? e.data : [];
      return errors.invalidValue(param || undefined, `${where} lists ${quote(items[p.i as number])} more than once; each value may appear only once.${note}`);
    }
    case 'minProperties':
    case 'maxProperties': {
      const count = e.data && typeof e.data === 'object' ? Object.keys(e.data).length : 0;
      const bound = e.keyword === 'minProperties' ? 'at least' : 'at most';
      return errors.invalidValue(param || undefined, `${where} has ${plural(count, 'key')}; it must have ${bound} ${plural(p.limit, 'key')}.${note}`);
    }
    case 'oneOf':
    case 'anyOf':
      return errors.invalidValue(param || undefined, `${where} is ${value}, but it must be ${alternatives(schema)}${about ? ` (${about})` : ''}.`);
    default:
      return errors.invalidValue(param || undefined, `${where} is ${value}, which is not allowed here${about ? ` (${about})` : ''}.${note}`);
  }
}
