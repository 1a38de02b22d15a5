// Every environment variable the service reads, parsed once and typed.
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { DEFAULT_SESSION_POLICY, DEFAULT_SIGN_IN_POLICY, type SessionPolicy, type SignInPolicy } from './shared/context.js';
import type { Logger } from './shared/logger.js';
import { DEFAULT_MAIL_FROM, parseMailbox } from './mail/mailbox.js';
import { newSecretsKey, parseSecretsKey, type SecretsKey, type SecretsKeyring } from './shared/secrets.js';
import type { MetricsSettings } from './shared/metrics.js';

export type Role = 'api' | 'worker' | 'all';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; undefined means the embedded database. */
  databaseUrl: string | undefined;
  /** PostgreSQL itself when `databaseUrl` is a pooler (`DATABASE_DIRECT_URL`): LISTEN runs there. */
  databaseDirectUrl: string | undefined;
  /** `databaseUrl` is a transaction-mode pooler (`DATABASE_POOLER`): no named statements, no session state. */
  databasePooled: boolean;
  /** Folder of the embedded database, or `memory://`. */
  dataDir: string;
  role: Role;
  production: boolean;
  logLevel: string;
  rateLimit: { burst: number; perMinute: number };
  /** Shared store of the rate-limit buckets when set; otherwise PostgreSQL (or process memory on the embedded database). */
  redisUrl: string | undefined;
  /** Reverse proxies in front of the API whose `X-Forwarded-For` entries name the client address. */
  trustedProxies: number;
  /**
   * GET /metrics: on a listener of its own (`METRICS_PORT`, bound to `METRICS_HOST`, default
   * 127.0.0.1) and then not on the API's port; or on the API's port to `Authorization: Bearer
   * <METRICS_TOKEN>` only. Without either: open on the API's port in development, 404 in production.
   */
  metrics: MetricsSettings;
  /** Failed authentications one OAuth client may have at once before it is slowed to 6 a minute. */
  oauthClientFailures: number;
  /** How long a worker's claim on a webhook delivery lasts before another worker may take it over. */
  webhookLeaseMs: number;
  /** Deliveries of one webhook endpoint in flight at once, over every worker process. */
  webhookEndpointConcurrency: number;
  /** Deliveries of a quickly answering endpoint a worker claims ahead of that limit (unset: the worker's default; 0: none). */
  webhookEndpointWindow: number | undefined;
  /** The background jobs a worker process runs. */
  workerJobs: WorkerJob[];
  /** Carrier registry: FMCSA QCMobile when a webKey is set, the local registry file otherwise. */
  fmcsa: { webKey: string | undefined; baseUrl: string | undefined; localRegistryFile: string | undefined };
  complianceScanIntervalMs: number;
  /** How often the worker looks for invoices gone past due (each announced once, `invoice.overdue`). */
  overdueCheckIntervalMs: number;
  /** Monitoring of carriers against the registry: how often each is read, and reads per minute at most. */
  carrierMonitor: { intervalMs: number; ratePerMinute: number };
  /** Dashboard sign-in attempts allowed per email and per client address in a 15-minute window. */
  signIn: SignInPolicy;
  /** Dashboard session lifetimes: idle (`SESSION_IDLE_TIMEOUT_MINUTES`) and absolute (`SESSION_MAX_LIFETIME_HOURS`). */
  sessions: SessionPolicy;
  /**
   * The key that seals webhook signing secrets at rest (`SECRETS_KEY`), and older keys that still
   * open what they sealed (`SECRETS_OLD_KEYS`, comma-separated). Required in production; in
   * development a missing key is generated into a local file (see `secretsKeyringFor`).
   */
  secrets: { key: SecretsKey | undefined; oldKeys: SecretsKey[] };
  /**
   * Email: the mail server the worker's `mail` job sends through (`SMTP_URL`; unset: emails are kept,
   * not sent) and the sender of every email (`MAIL_FROM`, `addr` or `Name <addr>`).
   */
  mail: { smtpUrl: string | undefined; from: string };
  /**
   * The address customers reach this server at (`PUBLIC_URL`, e.g. `https://api.example.com`): the
   * tracking and hosted invoice links are made under it. Default `http://localhost:<PORT>`.
   */
  publicUrl: string;
}

