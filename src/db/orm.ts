// One MikroORM set-up for both backends: PostgreSQL when DATABASE_URL is set, embedded PGlite otherwise.
import { mkdirSync } from 'node:fs';
import { MikroORM as PgliteORM } from '@mikro-orm/pglite';
import { MikroORM as PostgresORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { EntityManager } from '@mikro-orm/sql';
import { Account, ApiKey } from '../auth/auth.entities.js';
import { Customer } from '../customers/customers.entities.js';
import { Order } from '../orders/orders.entities.js';
import { Event } from '../webhooks/events.entities.js';
import { Migration20261122000001_foundation } from './migrations/Migration20261122000001_foundation.js';

export const entities = [Account, ApiKey, Customer, Order, Event];

/** Every migration, in order. Applied at start-up by `openDatabase`. */
export const migrations = [
  { name: 'Migration20261122000001_foundation', class: Migration20261122000001_foundation },
];

export interface Database {
  orm: PgliteORM | PostgresORM;
  kind: 'pglite' | 'postgresql';
  em(): EntityManager;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir?: string;
  debug?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const common = {
    entities,
    extensions: [Migrator],
    migrations: { migrationsList: migrations, transactional: true, allOrNothing: true, silent: true, snapshot: false, snapshotOnMigrate: false },
    debug: options.debug ?? false,
    allowGlobalContext: false,
    // Schema is owned by the migrations, never by the entity metadata.
    ensureDatabase: false,
  };
  let orm: PgliteORM | PostgresORM;
  let kind: Database['kind'];
  if (options.databaseUrl) {
    orm = new PostgresORM({ ...common, clientUrl: options.databaseUrl, pool: { min: 1, max: 10 } });
    await orm.connect();
    kind = 'postgresql';
  } else {
    const dataDir = options.dataDir ?? 'memory://';
    if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
    orm = new PgliteORM({ ...common, ...(dataDir.startsWith('memory://') ? {} : { dbName: dataDir }) });
    await orm.connect();
    kind = 'pglite';
  }
  await orm.migrator.up();
  return {
    orm,
    kind,
    em: () => orm.em.fork() as unknown as EntityManager,
    close: () => orm.close(true),
  };
}
