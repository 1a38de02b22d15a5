// A PostgreSQL database of a benchmark's own, on BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the
// local server), migrated as the product opens it, and dropped afterwards unless BENCH_KEEP is set.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/orm.js';

export const benchServerUrl = (): string => process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  name: string;
  /** Its connection string. */
  url: string;
  db: Database;
  /** Closes it and drops it (kept with BENCH_KEEP=1). */
  drop(): Promise<void>;
}

/** Creates `<prefix>_<random>`; `settings` are `alter database` settings made before it is opened. */
export async function benchDatabase(prefix: string, settings: Record<string, string> = {}): Promise<BenchDatabase> {
  const server = benchServerUrl();
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = async <T>(work: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    try {
      return await work(c);
    } finally {
      await c.end();
    }
  };
  await admin(async (c) => {
    await c.query(`create database ${name}`);
    for (const [key, value] of Object.entries(settings)) await c.query(`alter database ${name} set ${key} = '${value}'`);
  });
  const url = new URL(server);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString() });
  return {
    name,
    url: url.toString(),
    db,
    async drop() {
      await db.close();
      if (!process.env.BENCH_KEEP) await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
