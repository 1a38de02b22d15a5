// Starts the roles of one process: the HTTP API and/or the background worker (webhook deliveries,
// carrier vetting, compliance scans).
import { createServer, type Server } from 'node:http';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/orm.js';
import { createApp, type App } from './http/app.js';
import { systemClock, type Clock } from './shared/clock.js';
import { backgroundContext } from './shared/context.js';
import type { Logger } from './shared/logger.js';
import { DeliveryWorker } from './webhooks/worker.js';
import { createTransport } from './webhooks/transport.js';
import { enqueueJob, JobRunner, type JobHandler } from './jobs/runner.js';
import { vettingJob, VET_CARRIER_JOB } from './carriers/carriers.service.js';
import { COMPLIANCE_SCAN_JOB, COMPLIANCE_SCAN_JOB_ID, complianceScanJob } from './carriers/compliance.service.js';
import { createRegistryProvider } from './carriers/registry/index.js';

export interface Running {
  server: Server | null;
  worker: DeliveryWorker | null;
  jobs: JobRunner | null;
  db: Database;
  url: string | null;
  stop(): Promise<void>;
}

export async function start(config: Config, log: Logger, clock: Clock = systemClock): Promise<Running> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let server: Server | null = null;
  let app: App | null = null;
  let url: string | null = null;
  if (config.role === 'api' || config.role === 'all') {
    app = await createApp({ db, clock, log, rateLimit: config.rateLimit, redisUrl: config.redisUrl, production: config.production, signIn: config.signIn });
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
    url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  }
  let worker: DeliveryWorker | null = null;
  let jobs: JobRunner | null = null;
  const runsWorker = config.role === 'worker' || config.role === 'all';
  if (runsWorker && (config.workerJobs.includes('vetting') || config.workerJobs.includes('compliance'))) {
    const handlers: Record<string, JobHandler> = {};
    const context = () => backgroundContext({ em: db.em(), clock, log, settings: { production: config.production, signIn: config.signIn } });
    if (config.workerJobs.includes('vetting')) {
      const registry = createRegistryProvider({ fmcsaWebKey: config.fmcsa.webKey, fmcsaBaseUrl: config.fmcsa.baseUrl, clock });
      handlers[VET_CARRIER_JOB] = vettingJob({ context, registry });
    }
    if (config.workerJobs.includes('compliance')) {
      handlers[COMPLIANCE_SCAN_JOB] = complianceScanJob({ context, intervalMs: config.complianceScanIntervalMs });
      // The recurring scan is one job row, whatever the number of workers: the first one creates it.
      await enqueueJob(db.em(), { id: COMPLIANCE_SCAN_JOB_ID, kind: COMPLIANCE_SCAN_JOB, runAt: clock.now(), maxAttempts: 1_000_000 });
    }
    jobs = new JobRunner({ db, clock, log, handlers });
    await jobs.start();
  }
  if (runsWorker && config.workerJobs.includes('deliveries')) {
    // Outside development mode private, loopback and metadata addresses are refused as targets.
    const transport = createTransport({ allowPrivateTargets: !config.production });
    worker = new DeliveryWorker({ db, clock, log, transport, leaseMs: config.webhookLeaseMs });
    await worker.start();
    const stopWorker = worker.stop.bind(worker);
    worker.stop = async () => {
      await stopWorker();
      await transport.close();
    };
  }
  let stopping: Promise<void> | null = null;
  return {
    server,
    worker,
    jobs,
    db,
    url,
    stop() {
      // Finish in-flight requests, refuse new ones, then close the database.
      stopping ??= (async () => {
        app?.markShuttingDown();
        await Promise.all([
          server
            ? new Promise<void>((resolve) => {
                server!.close(() => resolve());
                server!.closeIdleConnections();
              })
            : undefined,
          worker?.stop(),
          jobs?.stop(),
        ]);
        await app?.close();
        await db.close();
      })();
      return stopping;
    },
  };
}
