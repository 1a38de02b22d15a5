// Request bodies: JSON, or form-encoded where the operation's spec accepts it (415 otherwise), at most
// 1 MiB (413), well-formed (400 invalid_json): valid UTF-8, nested at most MAX_DEPTH levels, and no
// text holding a NUL or a lone surrogate, which PostgreSQL refuses (400 invalid_value).
import type { IncomingMessage } from 'node:http';
import getRawBody from 'raw-body';
import type { Operation } from 'openapi-backend';
import { errors } from '../shared/errors.js';
import type { Step } from './state.js';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Objects and arrays nested deeper than this are refused: no schema of the spec needs a tenth of it. */
export const MAX_DEPTH = 32;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text PostgreSQL cannot store: a NUL character, or UTF-16 that is not well formed (a lone surrogate). */
export const unstorableText = (s: string): boolean => s.includes('\u0000') || !s.isWellFormed();

/**
 * Refuses a parsed value nested deeper than MAX_DEPTH or holding unstorable text in a string or a
 * key; `where` names the offending parameter as integrators write it (`vehicles[0].vin`).
 */
export function checkText(value: unknown, where = '', depth = 0): void {
  if (typeof value === 'string') {
    if (unstorableText(value)) throw errors.invalidValue(where || undefined, `Invalid value for ${where || 'the request body'}: text must not contain NUL characters or unpaired surrogates.`);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_DEPTH) throw errors.invalidJson(`The request body is nested more than ${MAX_DEPTH} levels deep.`);
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkText(item, `${where}[${i}]`, depth + 1));
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const name = where ? `${where}.${key}` : key;
    checkText(key, name, depth + 1);
    checkText(item, name, depth + 1);
  }
}

const tooLarge = () => errors.payloadTooLarge(MAX_BODY_BYTES);

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

export const JSON_TYPE = 'application/json';
export const FORM_TYPE = 'application/x-www-form-urlencoded';

const mediaTypeOf = (contentType: string | undefined): string | undefined => {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (!mediaType) return undefined;
  return mediaType.startsWith('application/') && mediaType.endsWith('+json') ? JSON_TYPE : mediaType;
};

/**
 * Reads and parses the body; `undefined` when the request has none. `accepted` are the media types of
 * the operation's requestBody in the spec (JSON when it declares none): a form-encoded body becomes an
 * object of strings.
 */
export async function readBody(req: IncomingMessage, accepted: readonly string[] = [JSON_TYPE]): Promise<unknown> {
  if (!hasBody(req)) return undefined;
  const mediaType = mediaTypeOf(req.headers['content-type']);
  if (!mediaType || !accepted.includes(mediaType) || (mediaType !== JSON_TYPE && mediaType !== FORM_TYPE)) {
    req.resume();
    throw errors.unsupportedMediaType(`Request bodies must be sent as ${accepted.join(' or ')}.`);
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    req.resume();
    throw tooLarge();
  }
  let bytes: Buffer;
  try {
    bytes = await getRawBody(req, { limit: MAX_BODY_BYTES });
  } catch (err) {
    const type = (err as { type?: string }).type;
    if (type === 'entity.too.large') throw tooLarge();
    throw errors.invalidJson('The request body could not be read completely.');
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw errors.invalidJson('The request body is not valid UTF-8.');
  }
  if (text.trim() === '') return undefined;
  let parsed: unknown;
  if (mediaType === FORM_TYPE) parsed = Object.fromEntries(new URLSearchParams(text));
  else {
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      // V8 quotes an excerpt of the body in some messages; the body may hold a password or a secret.
      const problem = (err as Error).message.replace(/, (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/, '');
      throw errors.invalidJson(`The request body is not valid JSON: ${problem}.`);
    }
  }
  checkText(parsed);
  return parsed;
}

/** The media types the operation's requestBody accepts (JSON when it declares none). */
function requestMediaTypes(operation: Operation): string[] {
  const body = operation.requestBody as { content?: Record<string, unknown> } | undefined;
  const types = Object.keys(body?.content ?? {});
  return types.length ? types : [JSON_TYPE];
}

function optionalJsonBody(operation: Operation): boolean {
  const body = operation.requestBody as { required?: boolean; content?: Record<string, unknown> } | undefined;
  return Boolean(body && !body.required && body.content?.[JSON_TYPE]);
}

/** Reads the body the operation accepts. An optional JSON body that was left out counts as `{}`, so its defaults apply too. */
export const parseBody: Step = async (c, next) => {
  const operation = c.state.operation!;
  const sent = await readBody(c.req, requestMediaTypes(operation));
  c.state.body = sent === undefined && optionalJsonBody(operation) ? {} : sent;
  await next();
};
