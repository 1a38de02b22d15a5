// Every statement of the product specification (vehicle-transport-api.md), section by section, and
// how this project answers it: a test of the conformance suite (conformance.test.ts, named by the
// statement's id), or for a "not shown" the choice made and where it is documented, or pending with
// the reason. STATEMENTS.md is rendered from this list; statements.test.ts keeps the two, and the
// suite's tests, in step.

export interface Statement {
  id: string;
  section: string;
  text: string;
  /** A "not shown" of the specification: what the project chose, and the file that documents it. */
  choice?: { decision: string; where: string };
  /** Not testable yet, and why. */
  pending?: string;
}


export const STATEMENTS: Statement[] = [
  // ---------- What the service does ----------
  { id: 'S1', section: 'What the service does', text: 'A JSON REST API under {base_url}/v1.' },
  { id: 'S2', section: 'What the service does', text: 'Outbound webhooks: HTTPS POST to a URL the customer controls when something happens.' },
  { id: 'S3', section: 'What the service does', text: 'Carrier vetting runs asynchronously; completion is signalled by carrier.vetted.' },
  { id: 'S4', section: 'What the service does', text: 'The service manages invoices, payments and payments to carriers.' },
  { id: 'S5', section: 'What the service does', text: 'The service manages compliance alerts.' },
  { id: 'S6', section: 'What the service does', text: 'The service keeps an audit log of privileged actions.' },

  // ---------- Identifiers ----------
  { id: 'ID1', section: 'Identifiers', text: 'Identifiers are opaque strings with a type prefix: cus_, ord_, car_, evt_, req_.' },
  { id: 'ID2', section: 'Identifiers', text: 'Invoice identifiers have the prefix inv_.' },

  // ---------- Order ----------
  { id: 'O1', section: 'Order', text: 'An omitted customer_id yields the missing_required_field error.' },
  { id: 'O2', section: 'Order', text: 'pickup and delivery are address objects: address1, city, state (two-letter code), zip (five digits).' },
  { id: 'O3', section: 'Order', text: 'vehicles: one or more vehicle objects (vin, year, make, model).' },
  { id: 'O4', section: 'Order', text: 'ready_date is a calendar date, YYYY-MM-DD.' },
  { id: 'O5', section: 'Order', text: 'delivery_window_days is an integer number of days.' },
  { id: 'O6', section: 'Order', text: 'A returned order has id, status and vehicles.' },
  { id: 'O7', section: 'Order', text: 'Order fields beyond id, status and vehicles on output: not shown.', choice: { decision: 'The Order schema: object, customer_id, carrier_id, pickup, delivery, ready_date, delivery_window_days, price, carrier_pay, currency, bill_of_lading, exceptions, metadata, created, updated.', where: 'specs/openapi.yaml (components.schemas.Order)' } },
  { id: 'O8', section: 'Order', text: 'Which order-creation fields other than customer_id are required: not shown.', choice: { decision: 'customer_id, pickup, delivery, vehicles and ready_date are required; delivery_window_days defaults to 7.', where: 'specs/openapi.yaml (components.schemas.OrderCreate)' } },

  // ---------- Carrier ----------
  { id: 'C1', section: 'Carrier', text: 'Carrier input: mc_number and dot_number (digits), contact_name, contact_email (e-mail address), phone (international format with a leading plus).' },
  { id: 'C2', section: 'Carrier', text: 'Carrier output: id, status, safer_pull_status.' },

  // ---------- Event envelope ----------
  { id: 'E1', section: 'Event envelope', text: 'The webhook body has id (evt_, equal to the Service-Event-Id header), type, created (Unix seconds) and data (an object).' },
  { id: 'E2', section: 'Event envelope', text: 'invoice.paid data: id, amount, currency (three letters), customer_id, paid_at, payment_method.' },
  { id: 'E3', section: 'Event envelope', text: 'Unit of amount and the allowed values of payment_method: not shown.', choice: { decision: 'Integer minor units (cents); payment_method one of ach, wire, check, card.', where: 'specs/asyncapi.yaml (InvoicePaidData), specs/openapi.yaml (PaymentMethod)' } },

  // ---------- Webhook endpoint ----------
  { id: 'W1', section: 'Webhook endpoint', text: 'Endpoint URL: HTTPS only.' },
  { id: 'W2', section: 'Webhook endpoint', text: 'Subscribed event types: a list, or all events.' },
  { id: 'W3', section: 'Webhook endpoint', text: 'The API version is pinned when the endpoint is created.' },
  { id: 'W4', section: 'Webhook endpoint', text: 'A description: free text for the team.' },
  { id: 'W5', section: 'Webhook endpoint', text: 'Fields of customer, invoice, payment, carrier-payment and audit-log records: not shown.', choice: { decision: 'Customer and audit-log schemas in the OpenAPI document; invoice, payment and carrier payment follow API-DESIGN when accounting lands.', where: 'specs/openapi.yaml (Customer, AuditLog)' } },

  // ---------- States ----------
  { id: 'ST1', section: 'States and transitions', text: 'POST /v1/carriers, accepted: status pending_vetting, safer_pull_status queued; vetting runs asynchronously.' },
  { id: 'ST2', section: 'States and transitions', text: 'Order status values and transitions: not shown (in_transit is named as a filter value).', choice: { decision: 'pending -> dispatched -> in_transit -> delivered, or cancelled from pending/dispatched; a cancellation or delivery recorded by mistake is reopened (POST /v1/orders/{id}/reopen: back to the status before, within 30 days, unless an invoice or carrier payment depends on it); exceptions leave the status; other moves 409 invalid_state_transition.', where: 'docs/orders.md (the lifecycle), src/orders/orders.state.ts' } },
  { id: 'ST3', section: 'States and transitions', text: 'Carrier transitions after pending_vetting: not shown.', choice: { decision: 'pending_vetting -> active (carrier.vetted) or rejected (carrier.rejected, an addition); active -> suspended; suspended -> pending_vetting on reinstate.', where: 'src/carriers/carriers.state.ts, specs/asyncapi.yaml (CarrierRejected)' } },
  { id: 'ST4', section: 'States and transitions', text: 'safer_pull_status values other than queued: not shown.', choice: { decision: 'queued, in_progress, completed, failed.', where: 'specs/openapi.yaml (SaferPullStatus)' } },
  { id: 'ST5', section: 'States and transitions', text: 'Invoice: DRAFT and SENT at creation; transitions not shown.', choice: { decision: 'Created DRAFT (or SENT with send); DRAFT -> SENT -> PAID when payments cover it; SENT -> VOID unless paid (audited); PATCH only while DRAFT; a SENT invoice can be sent again (a new message, no change); other moves 409 invalid_state_transition.', where: 'src/accounting/invoices.state.ts, docs/accounting.md' } },

  // ---------- Endpoints ----------
  { id: 'EP1', section: 'Endpoints', text: 'Requests with a body use Content-Type application/json.' },
  { id: 'EP2', section: 'Endpoints', text: 'Every request carries the Authorization header.' },
  { id: 'EP3', section: 'Endpoints', text: 'POST /v1/orders needs orders:write.' },
  { id: 'EP4', section: 'Endpoints', text: 'GET /v1/orders needs orders:read, filters by status (e.g. in_transit), pages by limit.' },
  { id: 'EP5', section: 'Endpoints', text: 'GET /v1/orders answers data, has_more and next_cursor (an order id where the next page starts).' },
  { id: 'EP6', section: 'Endpoints', text: 'Name of the request parameter that carries the cursor: not shown.', choice: { decision: 'cursor (the previous page\'s next_cursor); next_cursor is null on the last page.', where: 'docs/getting-started.md (Conventions), specs/openapi.yaml (listOrders)' } },
  { id: 'EP7', section: 'Endpoints', text: 'POST /v1/carriers needs carriers:write and answers id, status pending_vetting, safer_pull_status queued.' },
  { id: 'EP8', section: 'Endpoints', text: 'POST /v1/webhook_endpoints needs webhooks:manage and creates an endpoint with the settings.' },
  { id: 'EP9', section: 'Endpoints', text: 'Response body of create order: not shown.', choice: { decision: '201 with the Order and Location.', where: 'specs/openapi.yaml (createOrder)' } },
  { id: 'EP10', section: 'Endpoints', text: 'Webhook endpoint request and response bodies beyond the settings: not shown.', choice: { decision: 'WebhookEndpointCreate / WebhookEndpoint (status, secret once, metadata).', where: 'specs/openapi.yaml' } },
  { id: 'EP11', section: 'Endpoints', text: 'Paths for single orders, carriers, customers, invoices, payments, audit logs: not shown.', choice: { decision: 'Stripe-style paths: /v1/orders/{id} and its actions, /v1/carriers[/{id}], /v1/customers[/{id}], /v1/audit_logs.', where: 'specs/openapi.yaml (paths)' } },
  { id: 'EP12', section: 'Endpoints', text: 'HTTP success status codes: not shown.', choice: { decision: 'Create 201 with Location, read/update/action 200, delete 200 {id, object, deleted: true}.', where: 'docs/getting-started.md (Conventions), specs/openapi.yaml' } },

  // ---------- Authentication ----------
  { id: 'A1', section: 'Authentication', text: 'Requests authenticate with Authorization: Bearer <API_KEY>.' },
  { id: 'A2', section: 'Authentication', text: 'The service supports OAuth 2.0 and scoped API keys.' },
  { id: 'A3', section: 'Authentication', text: 'An API key is scoped at creation with the seven scopes of the table (each granting what it says).' },
  { id: 'A4', section: 'Authentication', text: 'The API version is bound to the key.' },
  { id: 'A5', section: 'Authentication', text: 'Webhook requests are authenticated by signature.' },
  { id: 'A6', section: 'Authentication', text: 'OAuth 2.0 flow, token endpoint and key-creation procedure: not shown.', choice: { decision: 'Client credentials at POST /oauth/token (RFC 6749 4.4), introspection at /oauth/introspect; keys by POST /v1/api_keys or the keys CLI.', where: 'docs/keys-and-limits.md' } },

  // ---------- Events ----------
  { id: 'EV1', section: 'Events', text: 'The eighteen event types (order.*, carrier.*, invoice.*, payment.*, carrier_payment.sent, compliance.alert, audit.privileged_action) are declared.' },
  { id: 'EV2', section: 'Events', text: 'order.created, dispatched, in_transit, delivered, cancelled and exception fire at their moments.' },
  { id: 'EV3', section: 'Events', text: 'carrier.onboarded, carrier.vetted and carrier.suspended fire at their moments.' },
  { id: 'EV4', section: 'Events', text: 'invoice.*, payment.* and carrier_payment.sent fire at their moments.' },
  { id: 'EV5', section: 'Events', text: 'compliance.alert fires when a compliance item lapses.' },
  { id: 'EV6', section: 'Events', text: 'audit.privileged_action fires when a privileged action is recorded.' },
  { id: 'EV7', section: 'Events', text: 'Payloads of events other than invoice.paid: not shown.', choice: { decision: 'data is the resource as the API renders it for the endpoint\'s pinned version.', where: 'specs/asyncapi.yaml' } },
  { id: 'EV8', section: 'Events', text: 'Each delivery carries Content-Type application/json, Service-Signature and Service-Event-Id (equal to the body id).' },

  // ---------- Signature ----------
  { id: 'SG1', section: 'Signature', text: 'Service-Signature is t=<unix_seconds>,v1=<hex_digest>, HMAC-SHA256 keyed with the endpoint secret over <t>.<raw body>.' },
  { id: 'SG2', section: 'Signature', text: 'The receiver compares in constant time and rejects stale t (a receiver rule; the service signs with its current time).' },
  { id: 'SG3', section: 'Signature', text: 'Accepted clock difference: not shown.', choice: { decision: '300 seconds (the reference verifier\'s default).', where: 'specs/asyncapi.yaml (info: Signature), src/webhooks/signer.ts' } },
  { id: 'SG4', section: 'Signature', text: 'How the signing secret is issued: not shown.', choice: { decision: 'whsec_ secret returned once by create and by rotate_secret (old one signs on for 24 h).', where: 'docs/webhooks.md, specs/openapi.yaml' } },

  // ---------- Retries ----------
  { id: 'R1', section: 'Retries', text: 'Any response other than 2xx counts as failure.' },
  { id: 'R2', section: 'Retries', text: 'Attempts: immediate, 30 s, 5 min, 30 min, 6 h, 24 h.' },
  { id: 'R3', section: 'Retries', text: 'After 6 failed attempts the event is permanently_failed, reported in the delivery log.' },
  { id: 'R4', section: 'Retries', text: 'Events can be replayed manually (dashboard).' },
  { id: 'R5', section: 'Retries', text: 'Time-out for the receiver response: not shown.', choice: { decision: '10 seconds; redirects not followed.', where: 'docs/webhooks.md, src/webhooks/transport.ts' } },

  // ---------- Idempotency ----------
  { id: 'I1', section: 'Idempotency', text: 'The same event can be delivered more than once, with the same Service-Event-Id.' },

  // ---------- Configuring endpoints ----------
  { id: 'CE1', section: 'Configuring endpoints', text: 'Endpoints are created in the dashboard (Settings, Developers, Webhooks, Add Endpoint) or by POST /v1/webhook_endpoints.', choice: { decision: 'The dashboard\'s Webhooks page creates endpoints through the same API.', where: 'docs/dashboard.md, test/browser/dashboard.test.ts' } },

  // ---------- Errors ----------
  { id: 'ER1', section: 'Errors', text: 'Errors carry {error: {type, code, message, param, request_id (req_)}}.' },
  { id: 'ER2', section: 'Errors', text: 'An omitted required field: type validation_error, code missing_required_field, param naming it.' },
  { id: 'ER3', section: 'Errors', text: 'Exceeding the rate limit answers 429.' },
  { id: 'ER4', section: 'Errors', text: 'Full list of error types and codes: not shown.', choice: { decision: 'The ErrorCode enum and the errors of docs/getting-started.md (Conventions).', where: 'specs/openapi.yaml (ErrorCode), src/shared/errors.ts' } },
  { id: 'ER5', section: 'Errors', text: 'HTTP status for validation_error and for authentication or permission failures: not shown.', choice: { decision: '400 validation_error, 401 authentication_error, 403 permission_error.', where: 'docs/getting-started.md (Conventions)' } },

  // ---------- Limits ----------
  { id: 'L1', section: 'Limits', text: 'Sustained rate: 100 requests per minute per API key.' },
  { id: 'L2', section: 'Limits', text: 'Burst: 200 requests within 10 seconds.' },
  { id: 'L3', section: 'Limits', text: 'Responses carry X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (Unix seconds).' },
  { id: 'L4', section: 'Limits', text: 'When the limit is hit: 429 with Retry-After (seconds until the next safe request).' },
  { id: 'L5', section: 'Limits', text: 'Clients back off and retry with exponential backoff.', choice: { decision: 'A client rule: docs/keys-and-limits.md tells integrators to back off on 429.', where: 'docs/keys-and-limits.md (Rate limits)' } },
  { id: 'L6', section: 'Limits', text: 'Maximum and default of limit, maximum body size: not shown.', choice: { decision: 'limit 1..100, default 20; bodies up to 1 MiB (413).', where: 'docs/getting-started.md (Conventions), specs/openapi.yaml' } },

  // ---------- Versioning ----------
  { id: 'V1', section: 'Versioning', text: 'Versions are date-based.' },
  { id: 'V2', section: 'Versioning', text: 'Older versions stay supported for at least 12 months.', choice: { decision: 'Every published version stays in the registry; a breaking change adds a dated version with its downgrade transforms (npm run check:breaking).', where: 'src/shared/versions.ts, CONTRIBUTING.md' } },
  { id: 'V3', section: 'Versioning', text: 'The version is fixed by API key; upgrading means a new key.' },
  { id: 'V4', section: 'Versioning', text: 'A webhook endpoint pins its API version at creation.' },
  { id: 'V5', section: 'Versioning', text: 'The path prefix is /v1.' },
  { id: 'V6', section: 'Versioning', text: 'Format of a version identifier and how it is chosen at key creation: not shown.', choice: { decision: 'YYYY-MM-DD; api_version on key creation, the newest by default.', where: 'docs/keys-and-limits.md (Versions), specs/openapi.yaml (ApiVersion)' } },
];

