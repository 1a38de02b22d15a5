import { Migration } from '@mikro-orm/migrations';

/** The transport's own words about a failed attempt, shown in the delivery log beside the error code. */
export class Migration20261123000001_attempt_error_detail extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table webhook_delivery_attempts add column error_detail text');
  }
}
