// Every environment variable the service reads, parsed once and typed.
import { resolve } from 'node:path';

export type Role = 'api' | 'worker' | 'all';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; undefined means the embedded database. */
  databaseUrl: string | undefined;
  /** Folder of the embedded database, or `memory://`. */
  dataDir: string;
  role: Role;
  production: boolean;
  logLevel: string;
  rateLimit: { burst: number; perMinute: number };
  /** How long a worker's claim on a webhook delivery lasts before another worker may take it over. */
  webhookLeaseMs: number;
}

function intFrom(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const role = (env.ROLE ?? 'all') as Role;
  if (!['api', 'worker', 'all'].includes(role)) throw new Error(`ROLE must be api, worker or all, got "${role}"`);
  const dataDir = env.DATA_DIR ?? './data';
  return {
    port: intFrom('PORT', env.PORT, 8080),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: dataDir.startsWith('memory://') ? dataDir : resolve(dataDir),
    role,
    production: (env.NODE_ENV ?? 'development') === 'production',
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimit: {
      burst: intFrom('RATE_LIMIT_BURST', env.RATE_LIMIT_BURST, 200, 1),
      perMinute: intFrom('RATE_LIMIT_PER_MINUTE', env.RATE_LIMIT_PER_MINUTE, 100, 1),
    },
    // Must exceed the 10 s delivery timeout.
    webhookLeaseMs: intFrom('WEBHOOK_LEASE_SECONDS', env.WEBHOOK_LEASE_SECONDS, 60, 11) * 1000,
  };
}
