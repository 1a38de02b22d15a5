// The databases every integration test runs on: embedded PGlite always, real PostgreSQL when
// TEST_DATABASE_URL is set (each test file gets a database of its own, dropped afterwards), and for
// the files that ask, that PostgreSQL through PgBouncer in transaction mode when TEST_POOLER_URL is
// set too (scripts/pgbouncer.sh starts one; .ci/run does): the pooled DATABASE_URL a managed host
// hands out, with DATABASE_DIRECT_URL for what needs a session.
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../src/db/orm.js';
import { newSecretsKey, parseSecretsKey, useSecretsKeyring } from '../../src/shared/secrets.js';

/** Webhook signing secrets are sealed at rest: every test process gets a key of its own. */
export const TEST_SECRETS_KEY = parseSecretsKey(newSecretsKey('test'), 'test key');
useSecretsKeyring({ current: TEST_SECRETS_KEY, old: [] });

export type Backend = 'pglite' | 'postgresql' | 'pgbouncer';

/** The backends of a test file: `pooler` adds PostgreSQL through PgBouncer (when TEST_POOLER_URL is set). */
export const backends = (options: { pooler?: boolean } = {}): Backend[] => [
  'pglite',
  ...(process.env.TEST_DATABASE_URL ? (['postgresql'] as const) : []),
  ...(options.pooler && process.env.TEST_DATABASE_URL && process.env.TEST_POOLER_URL ? (['pgbouncer'] as const) : []),
];

export interface TestDatabase {
  db: Database;
  /** Connection string of the PostgreSQL database (undefined for PGlite): through the pooler for `pgbouncer`. */
  url: string | undefined;
  /** What a server process of this database is given: DATABASE_URL, and DATABASE_DIRECT_URL behind the pooler. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** `base` with the database name `name`. */
const withDatabase = (base: string, name: string) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};

export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const db = await openDatabase({ dataDir: 'memory://' });
    return { db, url: undefined, env: {}, drop: () => db.close() };
  }
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `vt_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const direct = withDatabase(base, name);
  const pooled = backend === 'pgbouncer' ? withDatabase(process.env.TEST_POOLER_URL as string, name) : undefined;
  const db = pooled ? await openDatabase({ databaseUrl: pooled, directUrl: direct, pooled: true }) : await openDatabase({ databaseUrl: direct });
  return {
    db,
    url: pooled ?? direct,
    env: pooled ? { DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct } : { DATABASE_URL: direct },
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
