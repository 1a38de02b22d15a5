// Prometheus metrics (prom-client): default process metrics plus request counts and latencies.
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
