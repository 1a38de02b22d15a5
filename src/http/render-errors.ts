// Wraps every later step: a thrown ApiError becomes the error envelope (or, on the OAuth endpoints,
// the RFC 6749 §5.2 shape) with its status and headers; a database that cannot be reached becomes a
// 503 `service_unavailable` with `Retry-After` (nothing was done: the request can be retried);
// anything else is logged with the request id and answered as a 500 that says nothing of its cause.
import { loggedPath } from './request-log.js';
import { ApiError, errors } from '../shared/errors.js';
import { isClientOperation, type Step } from './state.js';

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** Socket-level failures and PostgreSQL's connection-exception (08) and shutdown (57P0x) states. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300']);
const UNREACHABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Connection ended unexpectedly|Client has encountered a connection error|Client was closed and is not queryable/i;

/** Whether `err` (or what it wraps) says the database could not be reached, rather than a bug. */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown; name?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (e.name === 'ConnectionException' || UNREACHABLE_CODES.has(code) || code.startsWith('08')) return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

export const renderErrors: Step = async (c, next) => {
  try {
    await next();
  } catch (err) {
    const unreachable = !(err instanceof ApiError) && isDatabaseUnreachable(err);
    const apiError = err instanceof ApiError ? err : unreachable ? errors.serviceUnavailable(OUTAGE_RETRY_AFTER_SECONDS) : errors.internalError();
    if (unreachable) c.state.log.warn({ err: { message: (err as Error).message }, method: c.method, path: loggedPath(c.path) }, 'database unreachable');
    else if (!(err instanceof ApiError)) c.state.log.error({ err, method: c.method, path: loggedPath(c.path) }, 'unhandled error');
    c.status = apiError.status;
    for (const [k, v] of Object.entries(apiError.headers)) c.set(k, v);
    // Before routing (a throttled address), the path tells an OAuth endpoint.
    const oauth = c.state.operation !== undefined ? isClientOperation(c.state.operation) : c.path.startsWith('/oauth/');
    c.body = oauth ? apiError.oauthBody() : apiError.body(c.state.requestId);
    if (oauth) c.set('Cache-Control', 'no-store');
  }
};