export const WORKER_JOBS = ['deliveries', 'vetting', 'compliance', 'monitoring', 'mail', 'overdue', 'test_data'] as const;
export type WorkerJob = (typeof WORKER_JOBS)[number];

function workerJobsFrom(value: string | undefined): WorkerJob[] {
  if (!value) return [...WORKER_JOBS];
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = list.filter((j) => !(WORKER_JOBS as readonly string[]).includes(j));
  if (unknown.length) throw new Error(`WORKER_JOBS: unknown job(s) ${unknown.join(', ')}; known: ${WORKER_JOBS.join(', ')}`);
  return list as WorkerJob[];
}

function intFrom(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got "${value}"`);
  return n;
}

function secretsFrom(env: NodeJS.ProcessEnv, production: boolean): Config['secrets'] {
  const key = env.SECRETS_KEY ? parseSecretsKey(env.SECRETS_KEY, 'SECRETS_KEY') : undefined;
  if (!key && production) {
    throw new Error(
      'SECRETS_KEY is not set: in production the server refuses to start without the key that encrypts webhook signing secrets at rest. ' +
        `Set SECRETS_KEY="<key id>:<32 random bytes in base64>", for example SECRETS_KEY="k1:$(openssl rand -base64 32)" (see the README, Configuration).`,
    );
  }
  const oldKeys = (env.SECRETS_OLD_KEYS ?? '').split(',').map((s) => s.trim()).filter(Boolean).map((v) => parseSecretsKey(v, 'SECRETS_OLD_KEYS'));
  return { key, oldKeys };
}

function mailSettingsFrom(env: NodeJS.ProcessEnv): Config['mail'] {
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:$/.test(URL.canParse(smtpUrl) ? new URL(smtpUrl).protocol : '')) {
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://127.0.0.1:2525 or smtps://user:pass@host:465');
  }
  const from = env.MAIL_FROM || DEFAULT_MAIL_FROM;
  try {
    parseMailbox(from);
  } catch (err) {
    throw new Error(`MAIL_FROM: ${(err as Error).message}`);
  }
  return { smtpUrl, from };
}

function publicUrlFrom(env: NodeJS.ProcessEnv): string {
  const url = env.PUBLIC_URL || `http://localhost:${env.PORT || 8080}`;
  if (!/^https?:$/.test(URL.canParse(url) ? new URL(url).protocol : '')) throw new Error(`PUBLIC_URL must be an http:// or https:// URL, e.g. https://api.example.com, got "${url}"`);
  return url.replace(/\/+$/, '');
}

function metricsFrom(env: NodeJS.ProcessEnv): MetricsSettings {
  const token = env.METRICS_TOKEN || undefined;
  if (token !== undefined && !/^\S{16,}$/.test(token)) {
    throw new Error('METRICS_TOKEN must be at least 16 characters without spaces, for example METRICS_TOKEN="$(openssl rand -hex 32)"');
  }
  return {
    port: env.METRICS_PORT ? intFrom('METRICS_PORT', env.METRICS_PORT, 0, 1) : undefined,
    host: env.METRICS_HOST || '127.0.0.1',
    token,
  };
}

/**
 * DATABASE_URL, and whether it is a transaction-mode pooler: `DATABASE_POOLER=transaction` (or
 * `none`) says so; unset, a URL carrying `pgbouncer=true` (Prisma's convention, taken off the URL) or
 * a DATABASE_DIRECT_URL other than DATABASE_URL means a pooler.
 */
