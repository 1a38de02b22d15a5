// Prometheus metrics (prom-client): default process metrics plus request counts and latencies, and
// who may read them (METRICS_PORT, METRICS_TOKEN).
import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const requests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests served, by method, operation and status.',
  labelNames: ['method', 'operation', 'status'] as const,
  registers: [registry],
});

const latency = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency in seconds, by operation.',
  labelNames: ['operation'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

/** The labelled series of each (method, operation, status), looked up once: prom-client hashes the labels on every call otherwise. */
const series = new Map<string, { count: { inc(): void }; duration: { observe(value: number): void } }>();

export function observeRequest(method: string, operation: string, status: number, seconds: number): void {
  const key = `${method} ${operation} ${status}`;
  let s = series.get(key);
  if (!s) {
    s = { count: requests.labels(method, operation, String(status)), duration: latency.labels(operation) };
    series.set(key, s);
  }
  s.count.inc();
  s.duration.observe(seconds);
}

/** Where the metrics are served (`METRICS_PORT`, `METRICS_HOST`) and to whom (`METRICS_TOKEN`). */
export interface MetricsSettings {
  /** A listener of their own on this port (bound to `host`), and none on the API's port. */
  port: number | undefined;
  host: string;
  /** Served only to `Authorization: Bearer <token>`. */
  token: string | undefined;
}

/**
 * What GET /metrics answers on the API's port: `closed` (404, as an unknown path) when the metrics
 * have a port of their own, or in production without a token; `token` (401 without it) when a
 * token is set; `open` in development without either.
 */
export type MetricsAccess = 'open' | 'token' | 'closed';

export function metricsAccessOnApiPort(settings: Pick<MetricsSettings, 'port' | 'token'>, production: boolean): MetricsAccess {
  if (settings.port !== undefined) return 'closed';
  if (settings.token !== undefined) return 'token';
  return production ? 'closed' : 'open';
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries the metrics token (`Bearer <token>`, the scheme in any
 * case). Compared in constant time: both sides are hashed first, so neither the position of the
 * first difference nor the token's length shows in the time taken.
 */
export function metricsTokenMatches(authorization: string | undefined, token: string): boolean {
  const match = /^bearer +(\S+)$/i.exec(authorization?.trim() ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}
