// FMCSA QCMobile client: the real registry provider.
//
// Sources relied on (public material, read 2026-11):
//  - QCMobile API endpoints, base URL, JSON-only answers, webKey as the last query parameter:
//    https://mobile.fmcsa.dot.gov/QCDevsite/docs/qcApi
//  - Authentication: "A webkey must be included as a query parameter in all API calls ... In the
//    event there is a failure, an Authentication Failure JSON message will be returned":
//    https://mobile.fmcsa.dot.gov/QCDevsite/docs/apiAccess
//  - Response elements (allowToOperate Y/N, outOfServiceDate MM/DD/YYYY, dotNumber, legalName, dbaName):
//    https://mobile.fmcsa.dot.gov/QCDevsite/docs/apiElements
//  - Third-party integration notes (webKey never to be logged; no SLA, rate-limited; field table):
//    https://oi-sys-docs.pages.dev/integrations/fmcsa-api/ and https://handbook.mhchq.ai/integrations/fmcsa-api
//  - Captured live bodies published in public GitHub client code/tests (found through code search):
//    `{"content":{"_links":{...},"carrier":{...}},"retrievalDate":"2021-02-28T06:33:31.490+0000"}` for
//    /carriers/{dot}; `content` as an ARRAY of `{_links, carrier}` for /carriers/docket-number/{mc}
//    and name searches; `content` as a bare STRING on errors, notably `{"content":"Webkey not found"}`
//    with HTTP 404 (one report says HTTP 200) and `{"content":"Must provide Webkey"}` without a key;
//    insurance elements `bipdInsuranceOnFile`, `bipdRequiredAmount`, `cargoInsuranceOnFile`,
//    `bondInsuranceOnFile` are amounts in THOUSANDS of dollars as strings ("1000" = $1,000,000),
//    while `bipdInsuranceRequired`, `cargoInsuranceRequired`, `bondInsuranceRequired` are flags
//    "Y" / "N" / "u" (unknown); `commonAuthorityStatus` / `contractAuthorityStatus` /
//    `brokerAuthorityStatus` are "A" / "I" / "N"; `safetyRating` "S" / "C" / "U" / null; dates such
//    as `safetyRatingDate` as `YYYY-MM-DD`; a maintenance window serves an HTML page with HTTP 200;
//    /carriers/{dot}/authority answers `content: [{carrierAuthority: {docketNumber, prefix: "MC", ...}}]`.
//
// Assumptions where the public material is silent or contradictory (documented, tested):
//  - Unknown carrier: `content: null` (or an empty array from the docket look-up) with HTTP 200,
//    or an HTTP 404 whose JSON `content` is null, empty or says "not found": "no such carrier" (null).
//    A 404 without such a body (HTML, "There is no resource for path ...", no JSON) means a wrong
//    base URL or path: RegistryUnavailableError('bad_response'), never a not_found rejection.
//  - Invalid webKey: any answer whose `content` string mentions "webkey" (whatever the status), and
//    HTTP 401 / 403, raise RegistryUnavailableError('invalid_web_key') at once, never retried (a 403
//    from FMCSA's load balancer, an IP deny, is equally permanent).
//  - `oosDate` is read as `YYYY-MM-DD`, `MM/DD/YYYY` (the element list's format) or an ISO timestamp.
//  - When both are numeric, `bipdRequiredAmount` wins; a numeric `bipdInsuranceRequired` is accepted
//    as the required amount only when `bipdRequiredAmount` is absent (older / documented variants).
//  - Any authority code other than "A" / "I" reads as "none"; any rating other than S/C/U as unrated.
//  - Retried: timeouts, network errors, HTTP 5xx, 429 (Retry-After honoured up to 10 s), the HTML
//    maintenance page and unparseable JSON. Backoff doubles from `backoffMs`. Worst-case time of a
//    look-up: (retries + 1) * timeoutMs + backoffMs * (2^retries - 1) (+ one authority call, below).
//  - The DOT look-up does not carry the MC number; it is read from /carriers/{dot}/authority
//    (first docket with prefix "MC"), one attempt, best effort: a failure there leaves mcNumber null.
//  - Multiple carriers under one docket: the first is taken.
//  - Identity (monitoring): the physical address is `phyStreet, phyCity, phyState phyZipcode` (the
//    recorded bodies carry them); the published elements have no phone or email, so `telephone` /
//    `phone` / `phoneNumber` and `emailAddress` / `email` are read when present, else null.
import { systemClock, type Clock } from '../../shared/clock.js';
import {
  normalizeDotNumber,
  normalizeMcNumber,
  RegistryUnavailableError,
  type AuthorityStatus,
  type CarrierRecord,
  type RegistryProvider,
  type RegistryUnavailableReason,
  type SafetyRating,
} from './types.js';

