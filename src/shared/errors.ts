// The one error type of the product and the catalogue of every error it answers: each code of the
// spec's ErrorCode enum has one entry (its type, hence its HTTP status) and one builder with its
// message. Services and the pipeline throw `errors.<name>(...)`; nobody spells a code or a status.
import type { components } from '../../generated/openapi.js';

type ErrorBody = components['schemas']['Error']['error'];
export type ErrorType = ErrorBody['type'];
// The codes this build answers: the closed lists (answers declare the code an open string, since
// new codes may be added without a new API version).
export type ErrorCode = components['schemas']['ErrorCode'];
type OAuthErrorBody = components['schemas']['OAuthError'];
type OAuthErrorCode = components['schemas']['OAuthErrorCode'];

const STATUS_OF_TYPE: Record<ErrorType, number> = {
  validation_error: 400,
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  conflict_error: 409,
  rate_limit_error: 429,
  api_error: 500,
};

/** Every code of the spec, with its type and, where the type does not say it, its status. */
const CODES: Record<ErrorCode, { type: ErrorType; status?: number }> = {
  missing_required_field: { type: 'validation_error' },
  invalid_value: { type: 'validation_error' },
  invalid_format: { type: 'validation_error' },
  unknown_field: { type: 'validation_error' },
  invalid_json: { type: 'validation_error' },
  invalid_cursor: { type: 'validation_error' },
  invalid_vin: { type: 'validation_error' },
  invalid_scope: { type: 'validation_error' },
  unsupported_grant_type: { type: 'validation_error' },
  missing_credentials: { type: 'authentication_error' },
  invalid_api_key: { type: 'authentication_error' },
  invalid_token: { type: 'authentication_error' },
  expired_token: { type: 'authentication_error' },
  invalid_client: { type: 'authentication_error' },
  invalid_credentials: { type: 'authentication_error' },
  incorrect_password: { type: 'permission_error' },
  invalid_csrf_token: { type: 'permission_error' },
  insufficient_scope: { type: 'permission_error' },
  resource_missing: { type: 'not_found_error' },
  route_not_found: { type: 'invalid_request_error', status: 404 },
  method_not_allowed: { type: 'invalid_request_error', status: 405 },
  payload_too_large: { type: 'invalid_request_error', status: 413 },
  unsupported_media_type: { type: 'invalid_request_error', status: 415 },
  invalid_state_transition: { type: 'conflict_error' },
  carrier_not_active: { type: 'conflict_error' },
  duplicate_carrier: { type: 'conflict_error' },
  endpoint_not_subscribed: { type: 'conflict_error' },
  endpoint_disabled: { type: 'conflict_error' },
  idempotency_key_reused: { type: 'conflict_error' },
  idempotency_key_in_use: { type: 'conflict_error' },
  duplicate_user: { type: 'conflict_error' },
  last_owner: { type: 'conflict_error' },
  amount_exceeds_balance: { type: 'conflict_error' },
  order_already_billed: { type: 'conflict_error' },
  order_already_paid: { type: 'conflict_error' },
  reference_conflict: { type: 'conflict_error' },
  rate_limit_exceeded: { type: 'rate_limit_error' },
  internal_error: { type: 'api_error' },
  service_unavailable: { type: 'api_error', status: 503 },
  registry_unavailable: { type: 'api_error', status: 503 },
  livemode_mismatch: { type: 'permission_error' },
  test_clock_limit: { type: 'conflict_error' },
};

/** The RFC 6749 §5.2 codes, which the OAuth endpoints answer as they are. */
const OAUTH_CODES: ReadonlySet<string> = new Set<OAuthErrorCode>([
  // Stryker disable next-line StringLiteral: equivalent, its status (401) derives the same code in oauthBody
  'invalid_client',
  'invalid_scope',
  'unsupported_grant_type',
]);

export interface ErrorOptions {
  param?: string | undefined;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly type: ErrorType;
  readonly status: number;
  readonly param: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: ErrorOptions = {},
  ) {
    super(message);
    const { type, status } = CODES[code];
    this.type = type;
    this.status = status ?? STATUS_OF_TYPE[type];
    this.param = options.param;
    this.headers = options.headers ?? {};
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

  /** The OAuth endpoints' error shape (RFC 6749 §5.2) instead of the envelope. */
  oauthBody(): OAuthErrorBody {
    const derived: OAuthErrorCode =
      this.status === 401 ? 'invalid_client' : this.status === 503 ? 'temporarily_unavailable' : this.status >= 500 ? 'server_error' : 'invalid_request';
    return { error: OAUTH_CODES.has(this.code) ? (this.code as OAuthErrorCode) : derived, error_description: this.message };
  }
}

const e = (code: ErrorCode, message: string, options?: ErrorOptions) => new ApiError(code, message, options);

