import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import ipaddr from 'ipaddr.js';
import type { Agent, request as Request } from 'undici';

export interface DeliveryRequest { url: string; headers: Record<string, string>; body: string }
// Kept with the schedule, so that the worker's module reads it without loading undici here.
import { DELIVERY_TIMEOUT_MS } from './schedule.js';
export { DELIVERY_TIMEOUT_MS };

export type DeliveryError = 'timeout' | 'connection_refused' | 'connection_reset' | 'dns_failure' | 'refused_target' | 'tls_error' | 'invalid_url' | 'network_error'
  /** Not sent: the endpoint's circuit breaker is open (set by the worker, never by the transport). */
  | 'endpoint_unavailable';
export interface DeliveryOutcome {
  /** HTTP status of the answer, null when there was none. */
  status: number | null;
  durationMs: number;
  /** First 1 KiB (1024 bytes, decoded as UTF-8, never cutting a character in half) of the response body; '' when none. */
  responseBody: string;
  /** Why no HTTP answer was obtained; null when the receiver answered (whatever the status). */
  error: DeliveryError | null;
  /** Human-readable detail of the error (e.g. the refused address), null when none. */
  errorDetail: string | null;
}
export interface TransportOptions {
  timeoutMs?: number;          // whole request, default 10_000
  maxResponseBytes?: number;   // how much of the body is read at most, default 64 * 1024; the rest is discarded and the socket closed
  allowPrivateTargets: boolean; // true only in development mode
  /** Host name resolution (default dns.lookup); injectable so tests never query a real resolver. */
  lookup?: typeof dns.lookup;
}
export interface Transport { post(req: DeliveryRequest): Promise<DeliveryOutcome>; close(): Promise<void> }

const USER_AGENT = 'VehicleTransport-Webhooks/1.0';
const KEPT_BODY_BYTES = 1024;

/**
 * A target outside the public internet. The message is shown to the endpoint's owner in the delivery
 * log, so a name's private address is not in it: the log must not map an internal network.
 */
class RefusedTargetError extends Error {
  readonly code = 'ERR_WEBHOOK_REFUSED_TARGET';
  constructor(host: string, address: string) {
    super(host === address ? `refused non-public address ${address}` : `refused ${host}: resolves to non-public address`);
  }
}

// IPv4-compatible IPv6 (::a.b.c.d, deprecated) is classified 'unicast' by ipaddr.js; never a valid public target.
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
// NAT64 well-known prefix (RFC 6052), embeds the IPv4 in the last 32 bits. The local-use 64:ff9b:1::/48 stays refused.
const NAT64_WKP = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

function v4FromParts(hi: number, lo: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

/** True when the address may be a webhook target outside development mode. */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const addr = ipaddr.process(ip); // IPv4-mapped IPv6 becomes its IPv4
  if (addr.kind() === 'ipv4') return addr.range() === 'unicast';
  const v6 = addr as ipaddr.IPv6;
  const p = v6.parts;
  switch (v6.range()) {
    case 'unicast':
      return !v6.match(IPV4_COMPATIBLE);
    case 'rfc6052':
      return v6.match(NAT64_WKP) && v4FromParts(p[6]!, p[7]!).range() === 'unicast';
    case '6to4': // 2002:AABB:CCDD::/48
      return v4FromParts(p[1]!, p[2]!).range() === 'unicast';
    case 'teredo': // 2001:0:server-v4:flags:port:~client-v4; both IPv4s must be public
      return v4FromParts(p[2]!, p[3]!).range() === 'unicast' && v4FromParts(p[6]! ^ 0xffff, p[7]! ^ 0xffff).range() === 'unicast';
    default:
      return false;
  }
}

/**
 * Resolves like dns.lookup but refuses the whole host when ANY of its addresses is not public: a name mixing
 * public and private records is suspect, and Happy Eyeballs (autoSelectFamily) may try any of them.
 * Because this runs inside net.connect, the checked addresses are exactly the ones connected to (no rebinding gap).
 */
const guardedLookup = (resolve: typeof dns.lookup) => ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
  resolve(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err);
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) return callback(new RefusedTargetError(hostname, bad.address));
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }));
    callback(null, first.address, first.family);
  });
}) as unknown as LookupFunction;

/**
 * Why a request got no answer, from the error undici or node:net raised: its code, or the code of any
 * of the errors it aggregates (Happy Eyeballs tries several addresses).
 */
export function classifyError(err: unknown): { error: DeliveryError; detail: string } {
  const e = err as { code?: string; message?: string; errors?: unknown[] } | null;
  const detail = e?.message || String(err);
  // Stryker disable next-line ArrayDeclaration: an invented entry carries no code, so it matches no category
  const nested: unknown[] = Array.isArray(e?.errors) ? e.errors : [];
  const codes = [e?.code, ...nested.map((x) => (x as { code?: string } | null)?.code)];
  const has = (...c: string[]) => c.some((code) => codes.includes(code));
  if (has('ERR_WEBHOOK_REFUSED_TARGET')) return { error: 'refused_target', detail };
  if (has('ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME')) return { error: 'dns_failure', detail };
  if (has('ECONNREFUSED')) return { error: 'connection_refused', detail };
  if (has('ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET')) return { error: 'connection_reset', detail };
  if (has('ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT')) return { error: 'timeout', detail };
  if (codes.some((c) => c && /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/.test(c))) {
    return { error: 'tls_error', detail };
  }
  return { error: 'network_error', detail };
}

