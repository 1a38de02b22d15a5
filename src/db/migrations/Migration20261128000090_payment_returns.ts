import { Migration } from '@mikro-orm/migrations';

/**
 * Payments the bank took back (`POST /v1/payments/{id}/return`): status `returned`, with when and why.
 * A returned payment was received first, so it keeps no failure reason; the ledger posts the return
 * as an entry of its own kind (receivable against cash), beside the payment's.
 */
export class Migration20261128000090_payment_returns extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table payments add column returned_at timestamptz');
    this.addSql('alter table payments add column return_reason text');
    this.addSql('alter table payments drop constraint payments_status_check');
    this.addSql(`alter table payments add constraint payments_status_check check (status in ('succeeded', 'failed', 'returned'))`);
    this.addSql(`alter table payments add constraint payments_returned_check check (
      (status = 'returned') = (returned_at is not null) and (status = 'returned') = (return_reason is not null))`);
    // Migrations run in one transaction, and an earlier one may have posted entries whose checks
    // (balance, references) are deferred to the commit: PostgreSQL alters no table with checks
    // pending, so they are run now, then deferred again for what follows (all are checked at commit).
    this.addSql('set constraints all immediate');
    this.addSql('alter table ledger_entries drop constraint ledger_entries_kind_check');
    this.addSql(`alter table ledger_entries add constraint ledger_entries_kind_check check (kind in
      ('order_delivered', 'invoice_sent', 'invoice_voided', 'payment_received', 'payment_returned', 'carrier_payment_sent', 'reclassification'))`);
    this.addSql('set constraints all deferred');
  }

  override async down(): Promise<void> {
    // The ledger is append-only: a database that recorded returns keeps their entries (and their
    // returned payments), so neither old check can be restored over them; going down is for a
    // database that recorded none.
    this.addSql('set constraints all immediate');
    this.addSql('alter table ledger_entries drop constraint ledger_entries_kind_check');
    this.addSql(`alter table ledger_entries add constraint ledger_entries_kind_check check (kind in
      ('order_delivered', 'invoice_sent', 'invoice_voided', 'payment_received', 'carrier_payment_sent', 'reclassification'))`);
    this.addSql('set constraints all deferred');
    this.addSql('alter table payments drop constraint payments_returned_check');
    this.addSql('alter table payments drop constraint payments_status_check');
    this.addSql(`alter table payments add constraint payments_status_check check (status in ('succeeded', 'failed'))`);
    this.addSql('alter table payments drop column return_reason');
    this.addSql('alter table payments drop column returned_at');
  }
}
