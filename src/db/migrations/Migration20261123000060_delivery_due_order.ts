import { Migration } from '@mikro-orm/migrations';

/**
 * The claim takes each endpoint's due deliveries oldest first, by (next_attempt_at, id). The index of
 * due deliveries held only next_attempt_at, so deliveries due at the same moment (a recovery or a
 * replay makes thousands of them due at once) were all read and sorted by id on every claim: with
 * 20,000 due, a claim took about 19 ms instead of 4. With id in the index, the claim reads each
 * endpoint's first rows in order and stops.
 */
export class Migration20261123000060_delivery_due_order extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index webhook_deliveries_endpoint_due_idx`);
    this.addSql(`create index webhook_deliveries_endpoint_due_idx on webhook_deliveries (endpoint_id, next_attempt_at, id) where status = 'pending'`);
  }
}
