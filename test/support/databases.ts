// The databases every integration test runs on: embedded PGlite always, real PostgreSQL when
// TEST_DATABASE_URL is set (each test file gets a database of its own, dropped afterwards).
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../src/db/orm.js';
import { newSecretsKey, parseSecretsKey, useSecretsKeyring } from '../../src/shared/secrets.js';

/** Webhook signing secrets are sealed at rest: every test process gets a key of its own. */
export const TEST_SECRETS_KEY = parseSecretsKey(newSecretsKey('test'), 'test key');
useSecretsKeyring({ current: TEST_SECRETS_KEY, old: [] });

export type Backend = 'pglite' | 'postgresql';

export const backends = (): Backend[] => (process.env.TEST_DATABASE_URL ? ['pglite', 'postgresql'] : ['pglite']);

export interface TestDatabase {
  db: Database;
  /** Connection string of the PostgreSQL database (undefined for PGlite). */
  url: string | undefined;
  drop(): Promise<void>;
}

export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const db = await openDatabase({ dataDir: 'memory://' });
    return { db, url: undefined, drop: () => db.close() };
  }
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `vt_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString() });
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
