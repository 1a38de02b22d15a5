// The HTTP pipeline: one named step per concern, registered in the order a request lives through
// them. Koa runs each step around the ones after it, so the steps that act on the way out (errors,
// rendering) are registered before the steps whose outcome they shape.
import Koa from 'koa';
import type { Database } from '../db/orm.js';
import type { Clock } from '../shared/clock.js';
import type { HandlerInput, OperationId, Reply } from '../shared/handlers.js';
import type { Logger } from '../shared/logger.js';
import { handlers as customerHandlers } from '../customers/customers.handlers.js';
import { handlers as orderHandlers } from '../orders/orders.handlers.js';
import { handlers as reportHandlers } from '../reports/reports.handlers.js';
import { handlers as platformHandlers } from '../platform/platform.handlers.js';
import { handlers as webhookHandlers } from '../webhooks/webhooks.handlers.js';
import { handlers as keyHandlers } from '../auth/keys.handlers.js';
import { handlers as oauthHandlers } from '../auth/oauth.handlers.js';
import { handlers as carrierHandlers } from '../carriers/carriers.handlers.js';
import { handlers as userHandlers } from '../users/users.handlers.js';
import { handlers as accountingHandlers } from '../accounting/accounting.handlers.js';
import { handlers as auditHandlers } from '../audit/audit.handlers.js';
import { handlers as mailHandlers } from '../mail/mail.handlers.js';
import { DEFAULT_MAIL_FROM } from '../mail/mailbox.js';
import { handlers as accountHandlers } from '../account/account.handlers.js';
import { handlers as testHelperHandlers } from '../test-helpers/test-helpers.handlers.js';
import { handlers as listenerHandlers } from '../webhooks/listeners.handlers.js';
import { DEFAULT_SESSION_POLICY, DEFAULT_SIGN_IN_POLICY, type SessionPolicy, type SignInPolicy } from '../shared/context.js';
import { requestLog } from './request-log.js';
import { renderErrors } from './render-errors.js';
import { compileRouter, route } from './route.js';
import { authenticateCaller, authenticateOAuthClient, identifyCaller } from './authenticate.js';
import {
  clientThrottle,
  memoryStore,
  postgresStore,
  rateLimit,
  throttleAddresses,
  withMemoryFallback,
  type BucketStore,
  type RateLimitPolicy,
} from './rate-limit.js';
import { checkScope } from './scope.js';
import { API_KEYS_CHANGED, keepKeysRead } from '../auth/auth.service.js';
import { parseBody } from './body.js';
import { createOpenApiBackend, validateRequest } from './validate.js';
import { renderReply } from './render.js';
import { upgradeOlderRequest } from './versioned-request.js';
import { idempotency } from './idempotency.js';
import { dispatch } from './dispatch.js';
import { servePublicPages } from './public-pages.js';
import { serveDashboard } from './dashboard.js';
import { guardMetrics } from './metrics-access.js';
import { metricsAccessOnApiPort, type MetricsSettings } from '../shared/metrics.js';
import type { PipelineState } from './state.js';

/**
 * Every operation's handler, keyed by operationId: the compiler checks each one's input and answer
 * against the spec, and a test asserts this set equals the spec's operations. (The context each
 * receives depends on the operation's security; see dispatch.ts.)
 */
export const operationHandlers = {
  ...customerHandlers,
  ...orderHandlers,
  ...webhookHandlers,
  ...carrierHandlers,
  ...keyHandlers,
  ...userHandlers,
  ...accountingHandlers,
  ...auditHandlers,
  ...accountHandlers,
  ...oauthHandlers,
  ...platformHandlers,
  ...reportHandlers,
  ...mailHandlers,
  ...testHelperHandlers,
  ...listenerHandlers,
} satisfies { [Id in OperationId]: (input: HandlerInput<Id>, ctx: never) => Promise<Reply<Id>> };

export interface AppOptions {
  db: Database;
  clock: Clock;
  log: Logger;
  rateLimit: RateLimitPolicy;
  /** Pages per client address of the customers' tracking and invoice pages (PUBLIC_PAGE_POLICY by default). */
  publicPageLimit?: RateLimitPolicy;
  /** Rate-limit buckets in Redis when set; otherwise PostgreSQL, or process memory on the embedded database. */
  redisUrl?: string | undefined;
  /** Production mode refuses development conveniences (plain-http webhook URLs). */
  production?: boolean;
  /** Dashboard sign-in attempts allowed per email and per address (DEFAULT_SIGN_IN_POLICY otherwise). */
  signIn?: SignInPolicy;
  /** Dashboard session lifetimes, idle and absolute (DEFAULT_SESSION_POLICY otherwise). */
  sessions?: SessionPolicy;
  /** Reverse proxies in front of the server whose `X-Forwarded-For` entries are believed (0: none). */
  trustedProxies?: number;
  /** Failed authentications one OAuth client may have at once (CLIENT_FAILURE_POLICY otherwise). */
  oauthClientFailures?: number;
  /** MAIL_FROM, the sender of the emails the API queues (DEFAULT_MAIL_FROM otherwise). */
  mailFrom?: string | undefined;
  /** No mail server is configured (no SMTP_URL): live emails are written `kept` (Settings.keepsMail). */
  keepsMail?: boolean | undefined;
  /** METRICS_PORT and METRICS_TOKEN: who may read GET /metrics here (none set: open in development, 404 in production). */
  metrics?: Pick<MetricsSettings, 'port' | 'token'>;
}

