import { Migration } from '@mikro-orm/migrations';

/**
 * `metadata` on invoices, payments and carrier payments (an accountant tags them with the ids of
 * their own books), and `updated_at` on users and sessions (the only resources that change without
 * a column saying when): until then each is its creation.
 */
export class Migration20261129020000_metadata_and_updated extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table invoices add column metadata jsonb not null default '{}'`);
    this.addSql(`alter table payments add column metadata jsonb not null default '{}'`);
    this.addSql(`alter table carrier_payments add column metadata jsonb not null default '{}'`);
    this.addSql('alter table users add column updated_at timestamptz');
    this.addSql('update users set updated_at = created_at');
    this.addSql('alter table users alter column updated_at set not null');
    this.addSql('alter table sessions add column updated_at timestamptz');
    this.addSql('update sessions set updated_at = coalesce(revoked_at, created_at)');
    this.addSql('alter table sessions alter column updated_at set not null');
  }

  override async down(): Promise<void> {
    this.addSql('alter table sessions drop column updated_at');
    this.addSql('alter table users drop column updated_at');
    this.addSql('alter table carrier_payments drop column metadata');
    this.addSql('alter table payments drop column metadata');
    this.addSql('alter table invoices drop column metadata');
  }
}