/** First `max` bytes as UTF-8; a streaming decoder holds back (drops) a trailing incomplete character. */
function decodePrefix(buf: Buffer, max: number): string {
  return new TextDecoder('utf-8').decode(buf.subarray(0, max), { stream: true });
}

/** The address of an IP-literal URL host: a URL writes an IPv6 literal in brackets ([::1]), nothing else. */
function hostAddress(hostname: string): string {
  return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
}

export function createTransport(options: TransportOptions): Transport {
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const maxResponseBytes = options.maxResponseBytes ?? 64 * 1024;
  const guard = !options.allowPrivateTargets;

  // Names are checked by the lookup, inside net.connect; IP literals (which net.connect never looks
  // up) by post() before any request is made, the only way into this agent (redirects are not followed).
  const resolve = options.lookup ?? dns.lookup;
  const lookup = guard ? guardedLookup(resolve) : options.lookup ? (resolve as unknown as LookupFunction) : undefined;
  // undici (3 MB of heap) is loaded with the first delivery, not with the process: an idle worker never needs it.
  let client: Promise<{ agent: Agent; request: typeof Request }> | undefined;
  const undici = () =>
    (client ??= import('undici').then(({ Agent, buildConnector, request }) => ({
      request,
      agent: new Agent({
        connect: buildConnector({ timeout: timeoutMs, ...(lookup ? { lookup } : {}) }),
        connections: 64,            // per origin: one slow receiver's requests never queue behind each other
        pipelining: 1,              // a hung request never blocks another on the same socket
        allowH2: false,             // HTTP/1.1 only: predictable per-request sockets and abort semantics
        headersTimeout: timeoutMs,  // backstops; the overall deadline below is what actually bounds a delivery
        bodyTimeout: timeoutMs,
      }),
    })));

  async function post(req: DeliveryRequest): Promise<DeliveryOutcome> {
    const started = performance.now();
    // The deadline's timer (below), cleared as the delivery ends.
    let timer: NodeJS.Timeout | undefined;
    const done = (o: Omit<DeliveryOutcome, 'durationMs'>): DeliveryOutcome => {
      // Stryker disable next-line CallExpression: frees the timer early; firing after its delivery ended it aborts nothing
      clearTimeout(timer);
      return { ...o, durationMs: Math.round(performance.now() - started) };
    };
    const fail = (error: DeliveryError, errorDetail: string) => done({ status: null, responseBody: '', error, errorDetail });

    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      return fail('invalid_url', `not a valid URL: ${req.url}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('invalid_url', `unsupported scheme ${url.protocol}`);
    const literal = hostAddress(url.hostname);
    if (guard && net.isIP(literal) && !isPublicAddress(literal)) {
      return fail('refused_target', new RefusedTargetError(literal, literal).message);
    }

    const body = Buffer.from(req.body); // UTF-8
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (k.toLowerCase() !== 'content-length') headers[k] = v;
    }
    if (!Object.keys(headers).some((k) => k.toLowerCase() === 'user-agent')) headers['user-agent'] = USER_AGENT;
    headers['content-length'] = String(body.length);

    // One deadline for connect + headers + body. When it fires after the headers arrived, the outcome keeps the
    // received status and the body read so far, with error 'timeout' (the receiver answered, but not completely).
    // Its timer is cleared as the delivery ends (by `done`: thousands a second must not leave as many
    // timers behind) and keeps no process alive.
    const { agent, request } = await undici(); // before the deadline: loading it is not the receiver's time
    const abort = new AbortController();
    const deadline = abort.signal;
    timer = setTimeout(() => abort.abort(), timeoutMs);
    // Stryker disable next-line CallExpression: whether a pending timer keeps an exiting process alive changes no outcome
    timer.unref();
    let status: number | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    try {
      // undici 8 has no maxRedirections: request() never follows redirects, 3xx comes back as is.
      const res = await request(url, { dispatcher: agent, method: 'POST', headers, body, signal: deadline });
      status = res.statusCode;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        received += chunk.length;
        if (received >= maxResponseBytes) break; // leaving the loop destroys the body and closes the socket
      }
      return done({ status, responseBody: decodePrefix(Buffer.concat(chunks), KEPT_BODY_BYTES), error: null, errorDetail: null });
    } catch (err) {
      const { error, detail } = deadline.aborted
        ? { error: 'timeout' as const, detail: `no complete answer within ${timeoutMs} ms` }
        : classifyError(err);
      return done({ status, responseBody: decodePrefix(Buffer.concat(chunks), KEPT_BODY_BYTES), error, errorDetail: detail });
    }
  }

  return { post, close: async () => (client ? (await client).agent.close() : undefined) };
}
