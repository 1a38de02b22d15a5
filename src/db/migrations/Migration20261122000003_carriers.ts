import { Migration } from '@mikro-orm/migrations';

/** Carriers and their compliance alerts, and the durable job queue (vetting, compliance scans). */
export class Migration20261122000003_carriers extends Migration {
  override async up(): Promise<void> {
    const statements = `
      create table carriers (
        id text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        status text not null check (status in ('pending_vetting', 'active', 'rejected', 'suspended')),
        safer_pull_status text not null check (safer_pull_status in ('queued', 'in_progress', 'completed', 'failed')),
        dot_number text not null,
        mc_number text,
        legal_name text,
        contact_name text not null,
        contact_email text not null,
        phone text not null,
        vetting jsonb,
        insurance_expires_on text,
        bond_expires_on text,
        process_agent_expires_on text,
        suspension_reason text,
        suspended_at timestamptz,
        metadata jsonb not null default '{}',
        created_at timestamptz not null,
        updated_at timestamptz not null,
        unique (account_id, dot_number)
      );
      create index carriers_account_idx on carriers (account_id, id desc);
      create index carriers_account_status_idx on carriers (account_id, status, id desc);

      create table compliance_alerts (
        id text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        carrier_id text not null references carriers (id) deferrable initially deferred,
        kind text not null check (kind in ('insurance_certificate', 'bond', 'process_agent')),
        expired_on text not null,
        status text not null check (status in ('open', 'resolved')),
        resolution_note text,
        resolved_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        unique (carrier_id, kind, expired_on)
      );
      create index compliance_alerts_account_idx on compliance_alerts (account_id, id desc);

      create table jobs (
        id text primary key,
        kind text not null,
        subject_id text,
        payload jsonb not null default '{}',
        status text not null check (status in ('queued', 'running', 'succeeded', 'failed')),
        attempts integer not null default 0,
        max_attempts integer not null,
        run_at timestamptz not null,
        lease_owner text,
        lease_expires_at timestamptz,
        last_error text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index jobs_due_idx on jobs (run_at) where status in ('queued', 'running')
    `;
    // One statement per call: prepared statements (PGlite) take a single command.
    for (const sql of statements.split(/;\s*\n/).map((x) => x.trim()).filter(Boolean)) this.addSql(sql);
  }
}
