// The one error type services throw, and its mapping to the error envelope of the spec.
import type { ErrorObject } from 'ajv';
import type { components } from '../../generated/openapi.js';

type ErrorBody = components['schemas']['Error']['error'];
export type ErrorType = ErrorBody['type'];
export type ErrorCode = ErrorBody['code'];
type OAuthErrorBody = components['schemas']['OAuthError'];
export type OAuthErrorCode = OAuthErrorBody['error'];

const STATUS_OF_TYPE: Record<ErrorType, number> = {
  validation_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  invalid_request_error: 400,
  conflict_error: 409,
  rate_limit_error: 429,
  api_error: 500,
};

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly type: ErrorType,
    readonly code: ErrorCode,
    message: string,
    options: { status?: number; param?: string; headers?: Record<string, string>; oauthError?: OAuthErrorCode } = {},
  ) {
    super(message);
    this.status = options.status ?? STATUS_OF_TYPE[type];
    this.param = options.param;
    this.headers = options.headers ?? {};
    this.oauthError = options.oauthError;
  }
  readonly param: string | undefined;
  readonly headers: Record<string, string>;
  /** The RFC 6749 §5.2 code when the error is answered by an OAuth endpoint (derived from the status otherwise). */
  readonly oauthError: OAuthErrorCode | undefined;

  /** The OAuth endpoints' error shape (RFC 6749 §5.2) instead of the envelope. */
  oauthBody(): OAuthErrorBody {
    const derived: OAuthErrorCode = this.status === 401 ? 'invalid_client' : this.status >= 500 ? 'server_error' : 'invalid_request';
    return { error: this.oauthError ?? derived, error_description: this.message };
  }

  body(requestId: string): components['schemas']['Error'] {
    return {
      error: {
        type: this.type,
        code: this.code,
        message: this.message,
        ...(this.param !== undefined ? { param: this.param } : {}),
        request_id: requestId,
      },
    };
  }
}

export const notFound = (what: string, id: string, param?: string) =>
  new ApiError('not_found_error', 'resource_missing', `No such ${what}: ${id}.`, param ? { param } : {});

export const invalidValue = (param: string, message: string) =>
  new ApiError('validation_error', 'invalid_value', message, { param });

export const internalError = () =>
  new ApiError('api_error', 'internal_error', 'Something went wrong on our side; quote the request id to support.');

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
export function fromValidationErrors(errors: ErrorObject[] | null | undefined): ApiError {
  const list = errors ?? [];
  // Prefer a concrete error over a combinator summary; among a oneOf's branches prefer one that
  // failed on a concrete keyword rather than a `type: null` branch.
  const concrete = list.filter((e) => !COMBINATORS.has(e.keyword));
  const nonNullBranch = concrete.filter((e) => !(e.keyword === 'type' && e.params?.type === 'null'));
  const e = nonNullBranch[0] ?? concrete[0] ?? list[0];
  if (!e) return new ApiError('validation_error', 'invalid_value', 'The request is invalid.');
  const pointer = e.instancePath ?? '';
  switch (e.keyword) {
    case 'required': {
      const missing = String(e.params.missingProperty);
      if (pointer === '' && missing === 'requestBody') {
        return new ApiError('validation_error', 'missing_required_field', 'A JSON request body is required.');
      }
      const param = paramFromPointer(pointer, missing);
      return new ApiError('validation_error', 'missing_required_field', `Missing required field: ${param}.`, {
        param,
      });
    }
    case 'additionalProperties': {
      const param = paramFromPointer(pointer, String(e.params.additionalProperty));
      return new ApiError('validation_error', 'unknown_field', `Unknown field: ${param}.`, { param });
    }
    case 'pattern':
    case 'format': {
      const param = paramFromPointer(pointer);
      return new ApiError('validation_error', 'invalid_format', `Invalid format for ${param || 'the request'}: ${e.message ?? ''}.`, {
        ...(param ? { param } : {}),
      });
    }
    default: {
      const param = paramFromPointer(pointer);
      const where = param || 'the request body';
      return new ApiError('validation_error', 'invalid_value', `Invalid value for ${where}: ${e.message ?? 'not allowed'}.`, {
        ...(param ? { param } : {}),
      });
    }
  }
}
