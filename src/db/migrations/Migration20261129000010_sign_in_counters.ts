import { Migration } from '@mikro-orm/migrations';

/**
 * Sign-in limits that parallel attempts cannot race: a counter per limited key (`email:<email>`,
 * `address:<client address>`) over a fixed window, taken by one upsert before the password is
 * checked, in place of the failures that were counted after it (`sign_in_failures`). And emails
 * unique within an account rather than across accounts, so that creating a user tells nothing of
 * the other accounts' users; sign-in finds an email's users by the index on the email alone.
 */
export class Migration20261129000010_sign_in_counters extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table sign_in_counters (
      key text primary key,
      window_start timestamptz not null,
      count integer not null check (count >= 0)
    )`);
    // The periodic purge deletes the windows that have passed.
    this.addSql('create index sign_in_counters_window_idx on sign_in_counters (window_start)');
    this.addSql('drop table sign_in_failures');
    this.addSql('alter table users drop constraint users_email_key');
    this.addSql('create unique index users_account_email_idx on users (account_id, email)');
    this.addSql('create index users_email_idx on users (email, created_at, id)');
  }

  override async down(): Promise<void> {
    // Going down needs every email to be unique again: a database where two accounts share one
    // stops here (on the unique constraint) until one of those users is renamed or removed.
    this.addSql('drop index users_email_idx');
    this.addSql('drop index users_account_email_idx');
    this.addSql('alter table users add constraint users_email_key unique (email)');
    this.addSql(`create table sign_in_failures (
      id text primary key,
      email text not null,
      address text not null,
      created_at timestamptz not null
    )`);
    this.addSql('create index sign_in_failures_email_idx on sign_in_failures (email, created_at)');
    this.addSql('create index sign_in_failures_address_idx on sign_in_failures (address, created_at)');
    this.addSql('drop table sign_in_counters');
  }
}