function databaseFrom(env: NodeJS.ProcessEnv): Pick<Config, 'databaseUrl' | 'databaseDirectUrl' | 'databasePooled'> {
  let databaseUrl = env.DATABASE_URL || undefined;
  const databaseDirectUrl = env.DATABASE_DIRECT_URL || undefined;
  let flagged = false;
  // (A connection string the URL parser cannot read, such as a socket path, is the driver's to judge.)
  const url = databaseUrl && URL.canParse(databaseUrl) ? new URL(databaseUrl) : undefined;
  if (url?.searchParams.has('pgbouncer')) {
    flagged = url.searchParams.get('pgbouncer') === 'true';
    url.searchParams.delete('pgbouncer');
    databaseUrl = url.toString();
  }
  const pooler = env.DATABASE_POOLER || undefined;
  if (pooler !== undefined && pooler !== 'transaction' && pooler !== 'none') throw new Error(`DATABASE_POOLER must be transaction or none, got "${pooler}"`);
  const databasePooled = pooler ? pooler === 'transaction' : flagged || (databaseDirectUrl !== undefined && databaseDirectUrl !== databaseUrl);
  return { databaseUrl, databaseDirectUrl: databaseUrl ? databaseDirectUrl : undefined, databasePooled: Boolean(databaseUrl) && databasePooled };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const role = (env.ROLE ?? 'all') as Role;
  if (!['api', 'worker', 'all'].includes(role)) throw new Error(`ROLE must be api, worker or all, got "${role}"`);
  const dataDir = env.DATA_DIR ?? './data';
  const production = (env.NODE_ENV ?? 'development') === 'production';
  return {
    port: intFrom('PORT', env.PORT, 8080),
    host: env.HOST ?? '127.0.0.1',
    ...databaseFrom(env),
    dataDir: dataDir.startsWith('memory://') ? dataDir : resolve(dataDir),
    role,
    production,
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimit: {
      burst: intFrom('RATE_LIMIT_BURST', env.RATE_LIMIT_BURST, 200, 1),
      perMinute: intFrom('RATE_LIMIT_PER_MINUTE', env.RATE_LIMIT_PER_MINUTE, 100, 1),
    },
    redisUrl: env.REDIS_URL || undefined,
    trustedProxies: intFrom('TRUSTED_PROXIES', env.TRUSTED_PROXIES, 0),
    metrics: metricsFrom(env),
    oauthClientFailures: intFrom('OAUTH_CLIENT_FAILURES', env.OAUTH_CLIENT_FAILURES, 10, 1),
    // At least 11 s: a lease must outlast the 10 s delivery timeout.
    webhookLeaseMs: intFrom('WEBHOOK_LEASE_SECONDS', env.WEBHOOK_LEASE_SECONDS, 60, 11) * 1000,
    webhookEndpointConcurrency: intFrom('WEBHOOK_ENDPOINT_CONCURRENCY', env.WEBHOOK_ENDPOINT_CONCURRENCY, 4, 1),
    webhookEndpointWindow: env.WEBHOOK_ENDPOINT_WINDOW ? intFrom('WEBHOOK_ENDPOINT_WINDOW', env.WEBHOOK_ENDPOINT_WINDOW, 0) : undefined,
    workerJobs: workerJobsFrom(env.WORKER_JOBS),
    fmcsa: { webKey: env.FMCSA_WEBKEY || undefined, baseUrl: env.FMCSA_BASE_URL || undefined, localRegistryFile: env.CARRIER_REGISTRY_FILE || undefined },
    complianceScanIntervalMs: intFrom('COMPLIANCE_SCAN_INTERVAL_SECONDS', env.COMPLIANCE_SCAN_INTERVAL_SECONDS, 3600, 1) * 1000,
    overdueCheckIntervalMs: intFrom('OVERDUE_CHECK_INTERVAL_SECONDS', env.OVERDUE_CHECK_INTERVAL_SECONDS, 3600, 1) * 1000,
    carrierMonitor: {
      intervalMs: intFrom('CARRIER_MONITOR_INTERVAL_HOURS', env.CARRIER_MONITOR_INTERVAL_HOURS, 24, 1) * 3_600_000,
      ratePerMinute: intFrom('CARRIER_MONITOR_RPM', env.CARRIER_MONITOR_RPM, 60, 1),
    },
    signIn: {
      perEmail: intFrom('SIGN_IN_FAILURES_PER_EMAIL', env.SIGN_IN_FAILURES_PER_EMAIL, DEFAULT_SIGN_IN_POLICY.perEmail, 1),
      perAddress: intFrom('SIGN_IN_FAILURES_PER_ADDRESS', env.SIGN_IN_FAILURES_PER_ADDRESS, DEFAULT_SIGN_IN_POLICY.perAddress, 1),
      windowMs: DEFAULT_SIGN_IN_POLICY.windowMs,
    },
    sessions: {
      idleTimeoutMs: intFrom('SESSION_IDLE_TIMEOUT_MINUTES', env.SESSION_IDLE_TIMEOUT_MINUTES, DEFAULT_SESSION_POLICY.idleTimeoutMs / 60_000, 1) * 60_000,
      maxLifetimeMs: intFrom('SESSION_MAX_LIFETIME_HOURS', env.SESSION_MAX_LIFETIME_HOURS, DEFAULT_SESSION_POLICY.maxLifetimeMs / 3_600_000, 1) * 3_600_000,
    },
    secrets: secretsFrom(env, production),
    mail: mailSettingsFrom(env),
    publicUrl: publicUrlFrom(env),
  };
}

