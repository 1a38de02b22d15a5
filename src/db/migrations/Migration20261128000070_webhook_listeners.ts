import { Migration } from '@mikro-orm/migrations';

/**
 * Listeners of test mode (`vehicle-transport listen`): a webhook endpoint named for the machine that
 * listens (one per name and account), disabled (the service sends it nothing), whose events the
 * command takes from `listen_cursor` on (the last event it was handed).
 */
export class Migration20261128000070_webhook_listeners extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table webhook_endpoints add column listener_name text');
    this.addSql('alter table webhook_endpoints add column listen_cursor text');
    this.addSql('create unique index webhook_endpoints_listener on webhook_endpoints (account_id, listener_name) where listener_name is not null');
    this.addSql('alter table webhook_endpoints drop constraint webhook_endpoints_disabled_reason_check');
    this.addSql(`alter table webhook_endpoints add constraint webhook_endpoints_disabled_reason_check check (disabled_reason in ('manual', 'failing', 'listener'))`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from webhook_endpoints where listener_name is not null`);
    this.addSql('alter table webhook_endpoints drop constraint webhook_endpoints_disabled_reason_check');
    this.addSql(`alter table webhook_endpoints add constraint webhook_endpoints_disabled_reason_check check (disabled_reason in ('manual', 'failing'))`);
    this.addSql('drop index webhook_endpoints_listener');
    this.addSql('alter table webhook_endpoints drop column listen_cursor');
    this.addSql('alter table webhook_endpoints drop column listener_name');
  }
}
