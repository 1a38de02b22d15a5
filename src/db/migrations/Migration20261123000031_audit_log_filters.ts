import { Migration } from '@mikro-orm/migrations';

/** The audit log read back by target (a resource's history) and by actor, newest first, within an account. */
export class Migration20261123000031_audit_log_filters extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index audit_logs_target_idx on audit_logs (account_id, target, id desc)');
    this.addSql('create index audit_logs_actor_idx on audit_logs (account_id, actor, id desc)');
  }
}
