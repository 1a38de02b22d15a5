import { Migration } from '@mikro-orm/migrations';

/**
 * Undoing a person's mistake: an order cancelled or delivered by mistake can be reopened (what it
 * cleared is kept in its `reopenings`), and a carrier payment recorded by mistake can be voided (when
 * and why). The ledger posts each as an entry of its own kind: a reopened delivery's reversal, a
 * voided carrier payment's reversal.
 */
export class Migration20261130100000_undo_mistakes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table orders add column reopenings jsonb not null default '[]'`);
    this.addSql('alter table carrier_payments add column voided_at timestamptz');
    this.addSql('alter table carrier_payments add column void_reason text');
    this.addSql(`alter table carrier_payments add constraint carrier_payments_voided_check check ((voided_at is null) = (void_reason is null))`);
    // A voided payment is `voided` (read as `sent` by keys of versions before 2027-01-15).
    this.addSql('alter table carrier_payments drop constraint carrier_payments_status_check');
    this.addSql(`alter table carrier_payments add constraint carrier_payments_status_check check (status in ('sent', 'voided') and (status = 'voided') = (voided_at is not null))`);
    // Checks pending from an earlier migration of this run are run first (see ...000090).
    this.addSql('set constraints all immediate');
    this.addSql('alter table ledger_entries drop constraint ledger_entries_kind_check');
    this.addSql(`alter table ledger_entries add constraint ledger_entries_kind_check check (kind in
      ('order_delivered', 'order_reopened', 'invoice_sent', 'invoice_voided', 'payment_received', 'payment_returned',
       'carrier_payment_sent', 'carrier_payment_voided', 'reclassification'))`);
    this.addSql('set constraints all deferred');
  }

  override async down(): Promise<void> {
    // The ledger is append-only: going down is for a database that recorded no reopening or void.
    this.addSql('set constraints all immediate');
    this.addSql('alter table ledger_entries drop constraint ledger_entries_kind_check');
    this.addSql(`alter table ledger_entries add constraint ledger_entries_kind_check check (kind in
      ('order_delivered', 'invoice_sent', 'invoice_voided', 'payment_received', 'payment_returned', 'carrier_payment_sent', 'reclassification'))`);
    this.addSql('set constraints all deferred');
    this.addSql('alter table carrier_payments drop constraint carrier_payments_status_check');
    this.addSql(`alter table carrier_payments add constraint carrier_payments_status_check check (status in ('sent'))`);
    this.addSql('alter table carrier_payments drop constraint carrier_payments_voided_check');
    this.addSql('alter table carrier_payments drop column void_reason');
    this.addSql('alter table carrier_payments drop column voided_at');
    this.addSql('alter table orders drop column reopenings');
  }
}
