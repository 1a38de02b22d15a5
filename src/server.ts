// Starts the roles of one process: the HTTP API and/or the background worker (webhook deliveries,
// carrier vetting, compliance scans). Each role's modules are loaded only when the process runs it
// (a worker never loads the HTTP pipeline, an API process never loads the webhook HTTP client), which
// keeps every process's memory to what its role needs.
import { createServer, type Server } from 'node:http';
import { databaseOptions, secretsKeyringFor, type Config } from './config.js';
import { POLL_WITHOUT_WAKEUPS_MS } from './jobs/loop.js';
import { whenUndeclaredPooler } from './shared/sql.js';
import { openDatabase, type Database } from './db/orm.js';
import type { App } from './http/app.js';
import { systemClock, type Clock } from './shared/clock.js';
import { backgroundContext } from './shared/context.js';
import type { Logger } from './shared/logger.js';
import type { DeliveryWorker } from './webhooks/worker.js';
import type { RegistryProvider } from './carriers/registry/index.js';
import { enqueueJob, JobRunner, type JobHandler } from './jobs/runner.js';
import { useSecretsKeyring } from './shared/secrets.js';
import { usePublicBaseUrl } from './shared/public-links.js';
import { resealEndpointSecrets } from './webhooks/endpoint-secrets.js';
import { ensureDaysAround, LOG_RETENTION_JOB, LOG_RETENTION_JOB_ID, logRetentionJob } from './webhooks/retention.js';
import { metricsTokenMatches, registry } from './shared/metrics.js';

export interface Running {
  server: Server | null;
  worker: DeliveryWorker | null;
  jobs: JobRunner | null;
  db: Database;
  url: string | null;
  /** GET /metrics on a listener of its own (METRICS_PORT), when set. */
  metricsUrl: string | null;
  stop(): Promise<void>;
}

