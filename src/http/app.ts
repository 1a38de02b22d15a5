// The HTTP pipeline: request id -> route (404/405) -> auth (401) -> rate limit (429) -> scope (403)
// -> body (415/413/400) -> spec validation (400) -> handler -> error envelope. Every answer carries
// Request-Id and Service-Version.
import Koa from 'koa';
import { OpenAPIBackend, type Operation } from 'openapi-backend';
import addFormats from 'ajv-formats';
import type { Principal } from '../auth/auth.service.js';
import type { Database } from '../db/orm.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import type { Logger } from '../shared/logger.js';
import { assertScopes, authenticateRequest } from './auth.js';
import { readJsonBody } from './body.js';
import { ApiError, fromValidationErrors, internalError } from './errors.js';
import type { Handler, OperationId, RequestContext } from './handler.js';
import { takeToken, rateLimitError, type RateLimitPolicy } from './rate-limit.js';
import { openApiDocument } from './spec.js';
import { CURRENT_VERSION } from './versions.js';
import { observeRequest } from './metrics.js';
import { handlers as customerHandlers } from '../customers/customers.handlers.js';
import { handlers as orderHandlers } from '../orders/orders.handlers.js';
import { handlers as platformHandlers } from '../platform/platform.handlers.js';
import { handlers as webhookHandlers } from '../webhooks/webhooks.handlers.js';

/** Every operation's handler, keyed by operationId (a test asserts this set equals the spec's). */
export const operationHandlers = {
  ...customerHandlers,
  ...orderHandlers,
  ...webhookHandlers,
  ...platformHandlers,
} satisfies { [Id in OperationId]: Handler<Id> };

type AnyHandler = (
  input: { params: unknown; query: unknown; body: unknown },
  ctx: RequestContext,
) => Promise<{ status: number; body: unknown; headers?: Record<string, string>; contentType?: string }>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface AppOptions {
  db: Database;
  clock: Clock;
  log: Logger;
  rateLimit: RateLimitPolicy;
  /** Production mode refuses development conveniences (plain-http webhook URLs). */
  production?: boolean;
}

export interface App {
  koa: Koa;
  api: OpenAPIBackend;
}

export async function createApp(options: AppOptions): Promise<App> {
  const { db, clock, log, rateLimit } = options;
  const settings = { production: options.production ?? false };
  const api = new OpenAPIBackend({
    definition: openApiDocument() as never,
    quick: true, // the document is OpenAPI 3.1; it is validated by the spec linter instead
    validate: true,
    coerceTypes: true,
    customizeAjv: (ajv) => {
      addFormats.default(ajv);
      return ajv;
    },
  });
  await api.init();

  const allowedMethods = (path: string): string[] =>
    METHODS.filter((m) => m !== 'head' && m !== 'options' && api.router.matchOperation({ method: m, path, headers: {} }, false))
      .map((m) => m.toUpperCase());

  const koa = new Koa({ proxy: false });
  koa.on('error', (err: Error) => log.error({ err }, 'koa error'));

  koa.use(async (c) => {
    const started = process.hrtime.bigint();
    const requestId = newId('request');
    const reqLog = log.child({ request_id: requestId });
    let principal: Principal | null = null;
    let operation: Operation | undefined;
    let extraHeaders: Record<string, string> = {};
    c.set('Request-Id', requestId);
    try {
      const method = c.method.toLowerCase();
      const path = c.path;
      const routeMethod = method === 'head' ? 'get' : method;
      const request = { method: routeMethod, path, headers: c.headers as Record<string, string>, query: c.querystring };
      operation = api.router.matchOperation(request, false) as Operation | undefined;
      if (!operation) {
        const allow = allowedMethods(path);
        if (allow.length === 0) {
          throw new ApiError('invalid_request_error', 'route_not_found', `Unrecognized request URL (${c.method} ${path}).`, {
            status: 404,
          });
        }
        if (method === 'options') {
          c.status = 204;
          c.set('Allow', [...allow, 'OPTIONS'].join(', '));
          return;
        }
        throw new ApiError('invalid_request_error', 'method_not_allowed', `${c.method} is not allowed on ${path}.`, {
          status: 405,
          headers: { Allow: allow.join(', ') },
        });
      }
      const em = db.em();
      const requirements = (operation.security ?? []) as Record<string, string[]>[];
      if (requirements.length > 0) {
        principal = await authenticateRequest(em, c.headers, clock);
        const limit = await takeToken(em, `key:${principal.keyId}`, rateLimit, clock);
        extraHeaders = limit.headers;
        if (!limit.allowed) throw rateLimitError(limit);
        assertScopes(principal, requirements);
      }
      const body = await readJsonBody(c.req);
      const parsed = { ...request, body };
      const validation = api.validateRequest(parsed as never, operation.operationId);
      if (!validation.valid) throw fromValidationErrors(validation.errors as never);
      // Ajv coerced the query and path values to their schema types while validating.
      const input = { params: validation.coerced.params ?? {}, query: validation.coerced.query ?? {}, body };
      const ctx: RequestContext = { em, principal, requestId, clock, log: reqLog, settings };
      const handler = operationHandlers[operation.operationId as OperationId] as unknown as AnyHandler;
      const reply = await handler(input, ctx);
      c.status = reply.status;
      for (const [k, v] of Object.entries(reply.headers ?? {})) c.set(k, v);
      if (reply.contentType) c.type = reply.contentType;
      c.body = reply.body as never;
    } catch (err) {
      const apiError = err instanceof ApiError ? err : internalError();
      if (!(err instanceof ApiError)) reqLog.error({ err, method: c.method, path: c.path }, 'unhandled error');
      c.status = apiError.status;
      for (const [k, v] of Object.entries(apiError.headers)) c.set(k, v);
      c.body = apiError.body(requestId);
    } finally {
      for (const [k, v] of Object.entries(extraHeaders)) c.set(k, v);
      c.set('Service-Version', principal?.apiVersion ?? CURRENT_VERSION);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      observeRequest(c.method, operation?.operationId ?? 'unmatched', c.status, seconds);
      reqLog.info(
        { method: c.method, path: c.path, operation: operation?.operationId, status: c.status, duration_ms: Math.round(seconds * 1000) },
        'request',
      );
    }
  });
  return { koa, api };
}
