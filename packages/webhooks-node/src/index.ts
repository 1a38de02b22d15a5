// @vehicle-transport/webhooks: checks that a webhook delivery was signed by the service with the
// endpoint's secret, recently, and returns its event typed by its `type`. Node built-ins only.
import { Buffer } from 'node:buffer';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { emitWarning } from 'node:process';
import { API_VERSION, EVENT_TYPES, type AnyEventEnvelope, type AuditLog, type EventType } from './events.js';

export * from './events.js';

/** @deprecated The audit event's payload is the REST API's `AuditLog` object: use `AuditLog`. */
export type AuditLogEntry = AuditLog;

/** A delivered event: `switch (event.type)` narrows `event.data` to that type's payload. */
export type WebhookEvent = AnyEventEnvelope;

export const SIGNATURE_HEADER = 'Service-Signature';
export const EVENT_ID_HEADER = 'Service-Event-Id';
export const DEFAULT_TOLERANCE = 300;

/** A fetch `Headers`, or a plain object of headers such as node:http's `req.headers` (any letter case). */
export type HeadersLike =
  | { get(name: string): string | null }
  | { readonly [name: string]: string | readonly string[] | undefined };

export interface VerifyOptions {
  /** Seconds the signature's timestamp may differ from now, either way (default 300). */
  tolerance?: number;
  /** The current Unix time in seconds (default: the clock's). */
  now?: number;
  /**
   * What constructEvent does with an event whose `api_version` (its endpoint's pinned version) is not
   * API_VERSION, the version this package's types describe: `'warn'` (the default) emits a process
   * warning (`ApiVersionMismatchWarning`, once per version) and returns the event; `'refuse'` throws
   * an ApiVersionMismatchError; `'ignore'` returns it. Such an event's data has that version's shape
   * (the document of each version: `/asyncapi.json?version=<api_version>`), not the types'.
   */
  apiVersion?: 'warn' | 'refuse' | 'ignore';
}

export type WebhookErrorCode =
  | 'malformed_header'
  | 'no_matching_signature'
  | 'timestamp_outside_tolerance'
  | 'unknown_event_type'
  | 'invalid_payload'
  | 'api_version_mismatch';

