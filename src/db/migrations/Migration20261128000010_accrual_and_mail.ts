import { Migration } from '@mikro-orm/migrations';

/**
 * Revenue matched to its load, and documents that really leave:
 * - the ledger gains `unbilled_receivables` and `deferred_revenue`, and each line may name the load
 *   (`order_id`) it is about and the movement (`kind`) that posted it; lines posted before keep null
 *   there (the table is append-only: `ADD COLUMN` fills no row, so no line is rewritten). From now on
 *   every line names its movement (a constraint NOT VALID: checked on new lines only), so a process
 *   of the previous release still running during a rolling upgrade cannot post by the old rules: its
 *   posting fails (and its request with it) instead of counting a load's revenue twice;
 * - accounts carry the brokerage's details printed on its documents;
 * - an invoice remembers when it was announced overdue (`invoice.overdue` fires once);
 * - the mail outbox: every email or letter, written in the transaction of what caused it, with its
 *   attachment as sent (bytes and SHA-256) and its delivery (attempts, last answer).
 */
export class Migration20261128000010_accrual_and_mail extends Migration {
  override async up(): Promise<void> {
    const statements = `
      alter table ledger_entries drop constraint ledger_entries_ledger_account_check;
      alter table ledger_entries add constraint ledger_entries_ledger_account_check check (ledger_account in
        ('cash', 'accounts_receivable', 'unbilled_receivables', 'deferred_revenue', 'revenue', 'carrier_cost', 'carrier_payable'));
      alter table ledger_entries add column order_id text;
      alter table ledger_entries add column kind text check (kind in
        ('order_delivered', 'invoice_sent', 'invoice_voided', 'payment_received', 'carrier_payment_sent', 'reclassification'));
      create index ledger_entries_order_idx on ledger_entries (account_id, order_id) where order_id is not null;
      alter table ledger_entries add constraint ledger_entries_kind_given check (kind is not null) not valid;

      alter table accounts add column legal_name text;
      alter table accounts add column address jsonb;
      alter table accounts add column phone text;
      alter table accounts add column email text;
      alter table accounts add column remit_to jsonb;
      alter table accounts add column payment_instructions text;
      alter table accounts add column updated_at timestamptz;
      update accounts set updated_at = created_at;
      alter table accounts alter column updated_at set default now();
      alter table accounts alter column updated_at set not null;

      alter table invoices add column overdue_at timestamptz;
      create index invoices_open_due_idx on invoices (due_date) where status = 'SENT' and overdue_at is null;

      create table messages (
        id text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        kind text not null check (kind in ('invoice', 'remittance', 'rate_confirmation')),
        channel text not null check (channel in ('email', 'post')),
        subject_id text not null,
        recipient jsonb not null,
        recipient_name text,
        reply_to text,
        subject text not null,
        body_text text not null,
        body_html text not null,
        internet_message_id text not null unique,
        document jsonb not null,
        attachment_name text not null,
        attachment bytea not null,
        attachment_size integer not null check (attachment_size = octet_length(attachment)),
        attachment_sha256 text not null,
        status text not null check (status in ('queued', 'sent', 'failed', 'cancelled')),
        attempts integer not null default 0 check (attempts >= 0),
        last_error text,
        next_attempt_at timestamptz,
        sent_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        check ((status = 'sent') = (sent_at is not null))
      );
      create index messages_account_idx on messages (account_id, id desc);
      create index messages_subject_idx on messages (account_id, subject_id, id desc);
      create index messages_print_queue_idx on messages (account_id, id) where channel = 'post' and status = 'queued'
    `;
    // One statement per call: prepared statements (PGlite) take a single command.
    for (const sql of statements.split(/;\s*\n/).map((x) => x.trim()).filter(Boolean)) await this.execute(sql);
  }
}
