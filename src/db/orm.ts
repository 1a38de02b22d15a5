// One MikroORM set-up for both backends: PostgreSQL when DATABASE_URL is set, embedded PGlite otherwise.
// DATABASE_URL may point at a transaction-mode pooler (PgBouncer and the poolers managed databases
// hand out), which gives each transaction whichever server connection is free: nothing here relies on
// a session there. Migrations run in one transaction under a transaction-scoped lock; the hot
// statements are not prepared by name (src/shared/sql.ts); LISTEN, which needs a session, runs on
// DATABASE_DIRECT_URL (PostgreSQL itself) when it is given, and without it workers poll instead.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync } from 'node:fs';
import type { MikroORM as PgliteORM, PgliteConnection } from '@mikro-orm/pglite';
import pg from 'pg';
import { MikroORM as PostgresORM } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/sql';
import type { Database as DatabaseContract } from '../shared/database.js';
import { withoutNamedStatements } from '../shared/sql.js';
import { lockEmbeddedDatabase } from './embedded-lock.js';
import { preparedStatements, type PgliteInstance } from './pglite-statements.js';
import { Account, ApiKey, OAuthClient, OAuthToken } from '../auth/auth.entities.js';
import { AuditLog } from '../audit/audit.entities.js';
import { Customer } from '../customers/customers.entities.js';
import { Order } from '../orders/orders.entities.js';
import { Event } from '../webhooks/events.entities.js';
import { WebhookDelivery, WebhookDeliveryAttempt, WebhookEndpoint } from '../webhooks/webhooks.entities.js';
import { Carrier, CarrierRegistrySnapshot, ComplianceAlert } from '../carriers/carriers.entities.js';
import { Job } from '../jobs/jobs.entities.js';
import { Session, User } from '../users/users.entities.js';
import { CarrierPayment, CarrierPaymentOrder, Invoice, InvoiceLine, LedgerEntry, Payment } from '../accounting/accounting.entities.js';
import { Message } from '../mail/mail.entities.js';
import { TestClock } from '../clocks/clocks.entities.js';
import { TestDataDeletion } from '../test-helpers/test-helpers.entities.js';
import { ledgerReactions } from '../accounting/ledger.reactions.js';
import { useReactions, type Reactions } from '../shared/reactions.js';

export const entities = [Account, ApiKey, Customer, Order, Event, WebhookEndpoint, WebhookDelivery, WebhookDeliveryAttempt, Carrier, ComplianceAlert, CarrierRegistrySnapshot, Job, OAuthClient, OAuthToken, AuditLog, User, Session, Invoice, InvoiceLine, Payment, CarrierPayment, CarrierPaymentOrder, LedgerEntry, Message, TestDataDeletion, TestClock];


export interface Database extends DatabaseContract {
  orm: PgliteORM | PostgresORM;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /**
   * PostgreSQL itself, when `databaseUrl` is a pooler: what needs a session of its own (LISTEN) runs
   * here.
   */
  directUrl?: string | undefined;
  /**
   * `databaseUrl` is a transaction-mode pooler: no named prepared statements, no session state, and
   * no LISTEN there (on `directUrl` when given; otherwise workers poll).
   */
  pooled?: boolean;
  dataDir?: string;
  /**
   * The embedded database's starting contents: a PGlite data directory dump (`dumpDataDir`), e.g.
   * one already migrated, which starts in a fraction of the time the migrations take.
   */
  embeddedDump?: Blob;
  debug?: boolean;
  /**
   * Told when a LISTEN on `databaseUrl` (no pooler declared) does not hear its own probe within
   * LISTEN_PROBE_MS: a pooler nobody declared; workers still poll.
   */
  onDeafListen?: (channel: string) => void;
}

/** How long a LISTEN on a URL not declared a pooler is given to hear a NOTIFY of its own. */
export const LISTEN_PROBE_MS = 3_000;

/**
 * Key of the PostgreSQL advisory lock held while migrations run (any 64-bit number unique to this
 * use; the bytes spell "vtmigr").
 */
export const MIGRATION_LOCK_KEY = 0x7674_6d69_6772n;

/** MikroORM's bookkeeping table of applied migrations, as it creates it. */
const MIGRATIONS_TABLE = `create table if not exists mikro_orm_migrations (
  id serial primary key, name varchar(255), executed_at timestamptz default current_timestamp)`;

