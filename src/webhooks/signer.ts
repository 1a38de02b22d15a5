// Webhook signatures: `Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`,
// with one `v1=` per secret that currently signs (two during a rotation's grace period).
// The verifier is the one integrators should use (or copy): constant-time, with a clock tolerance.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Service-Signature';
export const EVENT_ID_HEADER = 'Service-Event-Id';
export const DEFAULT_TOLERANCE_SECONDS = 300;

const digest = (secret: string, timestamp: number, body: string | Buffer): string =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');

/** The header value for `body` signed at `timestamp` with each secret (the current one first). */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string | Buffer): string {
  if (secrets.length === 0) throw new Error('at least one secret is needed to sign');
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${digest(s, timestamp, body)}`)].join(',');
}

export type VerificationFailure = 'malformed_header' | 'timestamp_outside_tolerance' | 'no_matching_signature';

export interface VerifyOptions {
  /** Seconds of clock difference accepted (default 300). */
  toleranceSeconds?: number;
  /** Current Unix time in seconds (default: now). */
  now?: number;
}

/**
 * Verifies a delivery: the raw body bytes as received, the `Service-Signature` header, and the
 * endpoint's secret(s). Returns null when valid, else why not.
 */
export function verifySignature(
  rawBody: string | Buffer,
  header: string | undefined,
  secrets: string | readonly string[],
  options: VerifyOptions = {},
): VerificationFailure | null {
  if (!header) return 'malformed_header';
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, given] = part.trim().split('=', 2);
    // Stryker disable next-line StringLiteral: equivalent, any default that is not digits or 64 hex digits is refused below
    const value = given ?? '';
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return 'malformed_header';
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return 'timestamp_outside_tolerance';
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    const expected = Buffer.from(digest(secret, timestamp, rawBody), 'hex');
    for (const candidate of signatures) {
      if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) return null;
    }
  }
  return 'no_matching_signature';
}
