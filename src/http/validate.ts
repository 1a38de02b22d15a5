// Request validation against the operation's schemas in the spec (openapi-backend with Ajv and
// formats; the spec's `default`s fill what the request left out, so services never repeat them),
// and the mapping of Ajv's errors to the envelope: the first meaningful one, with the offending
// parameter named as integrators write it (`vehicles[0].vin`, `created[gte]`).
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
    ajvOpts: { useDefaults: true },
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

const COMBINATORS = new Set(['oneOf', 'anyOf', 'allOf', 'if', 'not']);

/** Turns the first meaningful Ajv error of a failed request validation into the envelope's error. */
export function fromValidationErrors(found: ErrorObject[] | null | undefined): ApiError {
  const list = found ?? [];
  // Prefer a concrete error over a combinator summary; among a oneOf's branches prefer one that
  // failed on a concrete keyword rather than a `type: null` branch.
  const concrete = list.filter((e) => !COMBINATORS.has(e.keyword));
  const nonNullBranch = concrete.filter((e) => !(e.keyword === 'type' && e.params?.type === 'null'));
  const e = nonNullBranch[0] ?? concrete[0] ?? list[0];
  if (!e) return errors.invalidValue(undefined, 'The request is invalid.');
  const pointer = e.instancePath ?? '';
  switch (e.keyword) {
    case 'required': {
      const missing = String(e.params.missingProperty);
      if (pointer === '' && missing === 'requestBody') return errors.missingBody();
      return errors.missingRequiredField(paramFromPointer(pointer, missing));
    }
    case 'additionalProperties': {
      return errors.unknownField(paramFromPointer(pointer, String(e.params.additionalProperty)));
    }
    case 'pattern':
    case 'format': {
      const param = paramFromPointer(pointer);
      return errors.invalidFormat(param || undefined, `Invalid format for ${param || 'the request'}: ${e.message ?? ''}.`);
    }
    default: {
      const param = paramFromPointer(pointer);
      const where = param || 'the request body';
      return errors.invalidValue(param || undefined, `Invalid value for ${where}: ${e.message ?? 'not allowed'}.`);
    }
  }
}