/**
 * Runs the pending migrations in one transaction holding a transaction-scoped advisory lock, so
 * processes started together migrate one after another (the first applies the migrations, the
 * others wait, then find nothing left to do), on any connection, a pooler's included: a lock of the
 * transaction needs no session. MikroORM creates its bookkeeping table outside the migrations'
 * transaction, and two processes creating it at once made one fail on `pg_type_typname_nsp_index`:
 * it is created first, in a transaction of its own under the same lock. A process that dies while
 * migrating releases the lock with its transaction, which rolls back.
 */
async function migrateUnderLock(orm: PgliteORM | PostgresORM): Promise<void> {
  const lock = `select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
  const em = orm.em.fork() as unknown as EntityManager;
  await em.transactional(async (tx) => {
    await tx.execute(lock);
    await tx.execute(MIGRATIONS_TABLE);
  });
  await em.transactional(async (tx) => {
    await tx.execute(lock);
    await orm.migrator.up({ transaction: tx.getTransactionContext() });
  });
}

/**
 * What the domains do in reaction to each other's events (src/shared/reactions.ts), given to every
 * process that opens the database, as the entities are: the ledger's postings.
 */
export const reactions: Reactions = { ...ledgerReactions };

/** What every ORM of the database is given, whichever the driver. */
const commonOptions = (options: DatabaseOptions) => ({
  entities,
  debug: options.debug ?? false,
  allowGlobalContext: false,
  // Schema is owned by the migrations, never by the entity metadata.
  ensureDatabase: false,
});

/** The migrator and every migration (src/db/migrations.ts), loaded only by an ORM that migrates. */
async function migratorOptions() {
  const { Migrator, migrations } = await import('./migrations.js');
  return {
    extensions: [Migrator],
    migrations: { migrationsList: migrations, transactional: true, allOrNothing: true, silent: true, snapshot: false, snapshotOnMigrate: false },
  };
}

/** The migrations `openDatabase` applies on PostgreSQL, on a pool of their own (see there). */
async function migrate(options: DatabaseOptions, orm: PostgresORM): Promise<void> {
  const migrating = new PostgresORM({
    ...commonOptions(options),
    ...(await migratorOptions()),
    clientUrl: options.databaseUrl!,
    pool: { min: 0, max: 4 },
    driverOptions: { connectionTimeoutMillis: 5_000, keepAlive: true },
  });
  try {
    await migrating.connect();
    if (options.pooled) withoutNamedStatements(migrating.em.getConnection());
    await migrateUnderLock(migrating);
  } catch (err) {
    await orm.close(true);
    throw err;
  } finally {
    await migrating.close(true);
  }
}

/**
 * The names of this release's migrations, from the files of src/db/migrations (dist/db/migrations
 * once built), without loading them: src/db/migrations.ts lists each (a test holds the two equal).
 */
export function migrationNames(): string[] {
  return readdirSync(new URL('./migrations/', import.meta.url))
    .map((f) => /^(Migration\d{14}_\w+)\.(js|ts)$/.exec(f)?.[1])
    .filter((n): n is string => n !== undefined)
    .sort();
}

/**
 * Whether a migration of this release is not applied yet (or the bookkeeping table is missing): a
 * read of the applied names, on the process's own pool.
 */
async function migrationsPending(orm: PostgresORM): Promise<boolean> {
  const applied = await orm.em
    .getConnection()
    .execute<{ name: string }[]>('select name from mikro_orm_migrations')
    .catch(() => null);
  if (!applied) return true;
  const done = new Set(applied.map((r) => r.name.replace(/\.[jt]s$/, '')));
  return migrationNames().some((name) => !done.has(name));
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  useReactions(reactions);
  const common = commonOptions(options);
  let orm: PgliteORM | PostgresORM;
  let kind: Database['kind'];
  let unlock = (): void => undefined;
  if (options.databaseUrl) {
    orm = new PostgresORM({
      ...common,
      clientUrl: options.databaseUrl,
      pool: { min: 1, max: 10 },
      // An unreachable database must fail a request within seconds, never hang it: a connection (or a
      // free slot in the pool) within 5 s, an answer to a query within 15 s; keep-alive notices a
      // peer that vanished.
      driverOptions: { connectionTimeoutMillis: 5_000, query_timeout: 15_000, keepAlive: true },
    });
    await orm.connect();
    if (options.pooled) withoutNamedStatements(orm.em.getConnection());
    kind = 'postgresql';
    // Migrations on a connection of their own, without the 15 s answer bound: rewriting or indexing
    // a log of millions of rows takes longer than a request may, and a migration cut short rolls
    // back whole and would fail the same way on every start. Only when one is pending: every other
    // start opens no second pool (its metadata, its connections stay out of the process).
    if (await migrationsPending(orm)) await migrate(options, orm);
  } else {
    const dataDir = options.dataDir ?? 'memory://';
    if (!dataDir.startsWith('memory://')) {
      mkdirSync(dataDir, { recursive: true });
      // One process at a time (src/db/embedded-lock.ts): throws, naming the holder, when another has it.
      unlock = lockEmbeddedDatabase(dataDir);
    }
    // Loaded only here: a PostgreSQL process never loads the embedded database.
    const [{ MikroORM }, pgliteModule] = await Promise.all([import('@mikro-orm/pglite'), import('@electric-sql/pglite')]);
    const { PGlite } = pgliteModule;
    orm = new MikroORM({
      ...common,
      ...(await migratorOptions()),
      ...(dataDir.startsWith('memory://') ? {} : { dbName: dataDir }),
      // PostgreSQL's default 128 MB buffer pool lives in the WebAssembly memory of this one process
      // and filled it with pages a development database does not need: 16 MB took about 80 MB off
      // the idle process.
      // A factory: MikroORM copies plain options, which would leave the dump (a Blob) without its bytes.
      driverOptions: () => ({
        startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
        ...(options.embeddedDump ? { loadDataDir: options.embeddedDump } : {}),
      }),
    });
    try {
      await orm.connect();
      const pglite = await (orm.em.getConnection() as unknown as PgliteConnection).getNativeClient();
      // Its statements with parameters prepared once (src/db/pglite-statements.ts).
      preparedStatements(pglite as unknown as PgliteInstance, pgliteModule);
      await orm.migrator.up(); // PGlite: one process, one connection; nothing to race with
    } catch (err) {
      await orm.close(true).catch(() => undefined);
      unlock();
      throw err;
    }
    kind = 'pglite';
  }
  const listeners = new Set<() => Promise<void>>();
  // Where LISTEN can run: PostgreSQL itself (a pooler hands the session on, and its notifications with it).
  const listenUrl = options.directUrl ?? (options.pooled ? undefined : options.databaseUrl);
  return {
    orm,
    kind,
    wakeups: kind === 'pglite' || listenUrl !== undefined,
    em: () => orm.em.fork() as unknown as EntityManager,
    async listen(channel, onNotify) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`invalid channel ${channel}`);
      let stop: () => Promise<void>;
      if (kind === 'pglite') {
        // PGlite is one in-process connection: its native handle delivers NOTIFYs to listeners.
        const native = await (orm.em.getConnection() as unknown as PgliteConnection).getNativeClient();
        const unsubscribe = await native.listen(channel, () => onNotify());
        stop = () => unsubscribe();
      } else if (!listenUrl) {
        // Through a pooler with no direct URL: nothing to listen on (the workers poll).
        stop = async () => undefined;
      } else {
        // On PostgreSQL a LISTEN needs a connection of its own, outside the pool.
        const client = new pg.Client({ connectionString: listenUrl, application_name: 'vehicle-transport-api listen' });
        const probe = `probe ${randomUUID()}`;
        let heard = false;
        client.on('notification', (message) => {
          if (message.payload === probe) heard = true;
          else onNotify();
        });
        client.on('error', () => undefined); // the caller polls as well; a lost listener only adds latency
        await client.connect();
        await client.query(`listen ${channel}`);
        let probing: NodeJS.Timeout | undefined;
        stop = () => {
          clearTimeout(probing);
          return client.end();
        };
        if (listenUrl === options.databaseUrl && options.onDeafListen) {
          // A URL nobody declared a pooler: whether this LISTEN hears a NOTIFY sent through the pool.
          const told = options.onDeafListen;
          void orm.em
            .fork()
            .getConnection()
            .execute(`select pg_notify('${channel}', '${probe}')`)
            .then(
              () => {
                probing = setTimeout(() => heard || told(channel), LISTEN_PROBE_MS);
                probing.unref();
              },
              () => undefined,
            );
        }
      }
      listeners.add(stop);
      return async () => {
        if (listeners.delete(stop)) await stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop().catch(() => undefined)));
      listeners.clear();
      try {
        await orm.close(true);
      } finally {
        unlock();
      }
    },
  };
}