/** Why a delivery was refused; `code` says which check failed. Answer such a delivery with a 400. */
export class WebhookVerificationError extends Error {
  readonly code: WebhookErrorCode;
  constructor(code: WebhookErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** The signature header is missing or unreadable, or no `v1=` signature matches a secret. */
export class WebhookSignatureError extends WebhookVerificationError {
  declare readonly code: 'malformed_header' | 'no_matching_signature';
  constructor(code: 'malformed_header' | 'no_matching_signature', message: string) {
    super(code, message);
  }
}

/** A genuine signature, made too long ago (a replay, or a clock off) or too far in the future. */
export class WebhookTimestampError extends WebhookVerificationError {
  declare readonly code: 'timestamp_outside_tolerance';
  constructor(
    /** The signature's time, Unix seconds. */
    readonly timestamp: number,
    /** The receiver's time it was compared with. */
    readonly now: number,
    readonly tolerance: number,
  ) {
    super('timestamp_outside_tolerance', `The signature's timestamp ${timestamp} is more than ${tolerance} s from now (${now})`);
  }
}

/** A signed event of a type this version of the package does not know: update the package. */
export class UnknownEventTypeError extends WebhookVerificationError {
  declare readonly code: 'unknown_event_type';
  constructor(readonly type: string) {
    super('unknown_event_type', `Unknown event type ${JSON.stringify(type)}: a newer @vehicle-transport/webhooks may know it`);
  }
}

/** A correctly signed body that is not an event (not JSON, or no string `type`). */
export class WebhookPayloadError extends WebhookVerificationError {
  declare readonly code: 'invalid_payload';
  constructor(message: string, options?: { cause?: unknown }) {
    super('invalid_payload', message, options);
  }
}

/**
 * A signed event of another API version than the types describe (`{ apiVersion: 'refuse' }`): create
 * the endpoint with `api_version` equal to API_VERSION, or use the package release of its version.
 */
export class ApiVersionMismatchError extends WebhookVerificationError {
  declare readonly code: 'api_version_mismatch';
  constructor(
    /** The event's `api_version` (its endpoint's pinned version). */
    readonly apiVersion: string,
  ) {
    super('api_version_mismatch', apiVersionMessage(apiVersion));
  }
}

const apiVersionMessage = (delivered: string) =>
  `The event is of API version ${delivered} (its endpoint's pinned version), but these types describe ${API_VERSION}: its data may not match them`;

const KNOWN_TYPES: ReadonlySet<string> = new Set(EVENT_TYPES);
/** The versions warned about already (one warning per version and process). */
const warnedVersions = new Set<string>();

export const isEventType = (type: string): type is EventType => KNOWN_TYPES.has(type);

/**
 * Checks a delivery's signature: `rawBody` exactly as received (before any JSON parsing), the
 * `Service-Signature` header's value, and the endpoint's secret, or several while rotating one.
 * Returns nothing when it is valid and throws a WebhookSignatureError (malformed header, no matching
 * signature) or a WebhookTimestampError (a valid signature outside the tolerance) when not.
 * The signature is checked first, so a timestamp error always concerns a genuine delivery.
 */
export function verifySignature(
  rawBody: string | Uint8Array,
  header: string | readonly string[] | null | undefined,
  secret: string | readonly string[],
  options: VerifyOptions = {},
): void {
  const secrets = typeof secret === 'string' ? [secret] : [...secret];
  // An unset environment variable must not turn into a key anyone can sign with.
  if (secrets.length === 0 || secrets.some((s) => typeof s !== 'string' || s === '')) {
    throw new TypeError('verifySignature needs the endpoint secret: a non-empty string, or a non-empty list of them');
  }
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE;
  if (typeof tolerance !== 'number' || !(tolerance >= 0)) throw new TypeError(`tolerance must be a number of seconds >= 0, not ${String(tolerance)}`);

  const { timestamp, signatures } = parseHeader(typeof header === 'string' || header == null ? header : header.join(','));
  const signed = signatures.some((candidate) =>
    secrets.some((s) => {
      const expected = createHmac('sha256', s).update(`${timestamp}.`).update(rawBody).digest();
      return timingSafeEqual(expected, candidate);
    }),
  );
  if (!signed) throw new WebhookSignatureError('no_matching_signature', 'No v1 signature of the delivery matches the secret');
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > tolerance) throw new WebhookTimestampError(timestamp, now, tolerance);
}

/**
 * Verifies a delivery (see verifySignature), then parses its body and checks its type is one this
 * package knows, and its `api_version` the one its types describe (API_VERSION; see
 * VerifyOptions.apiVersion). Throws a WebhookVerificationError subclass for a delivery to refuse.
 */
export function constructEvent(
  rawBody: string | Uint8Array,
  headers: HeadersLike,
  secret: string | readonly string[],
  options: VerifyOptions = {},
): WebhookEvent {
  verifySignature(rawBody, headerValue(headers, SIGNATURE_HEADER), secret, options);
  let event: unknown;
  try {
    event = JSON.parse(typeof rawBody === 'string' ? rawBody : new TextDecoder('utf-8', { fatal: true }).decode(rawBody));
  } catch (err) {
    throw new WebhookPayloadError('The body is not JSON (UTF-8)', { cause: err });
  }
  if (event === null || typeof event !== 'object' || Array.isArray(event)) throw new WebhookPayloadError('The body is not a JSON object');
  const type: unknown = (event as { type?: unknown }).type;
  if (typeof type !== 'string') throw new WebhookPayloadError('The body has no string `type`');
  if (!isEventType(type)) throw new UnknownEventTypeError(type);
  const version: unknown = (event as { api_version?: unknown }).api_version;
  const onMismatch = options.apiVersion ?? 'warn';
  if (typeof version === 'string' && version !== API_VERSION && onMismatch !== 'ignore') {
    if (onMismatch === 'refuse') throw new ApiVersionMismatchError(version);
    if (!warnedVersions.has(version)) {
      warnedVersions.add(version);
      emitWarning(apiVersionMessage(version), { type: 'ApiVersionMismatchWarning', code: 'VT_API_VERSION_MISMATCH' });
    }
  }
  return event as WebhookEvent;
}

// ---------------------------------------------------------------------------------------------

/** `t=<unix seconds>,v1=<hex>[,v1=<hex>...]`; other schemes (`v0=`, later `v2=`) are skipped. */
function parseHeader(header: string | null | undefined): { timestamp: number; signatures: Buffer[] } {
  if (!header) throw new WebhookSignatureError('malformed_header', `No ${SIGNATURE_HEADER} header`);
  const timestamps = new Set<number>();
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (at === -1) continue;
    if (key === 't' && /^\d{1,15}$/.test(value)) timestamps.add(Number(value));
    else if (key === 'v1' && /^[0-9a-fA-F]{64}$/.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  // Two different timestamps (two headers joined) leave no single message that was signed.
  const [timestamp] = timestamps;
  if (timestamp === undefined || timestamps.size > 1 || signatures.length === 0) {
    throw new WebhookSignatureError('malformed_header', `The ${SIGNATURE_HEADER} header is not t=<unix seconds>,v1=<64 hex digits>`);
  }
  return { timestamp, signatures };
}

/** A header's value, whatever the letter case of the names; repeated values joined by commas. */
function headerValue(headers: HeadersLike, name: string): string | undefined {
  if (typeof headers.get === 'function') return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  const values: string[] = [];
  for (const [key, value] of Object.entries(headers as Record<string, string | readonly string[] | undefined>)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    values.push(...(typeof value === 'string' ? [value] : value));
  }
  return values.length ? values.join(',') : undefined;
}
