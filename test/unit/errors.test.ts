// The error catalogue (API-DESIGN, "Errors"): each code's type and HTTP status as the design's table
// states them, the envelope `{error: {type, code, message, param?, request_id}}`, the RFC 6749 §5.2
// shape on the OAuth endpoints, and each builder's code, parameter, headers and message.
import { describe, expect, it } from 'vitest';
import { ApiError, errors, type ErrorCode } from '../../src/shared/errors.js';

describe('codes', () => {
  it.each([
    ['missing_required_field', 'validation_error', 400],
    ['invalid_value', 'validation_error', 400],
    ['invalid_format', 'validation_error', 400],
    ['unknown_field', 'validation_error', 400],
    ['invalid_json', 'validation_error', 400],
    ['invalid_cursor', 'validation_error', 400],
    ['invalid_vin', 'validation_error', 400],
    ['invalid_scope', 'validation_error', 400],
    ['unsupported_grant_type', 'validation_error', 400],
    ['missing_credentials', 'authentication_error', 401],
    ['invalid_api_key', 'authentication_error', 401],
    ['invalid_token', 'authentication_error', 401],
    ['expired_token', 'authentication_error', 401],
    ['invalid_client', 'authentication_error', 401],
    ['invalid_credentials', 'authentication_error', 401],
    ['incorrect_password', 'permission_error', 403],
    ['invalid_csrf_token', 'permission_error', 403],
    ['insufficient_scope', 'permission_error', 403],
    ['resource_missing', 'not_found_error', 404],
    ['route_not_found', 'invalid_request_error', 404],
    ['method_not_allowed', 'invalid_request_error', 405],
    ['payload_too_large', 'invalid_request_error', 413],
    ['unsupported_media_type', 'invalid_request_error', 415],
    ['invalid_state_transition', 'conflict_error', 409],
    ['carrier_not_active', 'conflict_error', 409],
    ['duplicate_carrier', 'conflict_error', 409],
    ['endpoint_not_subscribed', 'conflict_error', 409],
    ['endpoint_disabled', 'conflict_error', 409],
    ['idempotency_key_reused', 'conflict_error', 409],
    ['idempotency_key_in_use', 'conflict_error', 409],
    ['duplicate_user', 'conflict_error', 409],
    ['last_owner', 'conflict_error', 409],
    ['amount_exceeds_balance', 'conflict_error', 409],
    ['order_already_billed', 'conflict_error', 409],
    ['order_already_paid', 'conflict_error', 409],
    ['reference_conflict', 'conflict_error', 409],
    ['test_clock_limit', 'conflict_error', 409],
    ['rate_limit_exceeded', 'rate_limit_error', 429],
    ['internal_error', 'api_error', 500],
    ['service_unavailable', 'api_error', 503],
  ] as const)('%s is a %s, status %i', (code, type, status) => {
    const err = new ApiError(code, 'm');
    expect(err).toBeInstanceOf(Error);
    expect({ code: err.code, type: err.type, status: err.status, message: err.message }).toEqual({ code, type, status, message: 'm' });
  });
});

describe('ApiError', () => {
  it('renders the envelope, with param only when there is one', () => {
    expect(new ApiError('invalid_value', 'Bad.', { param: 'year' }).body('req_1')).toEqual({
      error: { type: 'validation_error', code: 'invalid_value', message: 'Bad.', param: 'year', request_id: 'req_1' },
    });
    const bare = new ApiError('internal_error', 'Oops.').body('req_2');
    expect(bare).toEqual({ error: { type: 'api_error', code: 'internal_error', message: 'Oops.', request_id: 'req_2' } });
    expect('param' in bare.error).toBe(false);
    expect('param' in new ApiError('invalid_value', 'Bad.', { param: undefined }).body('r').error).toBe(false);
  });
  it('carries its headers, none by default', () => {
    expect(new ApiError('internal_error', 'x').headers).toEqual({});
    expect(new ApiError('internal_error', 'x').param).toBeUndefined();
    expect(new ApiError('invalid_client', 'x', { headers: { 'WWW-Authenticate': 'Basic' } }).headers).toEqual({ 'WWW-Authenticate': 'Basic' });
  });
  it.each([
    ['invalid_client', 'invalid_client'],
    ['invalid_scope', 'invalid_scope'],
    ['unsupported_grant_type', 'unsupported_grant_type'],
    ['invalid_api_key', 'invalid_client'],
    ['missing_credentials', 'invalid_client'],
    ['internal_error', 'server_error'],
    ['invalid_value', 'invalid_request'],
    ['invalid_json', 'invalid_request'],
    ['insufficient_scope', 'invalid_request'],
    ['payload_too_large', 'invalid_request'],
    ['rate_limit_exceeded', 'invalid_request'],
    ['service_unavailable', 'temporarily_unavailable'],
  ] as const)('answers %s on the OAuth endpoints as %s (RFC 6749 §5.2)', (code, oauth) => {
    expect(new ApiError(code as ErrorCode, 'Said.').oauthBody()).toEqual({ error: oauth, error_description: 'Said.' });
  });
});