export async function start(config: Config, log: Logger, clock: Clock = systemClock): Promise<Running> {
  useSecretsKeyring(secretsKeyringFor(config, log));
  usePublicBaseUrl(config.publicUrl);
  whenUndeclaredPooler((err) =>
    log.warn(
      { err },
      'DATABASE_URL loses prepared statements between transactions (a transaction pooler?): statements are sent unnamed from now on. Set DATABASE_POOLER=transaction, and DATABASE_DIRECT_URL for wake-ups',
    ),
  );
  const db = await openDatabase(databaseOptions(config, log));
  if (config.databasePooled && !config.databaseDirectUrl) {
    log.warn(
      { pollMs: POLL_WITHOUT_WAKEUPS_MS },
      'DATABASE_URL is a transaction pooler and DATABASE_DIRECT_URL is not set: workers poll for new work instead of being woken by NOTIFY (set DATABASE_DIRECT_URL to PostgreSQL itself for wake-ups within milliseconds); migrations run under a transaction-scoped lock',
    );
  }
  // The delivery log's partitions from yesterday to a week ahead (the worker keeps them so every hour).
  await ensureDaysAround(db.em(), clock.now());
  // After a rotation of SECRETS_KEY, what the older keys sealed is sealed again under the new one.
  const resealed = await resealEndpointSecrets((sql, params) => db.em().execute(sql, params));
  if (resealed) log.info({ endpoints: resealed }, 'webhook signing secrets sealed again under the current SECRETS_KEY');
  let server: Server | null = null;
  let app: App | null = null;
  let url: string | null = null;
  let shuttingDown = false;
  // A worker is ready once its loops are started (listening for wake-ups), not when its health server is.
  let started = false;
  // The carrier registry (QCMobile with a web key, the local file otherwise): one client for
  // on-demand reads, vetting and monitoring, made when the first of them needs it.
  let registry: RegistryProvider | undefined;
  const carrierRegistry = async (): Promise<RegistryProvider> => {
    const { createRegistryProvider } = await import('./carriers/registry/index.js');
    return (registry ??= createRegistryProvider({ fmcsaWebKey: config.fmcsa.webKey, fmcsaBaseUrl: config.fmcsa.baseUrl, localRegistryFile: config.fmcsa.localRegistryFile, clock }));
  };
  if (config.role === 'api' || config.role === 'all') {
    const { createApp } = await import('./http/app.js');
    // On-demand registry reads (POST /v1/carriers/{id}/monitor) use the configured registry.
    const { useMonitoring } = await import('./carriers/monitor.service.js');
    useMonitoring({ registry: await carrierRegistry(), intervalMs: config.carrierMonitor.intervalMs });
    app = await createApp({ db, clock, log, rateLimit: config.rateLimit, redisUrl: config.redisUrl, production: config.production, signIn: config.signIn, sessions: config.sessions, trustedProxies: config.trustedProxies, metrics: config.metrics, oauthClientFailures: config.oauthClientFailures, mailFrom: config.mail.from, keepsMail: !config.mail.smtpUrl });
    server = createServer(app.koa.callback());
    server.requestTimeout = 30_000;
    server.headersTimeout = 10_000;
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(config.port, config.host, () => resolve());
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    url = urlOf(config.host, port);
  } else {
    server = await listenForHealth(config, db, () => shuttingDown || !started);
  }
  let worker: DeliveryWorker | null = null;
  let jobs: JobRunner | null = null;
  let mailTransport: { close(): void } | null = null;
  let clockTransport: { close(): Promise<void> } | null = null;
  const runsWorker = config.role === 'worker' || config.role === 'all';
  if (runsWorker) {
    const handlers: Record<string, JobHandler> = {};
    const settings = { production: config.production, signIn: config.signIn, sessions: config.sessions, mailFrom: config.mail.from, keepsMail: !config.mail.smtpUrl };
    const context = () => backgroundContext({ em: db.em(), clock, log, settings });
    if (config.workerJobs.includes('vetting')) {
      const { vettingJob, VET_CARRIER_JOB } = await import('./carriers/carriers.service.js');
      handlers[VET_CARRIER_JOB] = vettingJob({ context, registry: await carrierRegistry(), monitorIntervalMs: config.carrierMonitor.intervalMs });
    }
    if (config.workerJobs.includes('monitoring')) {
      const { monitorJob, MONITOR_JOB, MONITOR_JOB_ID } = await import('./carriers/monitor.service.js');
      handlers[MONITOR_JOB] = monitorJob({ context, registry: await carrierRegistry(), ...config.carrierMonitor });
      // One monitoring job row, whatever the number of workers.
      await enqueueJob(db.em(), { id: MONITOR_JOB_ID, kind: MONITOR_JOB, runAt: clock.now(), maxAttempts: 1_000_000 });
    }
    if (config.workerJobs.includes('compliance')) {
      const { COMPLIANCE_SCAN_JOB, COMPLIANCE_SCAN_JOB_ID, complianceScanJob } = await import('./carriers/compliance.service.js');
      handlers[COMPLIANCE_SCAN_JOB] = complianceScanJob({ context, intervalMs: config.complianceScanIntervalMs });
      // The recurring scan is one job row, whatever the number of workers: the first one creates it.
      await enqueueJob(db.em(), { id: COMPLIANCE_SCAN_JOB_ID, kind: COMPLIANCE_SCAN_JOB, runAt: clock.now(), maxAttempts: 1_000_000 });
    }
    if (config.workerJobs.includes('deliveries')) {
      // The delivery log's retention: one job row, whatever the number of workers.
      handlers[LOG_RETENTION_JOB] = logRetentionJob({ db, clock, log });
      await enqueueJob(db.em(), { id: LOG_RETENTION_JOB_ID, kind: LOG_RETENTION_JOB, runAt: clock.now(), maxAttempts: 1_000_000 });
    }
    if (config.workerJobs.includes('overdue')) {
      const { OVERDUE_JOB, OVERDUE_JOB_ID, overdueInvoicesJob } = await import('./accounting/invoices.service.js');
      handlers[OVERDUE_JOB] = overdueInvoicesJob({ context, intervalMs: config.overdueCheckIntervalMs });
      // One job row, whatever the number of workers: invoice.overdue fires once per invoice.
      await enqueueJob(db.em(), { id: OVERDUE_JOB_ID, kind: OVERDUE_JOB, runAt: clock.now(), maxAttempts: 1_000_000 });
    }
    if (config.workerJobs.includes('test_data')) {
      const [{ TEST_DATA_DELETION_JOB, testDataDeletionJob }, { TEST_CLOCK_ADVANCE_JOB, testClockAdvanceJob }, { createTransport }] = await Promise.all([
        import('./test-helpers/test-data.service.js'),
        import('./test-helpers/test-clocks.service.js'),
        import('./webhooks/transport.js'),
      ]);
      handlers[TEST_DATA_DELETION_JOB] = testDataDeletionJob({ context });
      // Advancing a test clock sends its endpoints' deliveries under the delivery worker's rules.
      const transport = createTransport({ allowPrivateTargets: !config.production });
      clockTransport = transport;
      handlers[TEST_CLOCK_ADVANCE_JOB] = testClockAdvanceJob({ context, transport, registry: await carrierRegistry(), monitorIntervalMs: config.carrierMonitor.intervalMs });
    }
    if (config.workerJobs.includes('mail')) {
      if (config.mail.smtpUrl) {
        const [{ createMailTransport, mailJob, MAIL_JOB }, { invoiceDeliveryFailed }] = await Promise.all([import('./mail/sender.js'), import('./accounting/invoices.service.js')]);
        const transport = createMailTransport(config.mail.smtpUrl);
        mailTransport = transport;
        handlers[MAIL_JOB] = mailJob({
          db,
          clock,
          log,
          transport,
          from: config.mail.from,
          settings,
          // An email failed for good (a 5xx answer, or no success after the last retry), told in the
          // transaction that marks it failed: invoice.delivery_failed for an invoice's email.
          onPermanentFailure: invoiceDeliveryFailed,
        });
      } else {
        // No mail job runs here, and emails are written `kept`. Setting SMTP_URL later sends what is
        // written from then on; those kept stay kept until a person sends them (POST /v1/messages/{id}/send).
        log.info('SMTP_URL is not set: emails (invoices, remittance advice, rate confirmations) are kept, not sent (status kept; dashboard: Mail; GET /v1/messages?status=kept). Once SMTP_URL is set, new emails are sent; a kept one is sent only when asked (Send on its page, POST /v1/messages/{id}/send)');
      }
    }
    jobs = new JobRunner({ db, clock, log, handlers });
    await jobs.start();
  }
  if (runsWorker && config.workerJobs.includes('deliveries')) {
    const [{ DeliveryWorker }, { createTransport }] = await Promise.all([import('./webhooks/worker.js'), import('./webhooks/transport.js')]);
    // Outside development mode private, loopback and metadata addresses are refused as targets.
    const transport = createTransport({ allowPrivateTargets: !config.production });
    worker = new DeliveryWorker({
      db,
      clock,
      log,
      transport,
      leaseMs: config.webhookLeaseMs,
      endpointConcurrency: config.webhookEndpointConcurrency,
      ...(config.webhookEndpointWindow === undefined ? {} : { endpointWindow: config.webhookEndpointWindow }),
    });
    await worker.start();
    const stopWorker = worker.stop.bind(worker);
    worker.stop = async () => {
      await stopWorker();
      await transport.close();
    };
  }
  // Every role's metrics on their own port, when METRICS_PORT is set.
  const metricsServer = config.metrics.port === undefined ? null : await listenForMetrics(config);
  const metricsUrl = metricsServer ? `${urlOf(config.metrics.host, (metricsServer.address() as { port: number }).port)}/metrics` : null;
  started = true;
  let stopping: Promise<void> | null = null;
  return {
    server,
    worker,
    jobs,
    db,
    url,
    metricsUrl,
    stop() {
      // Finish in-flight requests, refuse new ones, then close the database.
      stopping ??= (async () => {
        shuttingDown = true;
        app?.markShuttingDown();
        await Promise.all([
          server
            ? new Promise<void>((resolve) => {
                // Connections idle now are closed at once, those answering a request once it is
                // answered (with Connection: close, or idle by the next sweep).
                const sweep = setInterval(() => server!.closeIdleConnections(), 100);
                server!.close(() => {
                  clearInterval(sweep);
                  resolve();
                });
                server!.closeIdleConnections();
              })
            : undefined,
          metricsServer
            ? new Promise<void>((resolve) => {
                metricsServer.close(() => resolve());
                metricsServer.closeIdleConnections(); // a scraper's keep-alive connection
              })
            : undefined,
          worker?.stop(),
          // The emails in flight are sent (or fail) before the mail server's connections close.
          jobs?.stop().then(() => Promise.all([mailTransport?.close(), clockTransport?.close()])),
        ]);
        await app?.close();
        await db.close();
      })();
      return stopping;
    },
  };
}