export const QCMOBILE_DEFAULT_BASE_URL = 'https://mobile.fmcsa.dot.gov/qc/services/';

export interface QcMobileOptions {
  /** Defaults to the public QCMobile URL. */
  baseUrl?: string;
  webKey: string;
  /** Per attempt, covering the response body too. */
  timeoutMs?: number;
  /** Retries after the first attempt, for transient failures only. */
  retries?: number;
  /** First backoff delay; doubled on each further retry. */
  backoffMs?: number;
  fetchImpl?: typeof fetch;
  clock?: Clock;
  /** Look up the MC docket of a carrier found by DOT number (one extra request). Default true. */
  resolveMcNumber?: boolean;
  /** Injected in tests; defaults to setTimeout. */
  sleep?: (ms: number) => Promise<void>;
}

const MAX_RETRY_AFTER_MS = 10_000;
const MAX_BODY_CHARS = 2_000_000;

type Attempt =
  | { kind: 'ok'; content: unknown }
  | { kind: 'not_found' }
  | { kind: 'fail'; reason: RegistryUnavailableReason; retryable: boolean; detail: string; retryAfterMs?: number };

type Raw = Record<string, unknown>;

const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

export function createQcMobileProvider(options: QcMobileOptions): RegistryProvider {
  const webKey = options.webKey;
  if (!webKey) throw new Error('createQcMobileProvider: webKey is required');
  const base = new URL(options.baseUrl ?? QCMOBILE_DEFAULT_BASE_URL);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const timeoutMs = options.timeoutMs ?? 8000;
  const retries = Math.max(0, options.retries ?? 2);
  const backoffMs = Math.max(0, options.backoffMs ?? 500);
  const fetchImpl = options.fetchImpl ?? globalThis.fetch;
  const clock = options.clock ?? systemClock;
  const resolveMc = options.resolveMcNumber ?? true;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  /** Removes the key from any text that might quote a URL (undici errors sometimes do). */
  const redact = (text: string): string =>
    text.split(webKey).join('***').replace(/(webKey=)[^&\s"']*/gi, '$1***');

  const urlFor = (segments: string[]): URL => {
    const url = new URL(segments.map(encodeURIComponent).join('/'), base);
    url.searchParams.set('webKey', webKey);
    return url;
  };

  async function attempt(url: URL): Promise<Attempt> {
    let status: number;
    let contentType: string;
    let text: string;
    let retryAfter: string | null;
    try {
      const signal = AbortSignal.timeout(timeoutMs);
      const res = await fetchImpl(url, { headers: { Accept: 'application/json' }, redirect: 'error', signal });
      status = res.status;
      contentType = res.headers.get('content-type') ?? '';
      retryAfter = res.headers.get('retry-after');
      text = (await res.text()).slice(0, MAX_BODY_CHARS);
    } catch (err) {
      const name = (err as { name?: string } | null)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        return { kind: 'fail', reason: 'timeout', retryable: true, detail: `no answer within ${timeoutMs} ms` };
      }
      const cause = (err as { cause?: { code?: string; message?: string } } | null)?.cause;
      const msg = cause?.code ?? cause?.message ?? (err as Error)?.message ?? String(err);
      return { kind: 'fail', reason: 'network_error', retryable: true, detail: redact(String(msg)) };
    }

    if (status === 401 || status === 403) {
      return { kind: 'fail', reason: 'invalid_web_key', retryable: false, detail: `HTTP ${status}: the webKey was refused` };
    }
    const trimmed = text.trimStart();
    const looksHtml = /html/i.test(contentType) || trimmed.startsWith('<');
    if (looksHtml) {
      if (status >= 500) return { kind: 'fail', reason: 'server_error', retryable: true, detail: `HTTP ${status} (HTML page)` };
      if (status === 404) return { kind: 'fail', reason: 'bad_response', retryable: false, detail: 'HTTP 404 with an HTML page (wrong base URL?)' };
      return { kind: 'fail', reason: 'maintenance', retryable: true, detail: `HTTP ${status} with an HTML page (maintenance)` };
    }
    let body: unknown;
    try {
      body = trimmed === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    const content = isRecord(body) ? body.content : undefined;
    if (typeof content === 'string' && /web\s*key/i.test(content)) {
      return { kind: 'fail', reason: 'invalid_web_key', retryable: false, detail: `HTTP ${status}: "${redact(content.slice(0, 100))}"` };
    }
    if (status === 429) {
      const secs = Number(retryAfter);
      return {
        kind: 'fail',
        reason: 'rate_limited',
        retryable: true,
        detail: 'HTTP 429',
        ...(Number.isFinite(secs) && secs > 0 ? { retryAfterMs: Math.min(secs * 1000, MAX_RETRY_AFTER_MS) } : {}),
      };
    }
    if (status >= 500) return { kind: 'fail', reason: 'server_error', retryable: true, detail: `HTTP ${status}` };
    if (status === 404) {
      // "No such carrier" only when the body says so; a 404 for a path QCMobile does not serve
      // ("There is no resource for path ...", or no JSON at all) is a misconfiguration, and must not
      // reject a carrier as not_found.
      const empty = content === null || (Array.isArray(content) && content.length === 0);
      const saysNotFound = typeof content === 'string' && /not\s*found|no\s+carrier/i.test(content) && !/no resource/i.test(content);
      if (isRecord(body) && (empty || saysNotFound)) return { kind: 'not_found' };
      const what = typeof content === 'string' ? `"${redact(content.slice(0, 100))}"` : 'no carrier envelope';
      return { kind: 'fail', reason: 'bad_response', retryable: false, detail: `HTTP 404 with ${what}` };
    }
    if (status < 200 || status >= 300) {
      return { kind: 'fail', reason: 'bad_response', retryable: false, detail: `HTTP ${status}` };
    }
    if (!isRecord(body)) {
      return { kind: 'fail', reason: 'bad_response', retryable: true, detail: 'the body is not a JSON object' };
    }
    if (typeof content === 'string') {
      if (/not\s*found|no\s+carrier/i.test(content)) return { kind: 'not_found' };
      return { kind: 'fail', reason: 'bad_response', retryable: false, detail: `"${redact(content.slice(0, 100))}"` };
    }
    if (content === null || content === undefined) return { kind: 'not_found' };
    return { kind: 'ok', content };
  }

  /** Bounded retries; null when the registry has no such carrier. */
  async function get(segments: string[], maxAttempts = retries + 1): Promise<unknown | null> {
    const url = urlFor(segments);
    const where = `GET ${url.pathname}`; // never the query string: it holds the key
    let last: Extract<Attempt, { kind: 'fail' }> | undefined;
    for (let n = 1; n <= maxAttempts; n++) {
      const result = await attempt(url);
      if (result.kind === 'ok') return result.content;
      if (result.kind === 'not_found') return null;
      last = result;
      if (!result.retryable || n === maxAttempts) {
        throw new RegistryUnavailableError(
          result.reason,
          `FMCSA QCMobile unavailable (${result.reason}) after ${n} attempt${n === 1 ? '' : 's'}: ${where}: ${result.detail}`,
          { provider: 'qcmobile', attempts: n },
        );
      }
      const delay = Math.max(backoffMs * 2 ** (n - 1), result.retryAfterMs ?? 0);
      if (delay > 0) await sleep(delay);
    }
    /* c8 ignore next */
    throw new RegistryUnavailableError(last?.reason ?? 'unreachable', `FMCSA QCMobile unavailable: ${where}`, { provider: 'qcmobile' });
  }

  async function mcFromAuthority(dot: string): Promise<string | null> {
    try {
      const content = await get(['carriers', dot, 'authority'], 1);
      const items = Array.isArray(content) ? content : isRecord(content) ? [content] : [];
      for (const item of items) {
        const auth = isRecord(item) && isRecord(item.carrierAuthority) ? item.carrierAuthority : null;
        if (!auth) continue;
        const prefix = typeof auth.prefix === 'string' ? auth.prefix.toUpperCase() : 'MC';
        if (prefix !== 'MC') continue;
        const mc = auth.docketNumber === undefined || auth.docketNumber === null ? null : normalizeMcNumber(String(auth.docketNumber));
        if (mc) return mc;
      }
      return null;
    } catch {
      return null; // best effort: the carrier record is what matters
    }
  }

  return {
    name: 'qcmobile',
    async findByDot(dotInput) {
      const dot = normalizeDotNumber(dotInput);
      if (!dot) return null; // not a USDOT number: no registry can hold it
      const content = await get(['carriers', dot]);
      const carrier = pickCarrier(content);
      if (!carrier) return null;
      const record = mapCarrier(carrier, { dot, mc: null, retrievedAt: clock.now() });
      if (resolveMc) record.mcNumber = await mcFromAuthority(record.dotNumber);
      return record;
    },
    async findByMc(mcInput) {
      const mc = normalizeMcNumber(mcInput);
      if (!mc) return null;
      const content = await get(['carriers', 'docket-number', mc]);
      const carrier = pickCarrier(content);
      if (!carrier) return null;
      return mapCarrier(carrier, { dot: null, mc, retrievedAt: clock.now() });
    },
  };
}

/** `content` is `{carrier}` for a DOT look-up and `[{carrier}, ...]` for a docket look-up. */
function pickCarrier(content: unknown): Raw | null {
  const entries = Array.isArray(content) ? content : [content];
  for (const entry of entries) {
    if (isRecord(entry) && isRecord(entry.carrier)) return entry.carrier;
  }
  return null;
}

const str = (v: unknown): string | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' ? null : t;
};

/** Thousands of dollars as a string ("750") -> whole dollars (750000); anything else -> null. */
const thousandsToUsd = (v: unknown): number | null => {
  const s = str(v);
  if (s === null || !/^\d+(\.\d+)?$/.test(s)) return null;
  return Math.round(Number(s) * 1000);
};

/** Cargo / bond "on file": an amount in thousands (> 0), or a Y flag in some variants. */
const onFile = (v: unknown): boolean => {
  const s = str(v);
  if (s === null) return false;
  if (/^y(es)?$/i.test(s)) return true;
  const usd = thousandsToUsd(s);
  return usd !== null && usd > 0;
};

const authority = (v: unknown): AuthorityStatus => {
  const s = str(v)?.toUpperCase();
  return s === 'A' ? 'active' : s === 'I' ? 'inactive' : 'none';
};

const rating = (v: unknown): SafetyRating => {
  const s = str(v)?.toUpperCase();
  if (s === 'S' || s === 'SATISFACTORY') return 'satisfactory';
  if (s === 'C' || s === 'CONDITIONAL') return 'conditional';
  if (s === 'U' || s === 'UNSATISFACTORY') return 'unsatisfactory';
  return 'unrated';
};

/** `YYYY-MM-DD`, `YYYY-MM-DDThh:mm...`, or `MM/DD/YYYY` -> `YYYY-MM-DD`; anything else -> null. */
export function parseRegistryDate(v: unknown): string | null {
  const s = str(v);
  if (s === null) return null;
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T\s])/.exec(s);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) return `${m[3]}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
  return null;
}

function mapCarrier(c: Raw, ctx: { dot: string | null; mc: string | null; retrievedAt: Date }): CarrierRecord {
  const dot = normalizeDotNumber(str(c.dotNumber) ?? '') ?? ctx.dot ?? '';
  const required = thousandsToUsd(c.bipdRequiredAmount) ?? thousandsToUsd(c.bipdInsuranceRequired) ?? 0;
  const allowed = str(c.allowedToOperate ?? c.allowToOperate)?.toUpperCase() === 'Y';
  return {
    dotNumber: dot,
    mcNumber: ctx.mc,
    legalName: str(c.legalName) ?? '',
    dbaName: str(c.dbaName),
    allowedToOperate: allowed,
    commonAuthority: authority(c.commonAuthorityStatus),
    contractAuthority: authority(c.contractAuthorityStatus),
    bipdInsuranceOnFileUsd: thousandsToUsd(c.bipdInsuranceOnFile) ?? 0,
    bipdInsuranceRequiredUsd: required,
    cargoInsuranceOnFile: onFile(c.cargoInsuranceOnFile),
    bondOnFile: onFile(c.bondInsuranceOnFile),
    safetyRating: rating(c.safetyRating),
    outOfServiceDate: parseRegistryDate(c.oosDate ?? c.outOfServiceDate),
    insuranceExpiresOn: null,
    bondExpiresOn: null,
    processAgentExpiresOn: null,
    phone: str(c.telephone ?? c.phone ?? c.phoneNumber),
    email: str(c.emailAddress ?? c.email),
    physicalAddress: physicalAddress(c),
    retrievedAt: ctx.retrievedAt,
  };
}

/** `phyStreet, phyCity, phyState phyZipcode` (the parts there are); null when none. */
function physicalAddress(c: Raw): string | null {
  const street = str(c.phyStreet);
  const city = str(c.phyCity);
  const stateZip = [str(c.phyState), str(c.phyZipcode)].filter(Boolean).join(' ');
  const line = [street, city, stateZip || null].filter(Boolean).join(', ');
  return line === '' ? null : line;
}
