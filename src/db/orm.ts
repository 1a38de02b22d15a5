// One MikroORM set-up for both backends: PostgreSQL when DATABASE_URL is set, embedded PGlite otherwise.
// DATABASE_URL may point at a transaction-mode pooler (PgBouncer and the poolers managed databases
// hand out), which gives each transaction whichever server connection is free: nothing here relies on
// a session there. Migrations run in one transaction under a transaction-scoped lock; the hot
// statements are not prepared by name (src/shared/sql.ts); LISTEN, which needs a session, runs on
// DATABASE_DIRECT_URL (PostgreSQL itself) when it is given, and without it workers poll instead.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { MikroORM as PgliteORM, PgliteConnection } from '@mikro-orm/pglite';
import pg from 'pg';
import { MikroORM as PostgresORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { EntityManager } from '@mikro-orm/sql';
import type { Database as DatabaseContract } from '../shared/database.js';
import { withoutNamedStatements } from '../shared/sql.js';
import { lockEmbeddedDatabase } from './embedded-lock.js';
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
import { TestClock, TestDataDeletion } from '../test-helpers/test-helpers.entities.js';
import { ledgerReactions } from '../accounting/ledger.reactions.js';
import { useReactions, type Reactions } from '../shared/reactions.js';
import { Migration20261122000001_foundation } from './migrations/Migration20261122000001_foundation.js';
import { Migration20261122000002_webhooks } from './migrations/Migration20261122000002_webhooks.js';
import { Migration20261122000003_carriers } from './migrations/Migration20261122000003_carriers.js';
import { Migration20261122000004_platform } from './migrations/Migration20261122000004_platform.js';
import { Migration20261123000001_attempt_error_detail } from './migrations/Migration20261123000001_attempt_error_detail.js';
import { Migration20261123000006_users } from './migrations/Migration20261123000006_users.js';
import { Migration20261123000010_accounting } from './migrations/Migration20261123000010_accounting.js';
import { Migration20261123000020_webhook_isolation } from './migrations/Migration20261123000020_webhook_isolation.js';
import { Migration20261123000031_audit_log_filters } from './migrations/Migration20261123000031_audit_log_filters.js';
import { Migration20261123000032_seal_webhook_secrets } from './migrations/Migration20261123000032_seal_webhook_secrets.js';
import { Migration20261123000040_rate_limit_window } from './migrations/Migration20261123000040_rate_limit_window.js';
import { Migration20261123000050_claim_plan_cached } from './migrations/Migration20261123000050_claim_plan_cached.js';
import { Migration20261123000060_delivery_due_order } from './migrations/Migration20261123000060_delivery_due_order.js';
import { Migration20261123000070_parallel_claims } from './migrations/Migration20261123000070_parallel_claims.js';
import { Migration20261126000010_rate_limit_constant_state } from './migrations/Migration20261126000010_rate_limit_constant_state.js';
import { Migration20261126000020_partitioned_delivery_log } from './migrations/Migration20261126000020_partitioned_delivery_log.js';
import { Migration20261126000030_claim_waiting_endpoints } from './migrations/Migration20261126000030_claim_waiting_endpoints.js';
import { Migration20261127000010_event_order_and_trace } from './migrations/Migration20261127000010_event_order_and_trace.js';
import { Migration20261127000020_carrier_monitoring } from './migrations/Migration20261127000020_carrier_monitoring.js';
import { Migration20261128000010_accrual_and_mail } from './migrations/Migration20261128000010_accrual_and_mail.js';
import { Migration20261128000020_accrual_reclassification } from './migrations/Migration20261128000020_accrual_reclassification.js';
import { Migration20261128000030_scheduled_retries } from './migrations/Migration20261128000030_scheduled_retries.js';
import { Migration20261128000040_claim_plans } from './migrations/Migration20261128000040_claim_plans.js';
import { Migration20261128000050_endpoint_window } from './migrations/Migration20261128000050_endpoint_window.js';
import { Migration20261128000060_test_mode } from './migrations/Migration20261128000060_test_mode.js';
import { Migration20261128000070_webhook_listeners } from './migrations/Migration20261128000070_webhook_listeners.js';
import { Migration20261128000080_test_clocks } from './migrations/Migration20261128000080_test_clocks.js';
import { Migration20261128000090_payment_returns } from './migrations/Migration20261128000090_payment_returns.js';
import { Migration20261129000010_sign_in_counters } from './migrations/Migration20261129000010_sign_in_counters.js';
import { Migration20261129000030_credential_makers } from './migrations/Migration20261129000030_credential_makers.js';
import { Migration20261129020000_metadata_and_updated } from './migrations/Migration20261129020000_metadata_and_updated.js';

export const entities = [Account, ApiKey, Customer, Order, Event, WebhookEndpoint, WebhookDelivery, WebhookDeliveryAttempt, Carrier, ComplianceAlert, CarrierRegistrySnapshot, Job, OAuthClient, OAuthToken, AuditLog, User, Session, Invoice, InvoiceLine, Payment, CarrierPayment, CarrierPaymentOrder, LedgerEntry, Message, TestDataDeletion, TestClock];

/** Every migration, in order. Applied at start-up by `openDatabase`. */
export const migrations = [
  { name: 'Migration20261122000001_foundation', class: Migration20261122000001_foundation },
  { name: 'Migration20261122000002_webhooks', class: Migration20261122000002_webhooks },
  { name: 'Migration20261122000003_carriers', class: Migration20261122000003_carriers },
  { name: 'Migration20261122000004_platform', class: Migration20261122000004_platform },
  { name: 'Migration20261123000001_attempt_error_detail', class: Migration20261123000001_attempt_error_detail },
  { name: 'Migration20261123000006_users', class: Migration20261123000006_users },
  { name: 'Migration20261123000010_accounting', class: Migration20261123000010_accounting },
  { name: 'Migration20261123000020_webhook_isolation', class: Migration20261123000020_webhook_isolation },
  { name: 'Migration20261123000031_audit_log_filters', class: Migration20261123000031_audit_log_filters },
  { name: 'Migration20261123000032_seal_webhook_secrets', class: Migration20261123000032_seal_webhook_secrets },
  { name: 'Migration20261123000040_rate_limit_window', class: Migration20261123000040_rate_limit_window },
  { name: 'Migration20261123000050_claim_plan_cached', class: Migration20261123000050_claim_plan_cached },
  { name: 'Migration20261123000060_delivery_due_order', class: Migration20261123000060_delivery_due_order },
  { name: 'Migration20261123000070_parallel_claims', class: Migration20261123000070_parallel_claims },
  { name: 'Migration20261126000010_rate_limit_constant_state', class: Migration20261126000010_rate_limit_constant_state },
  { name: 'Migration20261126000020_partitioned_delivery_log', class: Migration20261126000020_partitioned_delivery_log },
  { name: 'Migration20261126000030_claim_waiting_endpoints', class: Migration20261126000030_claim_waiting_endpoints },
  { name: 'Migration20261127000010_event_order_and_trace', class: Migration20261127000010_event_order_and_trace },
  { name: 'Migration20261127000020_carrier_monitoring', class: Migration20261127000020_carrier_monitoring },
  { name: 'Migration20261128000010_accrual_and_mail', class: Migration20261128000010_accrual_and_mail },
  { name: 'Migration20261128000020_accrual_reclassification', class: Migration20261128000020_accrual_reclassification },
  { name: 'Migration20261128000030_scheduled_retries', class: Migration20261128000030_scheduled_retries },
  { name: 'Migration20261128000040_claim_plans', class: Migration20261128000040_claim_plans },
  { name: 'Migration20261128000050_endpoint_window', class: Migration20261128000050_endpoint_window },
  { name: 'Migration20261128000060_test_mode', class: Migration20261128000060_test_mode },
  { name: 'Migration20261128000070_webhook_listeners', class: Migration20261128000070_webhook_listeners },
  { name: 'Migration20261128000080_test_clocks', class: Migration20261128000080_test_clocks },
  { name: 'Migration20261128000090_payment_returns', class: Migration20261128000090_payment_returns },
  { name: 'Migration20261129000010_sign_in_counters', class: Migration20261129000010_sign_in_counters },
  { name: 'Migration20261129000030_credential_makers', class: Migration20261129000030_credential_makers },
  { name: 'Migration20261129020000_metadata_and_updated', class: Migration20261129020000_metadata_and_updated },
];

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

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  useReactions(reactions);
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
    // back whole and would fail the same way on every start.
    const migrating = new PostgresORM({
      ...common,
      clientUrl: options.databaseUrl,
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
  } else {
    const dataDir = options.dataDir ?? 'memory://';
    if (!dataDir.startsWith('memory://')) {
      mkdirSync(dataDir, { recursive: true });
      // One process at a time (src/db/embedded-lock.ts): throws, naming the holder, when another has it.
      unlock = lockEmbeddedDatabase(dataDir);
    }
    // Loaded only here: a PostgreSQL process never loads the embedded database.
    const [{ MikroORM }, { PGlite }] = await Promise.all([import('@mikro-orm/pglite'), import('@electric-sql/pglite')]);
    orm = new MikroORM({
      ...common,
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