/**
 * A worker serves no API, but answers GET /healthz and GET /readyz on PORT (the same answers as the
 * API's), so that orchestrators can probe every process the same way: ready once its loops are
 * started and listening for wake-ups.
 */
async function listenForHealth(config: Config, db: Database, notReady: () => boolean): Promise<Server> {
  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(405, { status: 'method_not_allowed' });
    if (path === '/healthz') return answer(200, { status: 'ok' });
    if (path !== '/readyz') return answer(404, { status: 'not_found' });
    db.em()
      .execute('select 1')
      .then(
        () => (notReady() ? answer(503, { status: 'not_ready', database: 'ok' }) : answer(200, { status: 'ready', database: 'ok' })),
        () => answer(503, { status: 'not_ready', database: 'unavailable' }),
      );
  });
  server.requestTimeout = 10_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  return server;
}

const urlOf = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * GET /metrics (and HEAD) on METRICS_PORT, bound to METRICS_HOST: the process's metrics in the
 * Prometheus text format, to `Authorization: Bearer <METRICS_TOKEN>` only when a token is set (401
 * otherwise); anything else is 404. The API's port then answers /metrics with 404.
 */
async function listenForMetrics(config: Config): Promise<Server> {
  const { token } = config.metrics;
  const server = createServer((req, res) => {
    const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers }).end(`${text}\n`);
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') return plain(404, 'Not found: the metrics are at /metrics.');
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(405, 'Method not allowed.', { Allow: 'GET, HEAD' });
    if (token !== undefined && !metricsTokenMatches(req.headers.authorization, token)) {
      return plain(401, 'Send Authorization: Bearer <METRICS_TOKEN>.', { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      () => plain(500, 'The metrics could not be collected.'),
    );
  });
  server.requestTimeout = 10_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.metrics.port, config.metrics.host, () => resolve());
  });
  return server;
}
