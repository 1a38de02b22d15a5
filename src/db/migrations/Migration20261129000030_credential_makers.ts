import { Migration } from '@mikro-orm/migrations';

/**
 * Who made each API key and OAuth client (a user, key or client id; null for the keys CLI), so that
 * what a user made ends with that user: deleting or disabling a user revokes the credentials they
 * made, and those made with them, and a role taken down revokes those that reach beyond it.
 */
export class Migration20261129000030_credential_makers extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table api_keys add column created_by text');
    this.addSql('alter table oauth_clients add column created_by text');
    this.addSql('create index api_keys_created_by_idx on api_keys (created_by) where created_by is not null');
    this.addSql('create index oauth_clients_created_by_idx on oauth_clients (created_by) where created_by is not null');
  }

  override async down(): Promise<void> {
    this.addSql('drop index oauth_clients_created_by_idx');
    this.addSql('drop index api_keys_created_by_idx');
    this.addSql('alter table oauth_clients drop column created_by');
    this.addSql('alter table api_keys drop column created_by');
  }
}
