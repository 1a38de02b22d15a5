import { Migration } from '@mikro-orm/migrations';

/**
 * Every change to `api_keys` (a key made, revoked, rolled, deleted, its use noted) sends a
 * notification on `api_keys_changed` when its transaction commits. The embedded database, which
 * one process owns, keeps the keys it has read in memory and forgets them all on it
 * (src/auth/auth.service.ts); on PostgreSQL nothing listens, and nothing is kept.
 */
export class Migration20261130200000_api_key_changes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function api_keys_changed() returns trigger language plpgsql as $fn$
    begin
      perform pg_notify('api_keys_changed', '');
      return null;
    end
    $fn$`);
    this.addSql('create trigger api_keys_changed after insert or update or delete or truncate on api_keys for each statement execute function api_keys_changed()');
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger api_keys_changed on api_keys');
    this.addSql('drop function api_keys_changed()');
  }
}
