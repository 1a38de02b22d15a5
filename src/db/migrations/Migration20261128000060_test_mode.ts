import { Migration } from '@mikro-orm/migrations';

/**
 * Test mode: an account's test data lives in an account row of its own, made with its first test key
 * or client. Its id is the live account's with `acct_test_` in place of `acct_` (src/shared/livemode.ts);
 * `live_account_id` names the live one. Names are unique among live accounts only: the test account
 * carries its live account's name. A test account's messages are `kept`, never sent. A dashboard
 * session works on one mode at a time (`sessions.livemode`). The test registry keeps, per test
 * account and DOT number, what a test helper changed of its record and how many reads it answered.
 */
/** Each statement of `sql` on its own (the embedded database takes one at a time). */
const run = (m: Migration, sql: string): void => {
  for (const statement of sql.split(/;\s*\n/).map((x) => x.trim()).filter(Boolean)) m.addSql(statement);
};

export class Migration20261128000060_test_mode extends Migration {
  override async up(): Promise<void> {
    run(this, `
      alter table accounts add column livemode boolean not null default true;
      alter table accounts add column live_account_id text unique references accounts (id) deferrable initially deferred;
      alter table accounts add constraint accounts_mode check (
        (livemode and live_account_id is null)
        or (not livemode and live_account_id is not null and id = 'acct_test_' || substr(live_account_id, 6))
      );
      alter table accounts drop constraint accounts_name_key;
      create unique index accounts_live_name on accounts (name) where livemode;
      alter table messages drop constraint messages_status_check;
      alter table messages add constraint messages_status_check check (status in ('queued', 'sent', 'failed', 'cancelled', 'kept'));
      alter table sessions add column livemode boolean not null default true;
      alter table users add constraint users_live_account check (left(account_id, 10) <> 'acct_test_');
      alter table sessions add constraint sessions_live_account check (left(account_id, 10) <> 'acct_test_');
      create table test_registry_records (
        account_id text not null references accounts (id) deferrable initially deferred,
        dot_number text not null,
        change text check (change in ('passes', 'not_found', 'authority_revoked', 'out_of_service', 'insurance_below_minimum', 'insurance_cancelled', 'contact_changed')),
        contact_version integer not null default 0,
        reads integer not null default 0,
        updated_at timestamptz not null,
        primary key (account_id, dot_number)
      );
      create table test_data_deletions (
        id text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        test_account_id text not null,
        status text not null check (status in ('pending', 'running', 'succeeded', 'failed')),
        deleted jsonb not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        completed_at timestamptz
      );
      create index test_data_deletions_account_idx on test_data_deletions (account_id, id);
      create unique index test_data_deletions_one_at_a_time on test_data_deletions (test_account_id) where status in ('pending', 'running');
    `);
    // Test mode's books are test data: deleting an account's test data removes them; live books stay append-only.
    this.addSql(`create or replace function ledger_entries_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and left(old.account_id, 10) = 'acct_test_' then
          return old;
        end if;
        raise exception 'ledger_entries is append-only';
      end
      $$`);
  }

  // Back to the release before: only while no test account has kept a message (the old status
  // check refuses `kept`); test accounts, which share their live account's name, must be deleted first.
  override async down(): Promise<void> {
    this.addSql(`create or replace function ledger_entries_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'ledger_entries is append-only';
      end
      $$`);
    run(this, `
      drop table test_data_deletions;
      drop table test_registry_records;
      alter table sessions drop constraint sessions_live_account;
      alter table users drop constraint users_live_account;
      alter table sessions drop column livemode;
      alter table messages drop constraint messages_status_check;
      alter table messages add constraint messages_status_check check (status in ('queued', 'sent', 'failed', 'cancelled'));
      drop index accounts_live_name;
      alter table accounts add constraint accounts_name_key unique (name);
      alter table accounts drop constraint accounts_mode;
      alter table accounts drop column live_account_id;
      alter table accounts drop column livemode;
    `);
  }
}
