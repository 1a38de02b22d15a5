import { Migration } from '@mikro-orm/migrations';

// Foreign keys are checked at commit (deferrable): the unit of work may insert rows in any order.
/** Accounts and keys, customers, orders, the event outbox and the shared rate-limit buckets. */
export class Migration20261122000001_foundation extends Migration {
  override async up(): Promise<void> {
    const statements = `
      create table accounts (
        id text primary key,
        name text not null unique,
        created_at timestamptz not null
      );

      create table api_keys (
        id text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        name text not null,
        secret_hash text not null unique,
        last4 text not null,
        scopes jsonb not null,
        api_version text not null,
        created_at timestamptz not null,
        last_used_at timestamptz,
        revoked_at timestamptz
      );
      create index api_keys_account_idx on api_keys (account_id, id);

      create table customers (
        id text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        name text not null,
        email text,
        phone text,
        billing_address jsonb,
        metadata jsonb not null default '{}',
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index customers_account_idx on customers (account_id, id desc);

      create table orders (
        id text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        customer_id text not null references customers (id) deferrable initially deferred,
        carrier_id text,
        status text not null check (status in ('pending', 'dispatched', 'in_transit', 'delivered', 'cancelled')),
        pickup jsonb not null,
        delivery jsonb not null,
        vehicles jsonb not null,
        ready_date text not null,
        delivery_window_days integer not null,
        price integer,
        carrier_pay integer,
        currency text not null,
        bill_of_lading jsonb,
        exceptions jsonb not null default '[]',
        cancellation_reason text,
        cancelled_at timestamptz,
        dispatched_at timestamptz,
        picked_up_at timestamptz,
        delivered_at timestamptz,
        metadata jsonb not null default '{}',
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index orders_account_idx on orders (account_id, id desc);
      create index orders_account_status_idx on orders (account_id, status, id desc);
      create index orders_account_customer_idx on orders (account_id, customer_id, id desc);
      create index orders_account_carrier_idx on orders (account_id, carrier_id, id desc);

      create table events (
        id text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        type text not null,
        data jsonb not null,
        request_id text,
        created_at timestamptz not null
      );
      create index events_account_idx on events (account_id, id desc);

      create table rate_limit_buckets (
        bucket_key text primary key,
        tokens double precision not null,
        refreshed_at timestamptz not null,
        allowed boolean not null
      );
    `;
    // One statement per call: prepared statements (PGlite) take a single command.
    for (const sql of statements.split(/;\s*\n/).map((x) => x.trim()).filter(Boolean)) this.addSql(sql);
  }
}
