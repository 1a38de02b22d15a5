// A database of its own migrated up to just before one migration, for tests of what that migration
// does to rows an older release wrote: `orm.migrator.up()` then runs it (and the rest).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from '../../src/db/orm.js';
import { migrations } from '../../src/db/migrations.js';
import type { Backend } from './databases.js';

export interface MigratingDatabase {
  /** (Typed as PostgreSQL's: the embedded database's ORM offers the same calls.) */
  orm: MikroORM;
  /** Closes the ORM and drops the database. */
  close(): Promise<void>;
}

export async function migratedUpTo(backend: Backend, migration: string): Promise<MigratingDatabase> {
  const index = migrations.findIndex((m) => m.name === migration);
  if (index < 1) throw new Error(`no migration before ${migration}`);
  let url: string | undefined;
  let drop = async (): Promise<void> => undefined;
  if (backend !== 'pglite') {
    const name = `vt_migrating_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const common = { entities, extensions: [Migrator], migrations: { migrationsList: migrations, transactional: true, allOrNothing: true, silent: true, snapshot: false }, ensureDatabase: false, allowGlobalContext: true };
  const orm = url
    ? await MikroORM.init({ ...common, clientUrl: url })
    : ((await (await import('@mikro-orm/pglite')).MikroORM.init({ ...common, dbName: 'memory://' })) as unknown as MikroORM);
  try {
    await orm.migrator.up({ to: migrations[index - 1]!.name });
  } catch (err) {
    await orm.close(true);
    await drop();
    throw err;
  }
  return {
    orm,
    async close() {
      await orm.close(true);
      await drop();
    },
  };
}