/** Where development keeps its generated secrets key: beside the embedded database's folder. */
export const developmentKeyFile = (dataDir: string): string => `${dataDir}-secrets.key`;

/**
 * The keyring sealing secrets at rest. Without SECRETS_KEY (development only: production refused to
 * load), a key generated once into a local file beside the data folder (in memory for `memory://`),
 * said once in the log.
 */
export function secretsKeyringFor(config: Pick<Config, 'secrets' | 'dataDir'>, log?: Logger): SecretsKeyring {
  if (config.secrets.key) return { current: config.secrets.key, old: config.secrets.oldKeys };
  if (config.dataDir.startsWith('memory://')) {
    log?.warn('SECRETS_KEY is not set: webhook signing secrets are sealed with a key kept in memory (development only; set SECRETS_KEY in production)');
    return { current: parseSecretsKey(newSecretsKey('memory'), 'generated key'), old: config.secrets.oldKeys };
  }
  const file = developmentKeyFile(config.dataDir);
  let created = false;
  try {
    // Written aside then linked into place: two processes starting together end up with one key.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, `${newSecretsKey(`local-${randomBytes(4).toString('hex')}`)}\n`, { mode: 0o600 });
    try {
      linkSync(draft, file);
      created = true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      rmSync(draft, { force: true });
    }
  } catch (err) {
    throw new Error(`SECRETS_KEY is not set and the development key file ${file} could not be written: ${(err as Error).message}`);
  }
  const key = parseSecretsKey(readFileSync(file, 'utf8').trim(), file);
  log?.warn(
    { file, key_id: key.id },
    `SECRETS_KEY is not set: webhook signing secrets are sealed with the development key ${created ? 'generated into' : 'read from'} ${file} (development only; set SECRETS_KEY in production)`,
  );
  return { current: key, old: config.secrets.oldKeys };
}

/** How the processes and the command-line tools open the database. */
export const databaseOptions = (config: Pick<Config, 'databaseUrl' | 'databaseDirectUrl' | 'databasePooled' | 'dataDir'>, log?: Logger) => ({
  databaseUrl: config.databaseUrl,
  directUrl: config.databaseDirectUrl,
  pooled: config.databasePooled,
  dataDir: config.dataDir,
  ...(log
    ? {
        onDeafListen: (channel: string) =>
          log.warn(
            { channel },
            'LISTEN on DATABASE_URL hears no NOTIFY (a transaction pooler?): workers are woken only by their poll. Set DATABASE_DIRECT_URL to PostgreSQL itself (and DATABASE_POOLER=transaction)',
          ),
      }
    : {}),
});