/**
 * The rules the server enforces on a request that JSON Schema cannot state: the only answers of 400 to
 * a request the OpenAPI document accepts. The document's description lists the same rules (a test
 * holds the two together), and each is tested where `test` says.
 */
export interface SchemaLessRule {
  rule: string;
  /** The error code it answers (`error.code`, or the OAuth `error`). */
  code: string;
  /** Why no schema keyword can say it. */
  why: string;
  /** `<file> > <test name>`: the test that holds the rule. */
  test: string;
  /** The operations it applies to (contract-tests/schemathesis.toml lets their schema-valid requests answer 400). */
  operations: string[];
}

export const SCHEMA_LESS_RULES: SchemaLessRule[] = [
  { rule: 'A VIN of a model year 1981 or later passes its check digit (49 CFR 565).', code: 'invalid_vin', why: 'A weighted sum of the characters modulo 11.', test: 'test/orders.test.ts > verifies the VIN check digit for model years from 1981', operations: ['createOrder', 'updateOrder'] },
  { rule: "A vehicle's model year is at most next calendar year.", code: 'invalid_value', why: 'The bound moves with the calendar; a document states a fixed maximum.', test: 'test/orders.test.ts > refuses a model year later than next year', operations: ['createOrder', 'updateOrder'] },
  { rule: "A report's `to` is not before its `from`, and the range is at most 366 days.", code: 'invalid_value', why: 'It compares two parameters.', test: 'test/reports.test.ts > refuses a range that is not one, or longer than a year, with the envelope', operations: ['getMarginReport', 'getOperationsReport'] },
  { rule: 'OAuth: a scope the client holds, and the grant type `client_credentials`.', code: 'invalid_scope, unsupported_grant_type', why: "The scopes depend on the client; RFC 6749 answers an unknown grant type with its own error, which the form's schema leaves to the server.", test: 'test/platform.test.ts > answers RFC 6749 errors: invalid_client 401 with WWW-Authenticate, invalid_scope, unsupported_grant_type, invalid_request', operations: ['createOAuthToken'] },
  { rule: "A test clock's `frozen_time`: from 7 days before now to 366 days after when it is made; forward, by 90 days at most and to 366 days after now at most, when it advances.", code: 'invalid_value', why: 'The bounds move with the calendar and with the clock itself.', test: 'test/test-clocks.test.ts > checks what a clock is asked: test mode only, forward only, within its limits, one advance at a time, objects within one clock', operations: ['createTestClock', 'advanceTestClock'] },
  { rule: "A new password is not common, breached or easily guessed (a zxcvbn strength score of at least 3 of 4) and does not contain the user's email name or name.", code: 'invalid_value', why: 'Guessability is judged against dictionaries of common passwords and keyboard patterns, and against the user.', test: 'test/users.test.ts > refuses a weak password at creation with 400 invalid_value naming it, and a strong one of 200 characters signs in as sent', operations: ['createUser', 'changeOwnPassword'] },
];

