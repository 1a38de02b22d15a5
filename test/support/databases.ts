// The databases every integration test runs on: embedded PGlite always, real PostgreSQL when
// TEST_DATABASE_URL is set (each test file gets a database of its own, dropped afterwards), and for
// the files that ask, that PostgreSQL through PgBouncer in transaction mode when TEST_POOLER_URL is
// set too (scripts/test/pgbouncer.sh starts one; .ci/run does): the pooled DATABASE_URL a managed host
// hands out, with DATABASE_DIRECT_URL for what needs a session.
//
// Each starts migrated without running the migrations: PGlite from the dump of a migrated database
// (support/embedded-database.ts; initdb and every migration cost 4-5 s of CPU, the dump about 1 s),
// PostgreSQL as a copy of a template database migrated once per set of migrations (CREATE DATABASE
// ... TEMPLATE). The migrations themselves are tested where they are the subject (migrating.ts,
// concurrent-start, the servers the process tests start).
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../src/db/orm.js';
import { migrationsHash, openEmbeddedDatabase } from './embedded-database.js';
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
    const db = await openEmbeddedDatabase();
    return { db, url: undefined, env: {}, drop: () => db.close() };
  }
  const base = process.env.TEST_DATABASE_URL as string;
  const template = await migratedTemplate(base);
  const name = `vt_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
    // A copy takes the template's contents, not its settings (ALTER DATABASE ... SET, such as the
    // migrations' jit = off): those are given again.
    const settings = await admin.query<{ setting: string }>(
      `select unnest(s.setconfig) as setting from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase where d.datname = $1 and s.setrole = 0`,
      [template],
    );
    for (const { setting } of settings.rows) {
      const at = setting.indexOf('=');
      await admin.query(`alter database ${name} set ${setting.slice(0, at)} = ${pg.escapeLiteral(setting.slice(at + 1))}`);
    }
  } finally {
    await admin.end();
  }
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

let template: Promise<string> | undefined;

/**
 * The template database holding the current migrations on this PostgreSQL server, made by the first
 * test process that needs it: migrated under another name and renamed when done (a process killed
 * half way leaves no template that looks finished), under an advisory lock so processes starting
 * together make it once.
 */
function migratedTemplate(base: string): Promise<string> {
  template ??= (async () => {
    const name = `vt_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (!rowCount) {
        const building = `${name}_${process.pid}`;
        await admin.query(`drop database if exists ${building}`);
        await admin.query(`create database ${building}`);
        const db = await openDatabase({ databaseUrl: withDatabase(base, building) });
        await db.close();
        await admin.query(`alter database ${building} rename to ${name}`);
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
      await admin.end();
    }
  })();
  return template;
}
