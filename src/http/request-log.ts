// First step: gives the request its id (the `Request-Id` header, the logs, the error envelope), its
// logger and its entity manager; last on the way out: the headers every answer carries, the access
// log line and the metrics.
import type { Database } from '../db/orm.js';
import { newId } from '../shared/ids.js';
import type { Logger } from '../shared/logger.js';
import { observeRequest } from '../shared/metrics.js';
import { endSpan, startRequestSpan } from '../shared/trace.js';
import { CURRENT_VERSION } from '../shared/versions.js';
import type { Step } from './state.js';

const PROBES = new Set(['/healthz', '/readyz']);

/** The path as logs show it: the token of a customer's link (`/t/<token>`, `/i/<token>`) is a key, never written down. */
export const loggedPath = (path: string): string => path.replace(/^\/(t|i)\/[^/]+/, '/$1/[token]');

export function requestLog(db: Database, log: Logger): Step {
  return async (c, next) => {
    const started = process.hrtime.bigint();
    const requestId = newId('request');
    c.state.requestId = requestId;
    c.state.trace = startRequestSpan(c.method, c.headers);
    c.state.log = log.child({ request_id: requestId, trace_id: c.state.trace.traceId });
    c.state.em = db.em();
    c.state.answerHeaders = {};
    c.set('Request-Id', requestId);
    try {
      await next();
    } finally {
      for (const [k, v] of Object.entries(c.state.answerHeaders)) c.set(k, v);
      c.set('Service-Version', c.state.principal?.apiVersion ?? CURRENT_VERSION);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const operation = c.state.operation?.operationId;
      observeRequest(c.method, operation ?? 'unmatched', c.status, seconds);
      if (operation) c.state.trace.span.updateName(`${c.method} ${c.state.operation!.path}`);
      endSpan(c.state.trace, { 'http.request.method': c.method, 'http.response.status_code': c.status, 'service.request_id': requestId, ...(operation ? { 'service.operation': operation } : {}) }, c.status >= 500);
      // Health probes answered well are logged at debug: one a second from an orchestrator (or the
      // start script) would bury everything else, the key printed at first start included.
      const level = PROBES.has(c.path) && c.status < 400 ? 'debug' : 'info';
      c.state.log[level]({ method: c.method, path: loggedPath(c.path), operation, status: c.status, duration_ms: Math.round(seconds * 1000) }, 'request');
    }
  };
}
