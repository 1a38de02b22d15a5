// The carrier-registry boundary: one normalized record, one provider interface, one error.
// Two providers implement it: the FMCSA QCMobile web API (qcmobile.ts) and a local JSON file
// for development and tests (local.ts). Vetting (checks.ts) reads only CarrierRecord, never a
// provider's raw shape.

export type AuthorityStatus = 'active' | 'inactive' | 'none';
export type SafetyRating = 'satisfactory' | 'conditional' | 'unsatisfactory' | 'unrated';

/** A calendar date, `YYYY-MM-DD` (UTC). */
export type CalendarDate = string;

export interface CarrierRecord {
  /** USDOT number, digits only. */
  dotNumber: string;
  /** MC docket number, digits only (no `MC` prefix); null when the registry did not say. */
  mcNumber: string | null;
  legalName: string;
  dbaName: string | null;
  /** FMCSA's "allowed to operate" flag. */
  allowedToOperate: boolean;
  commonAuthority: AuthorityStatus;
  contractAuthority: AuthorityStatus;
  /** Bodily-injury / property-damage liability coverage on file, whole US dollars (0 when none). */
  bipdInsuranceOnFileUsd: number;
  /** BIPD coverage FMCSA requires of this carrier, whole US dollars (0 when unknown or not required). */
  bipdInsuranceRequiredUsd: number;
  cargoInsuranceOnFile: boolean;
  bondOnFile: boolean;
  safetyRating: SafetyRating;
  /** Date of the out-of-service order, when there is one. */
  outOfServiceDate: CalendarDate | null;
  /** Expiry of the insurance certificate (the local registry carries it; QCMobile does not). */
  insuranceExpiresOn: CalendarDate | null;
  /** Expiry of the surety bond / trust fund filing (local registry only). */
  bondExpiresOn: CalendarDate | null;
  /** Expiry of the BOC-3 process-agent filing (local registry only). */
  processAgentExpiresOn: CalendarDate | null;
  /** The registered phone number, when the registry carries it (QCMobile's carrier record does not, as far as published). */
  phone: string | null;
  /** The registered email address, when the registry carries it. */
  email: string | null;
  /** The registered physical address on one line (`street, city, ST zip`), when the registry carries it. */
  physicalAddress: string | null;
  /** When the provider answered. */
  retrievedAt: Date;
}

export interface RegistryProvider {
  /** `qcmobile` or `local`. */
  readonly name: string;
  /** The carrier with this USDOT number, or null when the registry has none. */
  findByDot(dot: string): Promise<CarrierRecord | null>;
  /** The carrier holding this MC docket number, or null when the registry has none. */
  findByMc(mc: string): Promise<CarrierRecord | null>;
}

/**
 * Why a registry could not answer. `invalid_web_key` is a configuration problem (never retried);
 * the others are transient and are raised only after the provider's own bounded retries.
 */
export type RegistryUnavailableReason =
  | 'invalid_web_key'
  | 'timeout'
  | 'network_error'
  | 'server_error'
  | 'maintenance'
  | 'rate_limited'
  | 'bad_response'
  | 'unreachable';

/**
 * The registry could not give an answer (down, in maintenance, timing out, 5xx, rejected key).
 * This is never "the carrier does not exist": that is a null record. Callers mark the vetting
 * job `failed` (safer_pull_status) rather than rejecting the carrier.
 * The message never contains the webKey.
 */
export class RegistryUnavailableError extends Error {
  override readonly name = 'RegistryUnavailableError';
  readonly reason: RegistryUnavailableReason | (string & {});
  readonly provider: string;
  /** How many requests were made before giving up (1 when not retried). */
  readonly attempts: number;

  constructor(reason: RegistryUnavailableReason | (string & {}), message: string, opts: { provider?: string; attempts?: number } = {}) {
    super(message);
    this.reason = reason;
    this.provider = opts.provider ?? 'unknown';
    this.attempts = opts.attempts ?? 1;
  }
}

/** USDOT numbers are 1 to 8 digits; accepts `USDOT 1234567`, `DOT-1234567`, spaces. Null when unusable. */
export function normalizeDotNumber(input: string): string | null {
  const s = String(input).trim().replace(/^(US\s*)?DOT[\s#:-]*/i, '');
  if (!/^\d{1,8}$/.test(s)) return null;
  const n = s.replace(/^0+(?=\d)/, '');
  return n === '0' ? null : n;
}

/** MC docket numbers: digits, optionally written `MC-123456` / `MC 123456`. Null when unusable (or none: null, undefined). */
export function normalizeMcNumber(input: string | null | undefined): string | null {
  const s = String(input).trim().replace(/^MC[\s#:-]*/i, '');
  if (!/^\d{1,8}$/.test(s)) return null;
  const n = s.replace(/^0+(?=\d)/, '');
  return n === '0' ? null : n;
}

/** `YYYY-MM-DD` of a Date, in UTC. */
export function toCalendarDate(d: Date): CalendarDate {
  return d.toISOString().slice(0, 10);
}
