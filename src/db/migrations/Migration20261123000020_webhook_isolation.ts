import { Migration } from '@mikro-orm/migrations';

/**
 * Endpoint isolation: each endpoint's health and circuit breaker (shared by every worker through the
 * row), why it was disabled, and the index the fair, per-endpoint-limited claim reads.
 */
export class Migration20261123000020_webhook_isolation extends Migration {
  override async up(): Promise<void> {
    const statements = `
      alter table webhook_endpoints add column disabled_reason text check (disabled_reason in ('manual', 'failing'));
      update webhook_endpoints set disabled_reason = 'manual' where status = 'disabled';
      alter table webhook_endpoints add column consecutive_failures integer not null default 0;
      alter table webhook_endpoints add column failing_since timestamptz;
      alter table webhook_endpoints add column last_success_at timestamptz;
      alter table webhook_endpoints add column breaker_failures integer not null default 0;
      alter table webhook_endpoints add column breaker_state text not null default 'closed' check (breaker_state in ('closed', 'open'));
      alter table webhook_endpoints add column breaker_opened_at timestamptz;
      alter table webhook_endpoints add column probe_owner text;
      alter table webhook_endpoints add column probe_expires_at timestamptz;
      create index webhook_endpoints_failing_idx on webhook_endpoints (failing_since) where status = 'enabled' and failing_since is not null;
      create index webhook_deliveries_endpoint_due_idx on webhook_deliveries (endpoint_id, next_attempt_at) where status = 'pending';
      create index webhook_deliveries_leased_idx on webhook_deliveries (endpoint_id, lease_expires_at) where status = 'pending' and lease_owner is not null
    `;
    // One statement per call: prepared statements (PGlite) take a single command.
    for (const sql of statements.split(/;\s*\n/).map((x) => x.trim()).filter(Boolean)) this.addSql(sql);
  }
}
