// Request bodies: JSON only (415 otherwise), at most 1 MiB (413), well-formed (400 invalid_json).
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

const isJson = (contentType: string | undefined): boolean => {
  if (!contentType) return false;
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json' || (mediaType?.startsWith('application/') === true && mediaType.endsWith('+json'));
};

/** Reads and parses the JSON body; `undefined` when the request has none. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  if (!hasBody(req)) return undefined;
  if (!isJson(req.headers['content-type'])) {
    req.resume();
    throw new ApiError('invalid_request_error', 'unsupported_media_type', 'Request bodies must be sent as application/json.', {
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
      throw new ApiError('invalid_request_error', 'unsupported_media_type', 'Request bodies must be UTF-8 encoded JSON.', {
        status: 415,
      });
    }
    throw new ApiError('validation_error', 'invalid_json', 'The request body could not be read completely.');
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ApiError('validation_error', 'invalid_json', `The request body is not valid JSON: ${(err as Error).message}.`);
  }
}
