// Request bodies: JSON, or form-encoded where the operation's spec accepts it (415 otherwise), at most
// 1 MiB (413), well-formed (400 invalid_json).
import type { IncomingMessage } from 'node:http';
import getRawBody from 'raw-body';
import { ApiError } from './errors.js';

export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = () =>
  new ApiError('invalid_request_error', 'payload_too_large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`, {
    status: 413,
  });

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
    throw new ApiError('invalid_request_error', 'unsupported_media_type', `Request bodies must be sent as ${accepted.join(' or ')}.`, {
      status: 415,
    });
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    req.resume();
    throw tooLarge();
  }
  let text: string;
  try {
    text = await getRawBody(req, { limit: MAX_BODY_BYTES, encoding: 'utf8' });
  } catch (err) {
    const type = (err as { type?: string }).type;
    if (type === 'entity.too.large') throw tooLarge();
    if (type === 'encoding.unsupported') {
      throw new ApiError('invalid_request_error', 'unsupported_media_type', 'Request bodies must be UTF-8 encoded.', {
        status: 415,
      });
    }
    throw new ApiError('validation_error', 'invalid_json', 'The request body could not be read completely.');
  }
  if (text.trim() === '') return undefined;
  if (mediaType === FORM_TYPE) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ApiError('validation_error', 'invalid_json', `The request body is not valid JSON: ${(err as Error).message}.`);
  }
}
