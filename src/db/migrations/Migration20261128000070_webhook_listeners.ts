import { Migration } from '@mikro-orm/migrations';

/**
 * Listeners of test mode (`vehicle-transport listen`): a webhook endpoint named for the machine that
 * listens (one per name and account), disabled (the workers send it nothing). The emitter makes its
 * deliveries, as for any endpoint, until an hour after it last listened (`listened_at`); the command
 * takes them.
 */
export class Migration20261128000070_webhook_listeners extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table webhook_endpoints add column listener_name text');
    this.addSql('alter table webhook_endpoints add column listened_at timestamptz');
    this.addSql('create unique index webhook_endpoints_listener on webhook_endpoints (account_id, listener_name) where listener_name is not null');
    this.addSql('alter table webhook_endpoints drop constraint webhook_endpoints_disabled_reason_check');
    this.addSql(`alter table webhook_endpoints add constraint webhook_endpoints_disabled_reason_check check (disabled_reason in ('manual', 'failing', 'listener'))`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from webhook_delivery_attempts where delivery_id in (select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where e.listener_name is not null)`);
    this.addSql(`delete from webhook_endpoints where listener_name is not null`);
    this.addSql('alter table webhook_endpoints drop constraint webhook_endpoints_disabled_reason_check');
    this.addSql(`alter table webhook_endpoints add constraint webhook_endpoints_disabled_reason_check check (disabled_reason in ('manual', 'failing'))`);
    this.addSql('drop index webhook_endpoints_listener');
    this.addSql('alter table webhook_endpoints drop column listened_at');
    this.addSql('alter table webhook_endpoints drop column listener_name');
  }
}
