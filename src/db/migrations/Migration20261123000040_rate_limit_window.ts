import { Migration } from '@mikro-orm/migrations';

/** The times (ms) of the accepted requests in the rate limit's sliding window, so no 10 s holds more than the burst. */
export class Migration20261123000040_rate_limit_window extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table rate_limit_buckets add column recent bigint[] not null default '{}'`);
  }
}
