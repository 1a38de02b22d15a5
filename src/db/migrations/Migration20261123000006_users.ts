import { Migration } from '@mikro-orm/migrations';

/** Dashboard users, their sessions (token hashes only) and failed sign-ins (for throttling). */
export class Migration20261123000006_users extends Migration {
  override async up(): Promise<void> {
    const statements = `
      create table users (
        id text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        email text not null unique check (email = lower(email)),
        name text not null,
        role text not null check (role in ('owner', 'admin', 'developer', 'viewer')),
        password_hash text not null,
        disabled boolean not null default false,
        created_at timestamptz not null,
        last_login_at timestamptz
      );
      create index users_account_idx on users (account_id, id desc);

      create table sessions (
        id text primary key,
        token_hash text not null unique,
        account_id text not null references accounts (id) deferrable initially deferred,
        user_id text not null references users (id) on delete cascade deferrable initially deferred,
        csrf_token text not null,
        created_at timestamptz not null,
        idle_expires_at timestamptz not null,
        expires_at timestamptz not null,
        revoked_at timestamptz
      );
      create index sessions_user_idx on sessions (user_id);
      create index sessions_expires_idx on sessions (expires_at);

      create table sign_in_failures (
        id text primary key,
        email text not null,
        address text not null,
        created_at timestamptz not null
      );
      create index sign_in_failures_email_idx on sign_in_failures (email, created_at);
      create index sign_in_failures_address_idx on sign_in_failures (address, created_at)
    `;
    // One statement per call: prepared statements (PGlite) take a single command.
    for (const sql of statements.split(/;\s*\n/).map((x) => x.trim()).filter(Boolean)) this.addSql(sql);
  }
}
