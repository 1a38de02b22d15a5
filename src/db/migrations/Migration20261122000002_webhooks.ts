import { Migration } from '@mikro-orm/migrations';

/** Webhook endpoints, one delivery per (event, endpoint) with its durable schedule, and the attempt log. */
export class Migration20261122000002_webhooks extends Migration {
  override async up(): Promise<void> {
    const statements = `
      create table webhook_endpoints (
        id text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        url text not null,
        enabled_events jsonb not null,
        api_version text not null,
        description text,
        status text not null check (status in ('enabled', 'disabled')),
        secret text not null,
        previous_secret text,
        previous_secret_expires_at timestamptz,
        metadata jsonb not null default '{}',
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index webhook_endpoints_account_idx on webhook_endpoints (account_id, id desc);

      create table webhook_deliveries (
        id text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        event_id text not null references events (id) on delete cascade deferrable initially deferred,
        endpoint_id text not null references webhook_endpoints (id) on delete cascade deferrable initially deferred,
        event_type text not null,
        payload text not null,
        status text not null check (status in ('pending', 'succeeded', 'permanently_failed')),
        attempt_count integer not null default 0,
        cycle_failures integer not null default 0,
        next_attempt_at timestamptz,
        lease_owner text,
        lease_expires_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        unique (event_id, endpoint_id)
      );
      create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending';
      create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, id desc);
      create index webhook_deliveries_account_idx on webhook_deliveries (account_id, id);

      create table webhook_delivery_attempts (
        delivery_id text not null references webhook_deliveries (id) on delete cascade,
        number integer not null,
        started_at timestamptz not null,
        duration_ms integer not null,
        response_status integer,
        response_body text not null,
        error text,
        primary key (delivery_id, number)
      );

      create index events_created_idx on events (created_at);
      create index events_account_type_idx on events (account_id, type, id desc)
    `;
    // One statement per call: prepared statements (PGlite) take a single command.
    for (const sql of statements.split(/;\s*\n/).map((x) => x.trim()).filter(Boolean)) this.addSql(sql);
  }
}