/** The catalogue: one builder per situation, each naming its code and wording its message. */
export const errors = {
  // ---------- validation (400) ----------
  missingRequiredField: (param: string) => e('missing_required_field', `Missing required field: ${param}.`, { param }),
  missingBody: () => e('missing_required_field', 'A request body is required.'),
  invalidValue: (param: string | undefined, message: string) => e('invalid_value', message, { param }),
  invalidFormat: (param: string | undefined, message: string) => e('invalid_format', message, { param }),
  unknownField: (param: string, message = `Unknown field: ${param}.`) => e('unknown_field', message, { param }),
  invalidJson: (detail: string) => e('invalid_json', detail),
  /** Kept for the `invalid_cursor` code of the spec; lists take any well-formed id as a position now. */
  invalidCursor: (cursor: string) => e('invalid_cursor', `Unknown cursor: ${cursor}.`, { param: 'cursor' }),
  invalidVin: (vin: string, param: string) => e('invalid_vin', `VIN ${vin} fails its check digit (position 9).`, { param }),

  // ---------- authentication (401) and permission (403) ----------
  missingCredentials: (headers: Record<string, string>) =>
    e('missing_credentials', 'No API key provided: send Authorization: Bearer <key>.', { headers }),
  invalidApiKey: (headers: Record<string, string>) =>
    e('invalid_api_key', 'The API key is not valid (unknown, malformed or revoked).', { headers }),
  invalidToken: (headers: Record<string, string>) =>
    e('invalid_token', 'The access token is not valid (unknown, or its OAuth client was revoked).', { headers }),
  expiredToken: (headers: Record<string, string>) =>
    e('expired_token', 'The access token has expired; request a new one from /oauth/token.', { headers }),
  noSession: (headers: Record<string, string>) =>
    e('missing_credentials', 'No live session: sign in with POST /v1/sessions (the session ended, or was never started).', { headers }),
  metricsTokenMissing: (headers: Record<string, string>) =>
    e('missing_credentials', 'The metrics are served to their token only: send Authorization: Bearer <METRICS_TOKEN>.', { headers }),
  metricsTokenInvalid: (headers: Record<string, string>) => e('invalid_token', 'The metrics token is not valid.', { headers }),
  invalidCredentials: () => e('invalid_credentials', 'The email or password is not correct.'),
  /** Changing one's own password with a current password that is not the user's. */
  incorrectPassword: () => e('incorrect_password', 'The current password is not correct.', { param: 'current_password' }),
  invalidCsrfToken: () =>
    e(
      'invalid_csrf_token',
      "A request made with a session cookie that changes anything must send the session's csrf_token in the X-CSRF-Token header.",
    ),
  insufficientScope: (needed: readonly string[]) => e('insufficient_scope', `This operation needs the scope ${needed.join(' or ')}.`),
  livemodeMismatch: (what: string) =>
    e('livemode_mismatch', `A test key or client makes test ${what}s only: make a live ${what} with a live key.`, { param: 'livemode' }),
  sessionModeChanged: (livemode: boolean) =>
    e('livemode_mismatch', `This session has been switched to ${livemode ? 'live' : 'test'} mode (in another tab or window): reload the page to see ${livemode ? 'live' : 'test'} data.`, { param: 'X-Livemode' }),
  usersLiveModeOnly: () =>
    e('livemode_mismatch', "Dashboard users are the account's people, managed in live mode: use a live key (sk_live_...) or leave test mode."),
  /** Giving (a role, a key's scopes, a subscription) more than the caller holds (src/shared/grants.ts). */
  scopeNotGrantable: (missing: readonly string[], what?: string, param = 'scopes') =>
    e('insufficient_scope', `You cannot grant a scope you do not hold${what ? ` (${what})` : ''}: ${missing.join(', ')}.`, { param }),
  /** Taking away (revoking, deleting, disabling) what holds a scope the caller does not (src/shared/grants.ts). */
  strongerThanCaller: (what: string, missing: readonly string[]) =>
    e('insufficient_scope', `${what} reaches ${missing.join(', ')}, which you do not hold: a credential changes or takes away only what is no stronger than itself.`),
  /** An event shows its object: reading it needs that object's read scope (the catalog's `scope`). */
  eventNotReadable: (type: string, scope: string, param?: string) =>
    e('insufficient_scope', `Events of type ${type} need the scope ${scope} (besides webhooks:manage).`, { param }),
  messageNotReadable: (kind: string, scope: string, param?: string) =>
    e('insufficient_scope', `Messages of kind ${kind} need the scope ${scope} (besides accounting:read).`, { param }),

  // ---------- OAuth 2.0 (answered in the RFC 6749 §5.2 shape) ----------
  invalidClient: (headers: Record<string, string>, message = 'Client authentication failed.') => e('invalid_client', message, { headers }),
  invalidScope: (message: string, headers: Record<string, string>) => e('invalid_scope', message, { headers }),
  unsupportedGrantType: (headers: Record<string, string>) =>
    e('unsupported_grant_type', 'Only grant_type=client_credentials is supported.', { headers }),

  // ---------- routing and bodies ----------
  resourceMissing: (what: string, id: string, param?: string) => e('resource_missing', `No such ${what}: ${id}.`, { param }),
  /** The print queue holds no letter (of that day): nothing to print. */
  noLettersQueued: (date?: string) =>
    e('resource_missing', date ? `No letter made on ${date} is waiting to be posted.` : 'No letter is waiting to be posted.', { param: date ? 'date' : undefined }),
  routeNotFound: (method: string, path: string) => e('route_not_found', `Unrecognized request URL (${method} ${path}).`),
  testHelpersTestModeOnly: (method: string, path: string) =>
    e('route_not_found', `Unrecognized request URL (${method} ${path}): test helpers exist in test mode only; call them with a test key (sk_test_...).`),
  methodNotAllowed: (method: string, path: string, allow: readonly string[]) =>
    e('method_not_allowed', `${method} is not allowed on ${path}.`, { headers: { Allow: allow.join(', ') } }),
  payloadTooLarge: (limitBytes: number) => e('payload_too_large', `Request bodies are limited to ${limitBytes} bytes.`),
  unsupportedMediaType: (message: string) => e('unsupported_media_type', message),

  // ---------- conflicts (409) ----------
  invalidStateTransition: (message: string) => e('invalid_state_transition', message),
  /** A test clock's limits: clocks of an account, objects of a clock (what is stored, not the request). */
  testClockLimit: (param: string | undefined, message: string) => e('test_clock_limit', message, { param }),
  carrierNotActive: (id: string, status: string) =>
    e('carrier_not_active', `Carrier ${id} is ${status}; only an active carrier can be dispatched.`, { param: 'carrier_id' }),
  duplicateCarrier: (dot: string, existing?: { id: string; status: string }) =>
    e(
      'duplicate_carrier',
      `A carrier with DOT number ${dot} is already onboarded in this account${existing ? ` (${existing.id}, ${existing.status})` : ''}.${
        existing?.status === 'rejected' ? ` Correct its application and vet it again with POST /v1/carriers/${existing.id}/revet.` : ''
      }`,
      { param: 'dot_number' },
    ),
  endpointNotSubscribed: (endpointId: string, type: string) =>
    e('endpoint_not_subscribed', `Endpoint ${endpointId} is not subscribed to ${type}.`, { param: 'webhook_endpoint_id' }),
  endpointDisabled: (endpointId: string, param = 'webhook_endpoint_id') =>
    e('endpoint_disabled', `Endpoint ${endpointId} is disabled; enable it first.`, { param }),
  idempotencyKeyReused: () =>
    e('idempotency_key_reused', 'This Idempotency-Key was already used with a different request (method, path, body or credential).', {
      param: 'Idempotency-Key',
    }),
  duplicateUser: (email: string) => e('duplicate_user', `A user with the email ${email} already exists.`, { param: 'email' }),
  lastOwner: (userId: string) => e('last_owner', `${userId} is the account's last enabled owner: make another user owner first.`),
  amountExceedsBalance: (invoiceId: string, amount: number, remaining: number) =>
    e('amount_exceeds_balance', `The payment of ${amount} is more than the ${remaining} that remains to be paid on invoice ${invoiceId}.`, {
      param: 'amount',
    }),
  orderAlreadyBilled: (orderId: string, invoiceId: string | null, param: string, remedy = 'void that invoice to bill it again') =>
    e('order_already_billed', `Order ${orderId} is already billed${invoiceId ? ` by invoice ${invoiceId}` : ''}; ${remedy}.`, { param }),
  /** A well-formed reference to an object that does not fit this request (another customer's invoice, ...). */
  referenceConflict: (param: string, message: string) => e('reference_conflict', message, { param }),
  orderAlreadyPaid: (orderId: string, carrierPaymentId: string | null, param: string, remedy?: string) =>
    e('order_already_paid', `The carrier of order ${orderId} is already paid for it${carrierPaymentId ? ` (${carrierPaymentId})` : ''}${remedy ? `; ${remedy}` : ''}.`, { param }),
  idempotencyKeyInUse: () =>
    e('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed; retry later.', { param: 'Idempotency-Key' }),

  // ---------- limits and failures ----------
  rateLimitExceeded: (retryAfter: number, headers: Record<string, string>) =>
    e('rate_limit_exceeded', `Too many requests; retry after ${retryAfter} second(s).`, { headers: { ...headers, 'Retry-After': String(retryAfter) } }),
  clientThrottled: (retryAfter: number) =>
    e('rate_limit_exceeded', `Too many failed authentications of this client; retry after ${retryAfter} second(s).`, { headers: { 'Retry-After': String(retryAfter) } }),
  signInThrottled: (retryAfter: number) =>
    e('rate_limit_exceeded', `Too many failed sign-ins; retry after ${retryAfter} second(s).`, { headers: { 'Retry-After': String(retryAfter) } }),
  internalError: () => e('internal_error', 'Something went wrong on our side; quote the request id to support.'),
  registryUnavailable: (reason: string, retryAfter: number) =>
    e('registry_unavailable', `The federal registry cannot answer right now (${reason}); retry after ${retryAfter} seconds.`, { headers: { 'Retry-After': String(retryAfter) } }),
  serviceUnavailable: (retryAfter: number) =>
    e('service_unavailable', `The service is temporarily unavailable; retry after ${retryAfter} seconds.`, { headers: { 'Retry-After': String(retryAfter) } }),
};