describe('errors (the builders)', () => {
  const h = { 'WWW-Authenticate': 'Bearer' };
  it.each([
    ['missingRequiredField', () => errors.missingRequiredField('vin'), 'missing_required_field', 'Missing required field: vin.', 'vin', {}],
    ['missingBody', () => errors.missingBody(), 'missing_required_field', 'A request body is required.', undefined, {}],
    ['invalidValue', () => errors.invalidValue('year', 'Too old.'), 'invalid_value', 'Too old.', 'year', {}],
    ['invalidFormat', () => errors.invalidFormat('zip', 'Five digits.'), 'invalid_format', 'Five digits.', 'zip', {}],
    ['unknownField', () => errors.unknownField('colour'), 'unknown_field', 'Unknown field: colour.', 'colour', {}],
    ['invalidJson', () => errors.invalidJson('Unexpected end.'), 'invalid_json', 'Unexpected end.', undefined, {}],
    ['invalidVin', () => errors.invalidVin('1HGCM82633A004353', 'vehicles[0].vin'), 'invalid_vin', 'VIN 1HGCM82633A004353 fails its check digit (position 9).', 'vehicles[0].vin', {}],
    ['missingCredentials', () => errors.missingCredentials(h), 'missing_credentials', 'No API key provided: send Authorization: Bearer <key>.', undefined, h],
    ['invalidApiKey', () => errors.invalidApiKey(h), 'invalid_api_key', 'The API key is not valid (unknown, malformed or revoked).', undefined, h],
    ['invalidToken', () => errors.invalidToken(h), 'invalid_token', 'The access token is not valid (unknown, or its OAuth client was revoked).', undefined, h],
    ['expiredToken', () => errors.expiredToken(h), 'expired_token', 'The access token has expired; request a new one from /oauth/token.', undefined, h],
    ['noSession', () => errors.noSession(h), 'missing_credentials', 'No live session: sign in with POST /v1/sessions (the session ended, or was never started).', undefined, h],
    ['invalidCredentials', () => errors.invalidCredentials(), 'invalid_credentials', 'The email or password is not correct.', undefined, {}],
    ['incorrectPassword', () => errors.incorrectPassword(), 'incorrect_password', 'The current password is not correct.', 'current_password', {}],
    ['invalidCsrfToken', () => errors.invalidCsrfToken(), 'invalid_csrf_token', "A request made with a session cookie that changes anything must send the session's csrf_token in the X-CSRF-Token header.", undefined, {}],
    ['insufficientScope', () => errors.insufficientScope(['orders:write', 'orders:admin']), 'insufficient_scope', 'This operation needs the scope orders:write or orders:admin.', undefined, {}],
    ['scopeNotGrantable', () => errors.scopeNotGrantable(['keys:write', 'orders:read']), 'insufficient_scope', 'You cannot grant a scope you do not hold: keys:write, orders:read.', 'scopes', {}],
    ['scopeNotGrantable of a named grant', () => errors.scopeNotGrantable(['audit:read'], 'the role owner', 'role'), 'insufficient_scope', 'You cannot grant a scope you do not hold (the role owner): audit:read.', 'role', {}],
    ['strongerThanCaller', () => errors.strongerThanCaller('Key key_1', ['accounting:read', 'audit:read']), 'insufficient_scope', 'Key key_1 reaches accounting:read, audit:read, which you do not hold: a credential changes or takes away only what is no stronger than itself.', undefined, {}],
    ['eventNotReadable', () => errors.eventNotReadable('invoice.paid', 'accounting:read', 'type'), 'insufficient_scope', 'Events of type invoice.paid need the scope accounting:read (besides webhooks:manage).', 'type', {}],
    ['eventNotReadable by id', () => errors.eventNotReadable('audit.privileged_action', 'audit:read'), 'insufficient_scope', 'Events of type audit.privileged_action need the scope audit:read (besides webhooks:manage).', undefined, {}],
    ['metricsTokenMissing', () => errors.metricsTokenMissing(h), 'missing_credentials', 'The metrics are served to their token only: send Authorization: Bearer <METRICS_TOKEN>.', undefined, h],
    ['metricsTokenInvalid', () => errors.metricsTokenInvalid(h), 'invalid_token', 'The metrics token is not valid.', undefined, h],
    ['testHelpersTestModeOnly', () => errors.testHelpersTestModeOnly('POST', '/v1/test_helpers/events'), 'route_not_found', 'Unrecognized request URL (POST /v1/test_helpers/events): test helpers exist in test mode only; call them with a test key (sk_test_...).', undefined, {}],
    ['sessionModeChanged', () => errors.sessionModeChanged(true), 'livemode_mismatch', 'This session has been switched to live mode (in another tab or window): reload the page to see live data.', 'X-Livemode', {}],
    ['sessionModeChanged to test', () => errors.sessionModeChanged(false), 'livemode_mismatch', 'This session has been switched to test mode (in another tab or window): reload the page to see test data.', 'X-Livemode', {}],
    ['usersLiveModeOnly', () => errors.usersLiveModeOnly(), 'livemode_mismatch', "Dashboard users are the account's people, managed in live mode: use a live key (sk_live_...) or leave test mode.", undefined, {}],
    ['livemodeMismatch', () => errors.livemodeMismatch('key'), 'livemode_mismatch', 'A test key or client makes test keys only: make a live key with a live key.', 'livemode', {}],
    ['invalidClient', () => errors.invalidClient(h), 'invalid_client', 'Client authentication failed.', undefined, h],
    ['invalidClient with a message', () => errors.invalidClient(h, 'Revoked.'), 'invalid_client', 'Revoked.', undefined, h],
    ['invalidScope', () => errors.invalidScope('Not granted.', h), 'invalid_scope', 'Not granted.', undefined, h],
    ['unsupportedGrantType', () => errors.unsupportedGrantType(h), 'unsupported_grant_type', 'Only grant_type=client_credentials is supported.', undefined, h],
    ['resourceMissing', () => errors.resourceMissing('order', 'ord_1'), 'resource_missing', 'No such order: ord_1.', undefined, {}],
    ['resourceMissing with a param', () => errors.resourceMissing('carrier', 'car_1', 'carrier_id'), 'resource_missing', 'No such carrier: car_1.', 'carrier_id', {}],
    ['noLettersQueued', () => errors.noLettersQueued(), 'resource_missing', 'No letter is waiting to be posted.', undefined, {}],
    ['noLettersQueued of a day', () => errors.noLettersQueued('2026-11-27'), 'resource_missing', 'No letter made on 2026-11-27 is waiting to be posted.', 'date', {}],
    ['routeNotFound', () => errors.routeNotFound('GET', '/v1/nope'), 'route_not_found', 'Unrecognized request URL (GET /v1/nope).', undefined, {}],
    ['methodNotAllowed', () => errors.methodNotAllowed('PUT', '/v1/orders', ['GET', 'POST']), 'method_not_allowed', 'PUT is not allowed on /v1/orders.', undefined, { Allow: 'GET, POST' }],
    ['payloadTooLarge', () => errors.payloadTooLarge(1048576), 'payload_too_large', 'Request bodies are limited to 1048576 bytes.', undefined, {}],
    ['unsupportedMediaType', () => errors.unsupportedMediaType('Send JSON.'), 'unsupported_media_type', 'Send JSON.', undefined, {}],
    ['invalidStateTransition', () => errors.invalidStateTransition('No.'), 'invalid_state_transition', 'No.', undefined, {}],
    ['testClockLimit', () => errors.testClockLimit('test_clock', 'Too full.'), 'test_clock_limit', 'Too full.', 'test_clock', {}],
    ['testClockLimit of the account', () => errors.testClockLimit(undefined, 'Too many.'), 'test_clock_limit', 'Too many.', undefined, {}],
    ['carrierNotActive', () => errors.carrierNotActive('car_1', 'suspended'), 'carrier_not_active', 'Carrier car_1 is suspended; only an active carrier can be dispatched.', 'carrier_id', {}],
    ['duplicateCarrier', () => errors.duplicateCarrier('1234567'), 'duplicate_carrier', 'A carrier with DOT number 1234567 is already onboarded in this account.', 'dot_number', {}],
    ['duplicateCarrier, an active one', () => errors.duplicateCarrier('1234567', { id: 'car_1', status: 'active' }), 'duplicate_carrier', 'A carrier with DOT number 1234567 is already onboarded in this account (car_1, active).', 'dot_number', {}],
    ['duplicateCarrier, a rejected one', () => errors.duplicateCarrier('1234567', { id: 'car_1', status: 'rejected' }), 'duplicate_carrier', 'A carrier with DOT number 1234567 is already onboarded in this account (car_1, rejected). Correct its application and vet it again with POST /v1/carriers/car_1/revet.', 'dot_number', {}],
    ['endpointNotSubscribed', () => errors.endpointNotSubscribed('we_1', 'order.created'), 'endpoint_not_subscribed', 'Endpoint we_1 is not subscribed to order.created.', 'webhook_endpoint_id', {}],
    ['endpointDisabled', () => errors.endpointDisabled('we_1'), 'endpoint_disabled', 'Endpoint we_1 is disabled; enable it first.', 'webhook_endpoint_id', {}],
    ['endpointDisabled with a param', () => errors.endpointDisabled('we_1', 'id'), 'endpoint_disabled', 'Endpoint we_1 is disabled; enable it first.', 'id', {}],
    ['idempotencyKeyReused', () => errors.idempotencyKeyReused(), 'idempotency_key_reused', 'This Idempotency-Key was already used with a different request (method, path, body or credential).', 'Idempotency-Key', {}],
    ['duplicateUser', () => errors.duplicateUser('a@example.com'), 'duplicate_user', 'A user with the email a@example.com already exists.', 'email', {}],
    ['lastOwner', () => errors.lastOwner('usr_1'), 'last_owner', "usr_1 is the account's last enabled owner: make another user owner first.", undefined, {}],
    ['amountExceedsBalance', () => errors.amountExceedsBalance('inv_1', 5000, 1200), 'amount_exceeds_balance', 'The payment of 5000 is more than the 1200 that remains to be paid on invoice inv_1.', 'amount', {}],
    ['orderAlreadyBilled', () => errors.orderAlreadyBilled('ord_1', 'inv_1', 'lines[0].order_id'), 'order_already_billed', 'Order ord_1 is already billed by invoice inv_1; void that invoice to bill it again.', 'lines[0].order_id', {}],
    ['orderAlreadyBilled by an invoice not known', () => errors.orderAlreadyBilled('ord_1', null, 'lines'), 'order_already_billed', 'Order ord_1 is already billed; void that invoice to bill it again.', 'lines', {}],
    ['orderAlreadyPaid', () => errors.orderAlreadyPaid('ord_1', 'cpy_1', 'order_ids[0]'), 'order_already_paid', 'The carrier of order ord_1 is already paid for it (cpy_1).', 'order_ids[0]', {}],
    ['orderAlreadyPaid by a payment not known', () => errors.orderAlreadyPaid('ord_1', null, 'order_ids'), 'order_already_paid', 'The carrier of order ord_1 is already paid for it.', 'order_ids', {}],
    ['referenceConflict', () => errors.referenceConflict('invoice_id', 'Another customer.'), 'reference_conflict', 'Another customer.', 'invoice_id', {}],
    ['idempotencyKeyInUse', () => errors.idempotencyKeyInUse(), 'idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed; retry later.', 'Idempotency-Key', {}],
    ['rateLimitExceeded', () => errors.rateLimitExceeded(7, { 'X-RateLimit-Limit': '100' }), 'rate_limit_exceeded', 'Too many requests; retry after 7 second(s).', undefined, { 'X-RateLimit-Limit': '100', 'Retry-After': '7' }],
    ['clientThrottled', () => errors.clientThrottled(10), 'rate_limit_exceeded', 'Too many failed authentications of this client; retry after 10 second(s).', undefined, { 'Retry-After': '10' }],
    ['serviceUnavailable', () => errors.serviceUnavailable(5), 'service_unavailable', 'The service is temporarily unavailable; retry after 5 seconds.', undefined, { 'Retry-After': '5' }],
    ['registryUnavailable', () => errors.registryUnavailable('timeout', 60), 'registry_unavailable', 'The federal registry cannot answer right now (timeout); retry after 60 seconds.', undefined, { 'Retry-After': '60' }],
    ['signInThrottled', () => errors.signInThrottled(30), 'rate_limit_exceeded', 'Too many failed sign-ins; retry after 30 second(s).', undefined, { 'Retry-After': '30' }],
    ['internalError', () => errors.internalError(), 'internal_error', 'Something went wrong on our side; quote the request id to support.', undefined, {}],
  ] as const)('%s', (_, build, code, message, param, headers) => {
    const err = build();
    expect(err).toBeInstanceOf(ApiError);
    expect({ code: err.code, message: err.message, param: err.param, headers: err.headers }).toEqual({ code, message, param, headers });
  });
});
