// The HTTP pipeline: request id -> route (404/405) -> auth (401) -> rate limit (429) -> scope (403)
// -> body (415/413/400) -> spec validation (400) -> idempotency (409 / replay) -> handler -> rendering
// for the caller's API version -> error envelope (RFC 6749 §5.2 errors on the OAuth endpoints).
// Every answer carries Request-Id and Service-Version; authenticated ones X-RateLimit-*.
import Koa from 'koa';
import { OpenAPIBackend, type Operation } from 'openapi-backend';
import addFormats from 'ajv-formats';
import type { Principal } from '../auth/auth.service.js';
import { authenticateClient } from '../auth/oauth.service.js';
import type { OAuthClient } from '../auth/auth.entities.js';
import type { Database } from '../db/orm.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import type { Logger } from '../shared/logger.js';
import { assertScopes, authenticateRequest } from './auth.js';
import { JSON_TYPE, readBody } from './body.js';
import { ApiError, fromValidationErrors, internalError } from './errors.js';
import type { Handler, OperationId, RequestContext } from './handler.js';
import { memoryStore, postgresStore, rateLimitError, redisStore, takeToken, type BucketStore, type RateLimitPolicy } from './rate-limit.js';
import * as idempotency from './idempotency.js';
import { openApiDocument } from './spec.js';
import { CURRENT_VERSION, renderForVersion } from './versions.js';
import { observeRequest } from './metrics.js';
import { compileRouter } from './router.js';
import { handlers as customerHandlers } from '../customers/customers.handlers.js';
import { handlers as orderHandlers } from '../orders/orders.handlers.js';
import { handlers as platformHandlers } from '../platform/platform.handlers.js';
import { handlers as webhookHandlers } from '../webhooks/webhooks.handlers.js';
import { handlers as keyHandlers } from '../auth/keys.handlers.js';
import { handlers as oauthHandlers } from '../auth/oauth.handlers.js';
import { handlers as carrierHandlers } from '../carriers/carriers.handlers.js';

/** Every operation's handler, keyed by operationId (a test asserts this set equals the spec's). */
export const operationHandlers = {
  ...customerHandlers,
  ...orderHandlers,
  ...webhookHandlers,
  ...carrierHandlers,
  ...keyHandlers,
  ...oauthHandlers,
  ...platformHandlers,
} satisfies { [Id in OperationId]: Handler<Id> };

type AnyHandler = (
  input: { params: unknown; query: unknown; body: unknown },
  ctx: RequestContext,
) => Promise<{ status: number; body: unknown; headers?: Record<string, string>; contentType?: string }>;


export interface AppOptions {
  db: Database;
  clock: Clock;
  log: Logger;
  rateLimit: RateLimitPolicy;
  /** Rate-limit buckets in Redis when set; otherwise PostgreSQL, or process memory on the embedded database. */
  redisUrl?: string | undefined;
  /** Production mode refuses development conveniences (plain-http webhook URLs). */
  production?: boolean;
}

export interface App {
  koa: Koa;
  api: OpenAPIBackend;
  buckets: BucketStore;
  close(): Promise<void>;
}

/** Idempotency keys older than 24 h are purged on about one request in this many. */
const PURGE_EVERY = 500;