/** The table, as STATEMENTS.md holds it. */
export function renderTable(tested: ReadonlySet<string>): string {
  const rows = STATEMENTS.map((s) => {
    const how = s.pending
      ? `pending: ${s.pending}${s.choice ? `; choice: ${s.choice.decision}` : ''}`
      : s.choice
        ? `choice: ${s.choice.decision}`
        : tested.has(s.id)
          ? `test \`${s.id}\` in conformance.test.ts`
          : 'MISSING';
    const where = s.choice?.where ?? (tested.has(s.id) ? 'contract-tests/conformance/conformance.test.ts' : '');
    return `| ${s.id} | ${s.section} | ${s.text.replace(/\|/g, '\\|')} | ${how.replace(/\|/g, '\\|')} | ${where} |`;
  });
  const count = (f: (s: Statement) => boolean) => STATEMENTS.filter(f).length;
  return [
    '# Specification conformance',
    '',
    'Every statement of the product specification, section by section, and how this project answers it:',
    'a test of `conformance.test.ts` (run by `npm test` against a live server on each database), or for a',
    '"not shown" the choice made and where it is documented, or pending with the reason. Generated from',
    '`statements.ts`; `statements.test.ts` fails when this file, the list or the tests drift apart.',
    '',
    `Statements: ${STATEMENTS.length}; tested: ${count((s) => !s.pending && !s.choice)}; choices: ${count((s) => Boolean(s.choice) && !s.pending)}; pending: ${count((s) => Boolean(s.pending))}.`,
    '',
    '| id | section | statement | how | where |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    '## Rules the schema cannot state',
    '',
    'Every rule the server enforces on a request is in the OpenAPI document where JSON Schema can say it',
    '(text, for one: no NUL and no unpaired surrogate, the `Text` schema). These are the only answers of',
    '400 to a request the document accepts; its description lists the same rules.',
    '',
    '| rule | operations | answers 400 | why no schema says it | tested in |',
    '|---|---|---|---|---|',
    ...SCHEMA_LESS_RULES.map((r) => `| ${r.rule} | ${r.operations.join(', ')} | ${r.code.split(', ').map((c) => `\`${c}\``).join(', ')} | ${r.why} | ${r.test} |`),
    '',
  ].join('\n');
}