export interface App {
  koa: Koa<PipelineState>;
  buckets: BucketStore;
  /** From now on readiness answers 503 (the process is draining). */
  markShuttingDown(): void;
  close(): Promise<void>;
}

/**
 * Once the process is shutting down, every answer closes its connection: a client holding a
 * keep-alive connection opens a new one (to another process) instead of keeping this one busy, and
 * the server's close completes as soon as the requests in flight are answered.
 */
const closeWhenShuttingDown =
  (shuttingDown: () => boolean): Koa.Middleware<PipelineState> =>
  async (ctx, next) => {
    try {
      await next();
    } finally {
      if (shuttingDown()) ctx.set('Connection', 'close');
    }
  };

export async function createApp(options: AppOptions): Promise<App> {
  const { db, clock, log } = options;
  // The embedded database is this process's alone: the keys it read are kept until a key changes.
  const stopKeepingKeys = db.kind === 'pglite' ? await db.listen(API_KEYS_CHANGED, keepKeysRead(db.em())) : undefined;
  const openApi = await createOpenApiBackend();
  const router = compileRouter(openApi);
  // The Redis client (ioredis) is loaded only when REDIS_URL is set.
  const buckets = withMemoryFallback(options.redisUrl ? (await import('./rate-limit.redis.js')).redisStore(options.redisUrl) : db.kind === 'postgresql' ? postgresStore() : memoryStore());
  let shuttingDown = false;
  /** Aborted once the process is shutting down: requests that wait (a listener's long poll) answer at once. */
  const stopping = new AbortController();

  const metrics = options.metrics ?? { port: undefined, token: undefined };
  // With N trusted proxies, the client address is the N-th entry from the right of X-Forwarded-For.
  const trustedProxies = options.trustedProxies ?? 0;
  const koa = new Koa<PipelineState>({ proxy: trustedProxies > 0, maxIpsCount: trustedProxies });
  koa.on('error', (err: Error) => log.error({ err }, 'koa error'));
  koa.use(closeWhenShuttingDown(() => shuttingDown)); // on the way out, once shutting down: Connection: close
  koa.use(requestLog(db, log)); // request id, logger, entity manager; on the way out: headers, access log, metrics
  koa.use(serveDashboard()); // /dashboard/: the web app's files, with its security headers
  koa.use(renderErrors); // on the way out: any error as the envelope (or the OAuth shape)
  koa.use(servePublicPages(buckets, clock, options.publicPageLimit)); // /t/ and /i/: a customer's tracking and invoice pages, throttled per address
  koa.use(throttleAddresses(buckets, options.rateLimit, clock)); // 429 per client address; X-RateLimit-* on every answer
  const sessions = options.sessions ?? DEFAULT_SESSION_POLICY;
  koa.use(route(router, (c) => identifyCaller(c, clock, sessions))); // 404 / 405 / OPTIONS
  koa.use(guardMetrics(metricsAccessOnApiPort(metrics, options.production ?? false), metrics.token)); // GET /metrics: 404 when not served here, 401 without its token
  koa.use(authenticateCaller(clock, sessions, { store: buckets, policy: options.rateLimit })); // 401 (key, token or session cookie); 403 without the session's CSRF token
  koa.use(rateLimit(buckets, options.rateLimit, clock)); // 429, X-RateLimit-*
  koa.use(checkScope); // 403
  koa.use(parseBody); // 415 / 413 / 400 invalid_json
  koa.use(authenticateOAuthClient(clientThrottle(buckets, clock, options.oauthClientFailures))); // 401 invalid_client (the form may carry the credentials); 429 after repeated failures
  koa.use(upgradeOlderRequest); // an older version's request with the current names (and its errors with the names it sent)
  koa.use(validateRequest(openApi)); // 400, spec defaults filled in
  koa.use(renderReply); // on the way out: the reply for the caller's API version
  koa.use(idempotency(clock)); // 409 or a replay of the stored answer
  koa.use(dispatch(operationHandlers, { clock, settings: { production: options.production ?? false, signIn: options.signIn ?? DEFAULT_SIGN_IN_POLICY, sessions, mailFrom: options.mailFrom ?? DEFAULT_MAIL_FROM, keepsMail: options.keepsMail ?? false }, shuttingDown: () => shuttingDown, stopping: stopping.signal }));

  return {
    koa,
    buckets,
    markShuttingDown: () => {
      shuttingDown = true;
      stopping.abort();
    },
    close: async () => {
      await stopKeepingKeys?.();
      await buckets.close();
    },
  };
}
