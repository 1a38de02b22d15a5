import { Migration } from '@mikro-orm/migrations';

/** OAuth clients and their access tokens, idempotency keys, and the append-only audit log. */
export class Migration20261122000004_platform extends Migration {
  override async up(): Promise<void> {
    const statements = `
      create table oauth_clients (
        id text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        name text not null,
        secret_hash text not null unique,
        scopes jsonb not null,
        api_version text not null,
        created_at timestamptz not null,
        revoked_at timestamptz
      );
      create index oauth_clients_account_idx on oauth_clients (account_id, id desc);

      create table oauth_tokens (
        token_hash text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        client_id text not null references oauth_clients (id) deferrable initially deferred,
        scopes jsonb not null,
        api_version text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null
      );
      create index oauth_tokens_client_idx on oauth_tokens (client_id);
      create index oauth_tokens_expires_idx on oauth_tokens (expires_at);

      create table idempotency_keys (
        account_id text not null references accounts (id) deferrable initially deferred,
        key text not null,
        fingerprint text not null,
        status text not null check (status in ('in_progress', 'completed')),
        response_status integer,
        response_body text,
        response_headers jsonb,
        created_at timestamptz not null,
        primary key (account_id, key)
      );
      create index idempotency_keys_created_idx on idempotency_keys (created_at);

      create table audit_logs (
        id text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        actor text not null,
        action text not null,
        target text not null,
        request_id text,
        ip text,
        created_at timestamptz not null
      );
      create index audit_logs_account_idx on audit_logs (account_id, id desc);
    `;
    // One statement per call: prepared statements (PGlite) take a single command.
    for (const sql of statements.split(/;\s*\n/).map((x) => x.trim()).filter(Boolean)) this.addSql(sql);
    // Append-only: updates and deletes of audit entries are refused by the database itself.
    this.addSql(`create function audit_logs_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_logs is append-only';
      end
      $$`);
    this.addSql(`create trigger audit_logs_append_only before update or delete on audit_logs
      for each row execute function audit_logs_append_only()`);
  }
}