export async function createApp(options: AppOptions): Promise<App> {
  const { db, clock, log, rateLimit } = options;
  const settings = { production: options.production ?? false };
  const api = new OpenAPIBackend({
    definition: openApiDocument() as never,
    quick: true, // the document is OpenAPI 3.1; it is validated by the spec linter instead
    validate: true,
    coerceTypes: true,
    // The spec's `default`s fill in what the request left out: services never repeat them.
    ajvOpts: { useDefaults: true },
    customizeAjv: (ajv) => {
      addFormats.default(ajv);
      return ajv;
    },
  });
  await api.init();
  const buckets = options.redisUrl ? redisStore(options.redisUrl) : db.kind === 'postgresql' ? postgresStore() : memoryStore();
  let requestsSincePurge = 0;

  const router = compileRouter(api);

  const koa = new Koa({ proxy: false });
  koa.on('error', (err: Error) => log.error({ err }, 'koa error'));

  koa.use(async (c) => {
    const started = process.hrtime.bigint();
    const requestId = newId('request');
    const reqLog = log.child({ request_id: requestId });
    let principal: Principal | null = null;
    let operation: Operation | undefined;
    let extraHeaders: Record<string, string> = {};
    let oauthErrors = false;
    c.set('Request-Id', requestId);
    try {
      const method = c.method.toLowerCase();
      const path = c.path;
      const routeMethod = method === 'head' ? 'get' : method;
      const request = { method: routeMethod, path, headers: c.headers as Record<string, string>, query: c.querystring };
      operation = router.match(routeMethod, path);
      if (!operation) {
        const allow = router.methodsOf(path);
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
      const clientAuth = requirements.some((r) => 'oauthClient' in r);
      oauthErrors = clientAuth;
      if (requirements.length > 0 && !clientAuth) {
        principal = await authenticateRequest(em, c.headers, clock);
        const limit = await takeToken(buckets, em, `actor:${principal.actorId}`, rateLimit, clock);
        extraHeaders = limit.headers;
        if (!limit.allowed) throw rateLimitError(limit);
        assertScopes(principal, requirements);
      }
      // An optional JSON body that was left out counts as `{}`, so its defaults apply too.
      const sent = await readBody(c.req, requestMediaTypes(operation));
      const body = sent === undefined && optionalJsonBody(operation) ? {} : sent;
      // The OAuth endpoints authenticate the client (HTTP Basic or form fields) before validating the form.
      const client: OAuthClient | null = clientAuth ? await authenticateClient(em, c.headers, (body ?? {}) as Record<string, string>) : null;
      const parsed = { ...request, body };
      const validation = api.validator.validateRequest(parsed as never, operation as never);
      if (!validation.valid) throw fromValidationErrors(validation.errors as never);
      // Ajv coerced the query and path values to their schema types while validating.
      const input = { params: validation.coerced?.params ?? {}, query: validation.coerced?.query ?? {}, body };
      const ctx: RequestContext = { em, principal, client, requestId, clock, log: reqLog, settings, headers: c.headers, ip: c.ip || null };
      const handler = operationHandlers[operation.operationId as OperationId] as unknown as AnyHandler;
      const idempotencyKey = method === 'post' && principal ? c.get('Idempotency-Key') : '';
      let reply: { status: number; body: unknown; headers?: Record<string, string>; contentType?: string };
      if (idempotencyKey && principal) {
        if (++requestsSincePurge >= PURGE_EVERY) {
          requestsSincePurge = 0;
          await idempotency.purgeExpired(em, clock.now());
        }
        const print = idempotency.fingerprint(method, path, body);
        const claim = await idempotency.claim(em, principal.accountId, idempotencyKey, print, clock.now());
        if (claim.kind === 'replay') {
          reply = { ...claim.answer, headers: { ...claim.answer.headers, [idempotency.REPLAYED_HEADER]: 'true' } };
        } else {
          const accountId = principal.accountId;
          try {
            reply = await handler(input, ctx);
          } catch (err) {
            // Not stored: a 400 or a 5xx; any other error answer is stored like a success.
            const status = err instanceof ApiError ? err.status : 500;
            if (err instanceof ApiError && status !== 400 && status < 500) {
              await idempotency.complete(em, accountId, idempotencyKey, { status, body: err.body(requestId), headers: err.headers });
            } else {
              await idempotency.release(em, accountId, idempotencyKey);
            }
            throw err;
          }
          await idempotency.complete(em, accountId, idempotencyKey, { status: reply.status, body: reply.body, headers: reply.headers ?? {} });
        }
      } else {
        reply = await handler(input, ctx);
      }
      c.status = reply.status;
      for (const [k, v] of Object.entries(reply.headers ?? {})) c.set(k, v);
      if (reply.contentType) c.type = reply.contentType;
      // Handlers render the current version; older versions get the registry's transforms.
      const version = principal?.apiVersion ?? CURRENT_VERSION;
      c.body = (reply.contentType ? reply.body : renderForVersion(reply.body, version)) as never;
    } catch (err) {
      const apiError = err instanceof ApiError ? err : internalError();
      if (!(err instanceof ApiError)) reqLog.error({ err, method: c.method, path: c.path }, 'unhandled error');
      c.status = apiError.status;
      for (const [k, v] of Object.entries(apiError.headers)) c.set(k, v);
      c.body = oauthErrors ? apiError.oauthBody() : apiError.body(requestId);
      if (oauthErrors) c.set('Cache-Control', 'no-store');
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
  return { koa, api, buckets, close: () => buckets.close() };
}

function optionalJsonBody(operation: Operation): boolean {
  const body = operation.requestBody as { required?: boolean; content?: Record<string, unknown> } | undefined;
  return Boolean(body && !body.required && body.content?.[JSON_TYPE]);
}

/** The media types the operation's requestBody accepts (JSON when it declares none). */
function requestMediaTypes(operation: Operation): string[] {
  const body = operation.requestBody as { content?: Record<string, unknown> } | undefined;
  const types = Object.keys(body?.content ?? {});
  return types.length ? types : [JSON_TYPE];
}
