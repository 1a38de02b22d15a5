import { Migration } from '@mikro-orm/migrations';

/**
 * Accounting: invoices (numbered without gaps per account through a counter row), their lines (an
 * order billed by at most one live invoice, by a partial unique index), customer payments, carrier
 * payments (an order paid at most once, by a primary key), and the general ledger, whose every
 * journal entry balances: a deferred constraint trigger checks debits = credits per journal entry
 * and currency when the transaction commits, and the ledger is append-only.
 */
export class Migration20261123000010_accounting extends Migration {
  override async up(): Promise<void> {
    const statements = `
      create table invoice_counters (
        account_id text primary key references accounts (id) deferrable initially deferred,
        last_number integer not null check (last_number > 0)
      );

      create table invoices (
        id text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        customer_id text not null references customers (id) deferrable initially deferred,
        number text not null,
        status text not null check (status in ('DRAFT', 'SENT', 'PAID', 'VOID')),
        currency text not null,
        subtotal bigint not null check (subtotal > 0),
        amount_paid bigint not null default 0 check (amount_paid >= 0 and amount_paid <= subtotal),
        due_date text not null,
        sent_via text check (sent_via in ('email', 'post')),
        sent_to jsonb,
        sent_at timestamptz,
        paid_at timestamptz,
        voided_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        unique (account_id, number),
        check (status <> 'PAID' or amount_paid = subtotal)
      );
      create index invoices_account_idx on invoices (account_id, id desc);
      create index invoices_customer_idx on invoices (account_id, customer_id, id desc);

      create table invoice_lines (
        id text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        invoice_id text not null references invoices (id) on delete cascade deferrable initially deferred,
        position integer not null,
        description text not null,
        quantity integer not null check (quantity > 0),
        unit_amount bigint not null check (unit_amount > 0),
        amount bigint not null check (amount = quantity * unit_amount),
        order_id text references orders (id) deferrable initially deferred,
        billing boolean not null default true,
        unique (invoice_id, position)
      );
      create unique index invoice_lines_order_billed_once on invoice_lines (order_id) where order_id is not null and billing;

      create table payments (
        id text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        customer_id text not null references customers (id) deferrable initially deferred,
        invoice_id text references invoices (id) deferrable initially deferred,
        amount bigint not null check (amount > 0),
        currency text not null,
        payment_method text not null check (payment_method in ('ach', 'wire', 'check', 'card')),
        reference text,
        status text not null check (status in ('succeeded', 'failed')),
        failure_reason text,
        created_at timestamptz not null,
        check ((status = 'failed') = (failure_reason is not null))
      );
      create index payments_account_idx on payments (account_id, id desc);
      create index payments_invoice_idx on payments (invoice_id);

      create table carrier_payments (
        id text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        carrier_id text not null references carriers (id) deferrable initially deferred,
        order_ids jsonb not null,
        amount bigint not null check (amount > 0),
        currency text not null,
        payment_method text not null check (payment_method in ('ach', 'wire', 'check', 'card')),
        reference text,
        status text not null check (status in ('sent')),
        sent_at timestamptz not null,
        created_at timestamptz not null
      );
      create index carrier_payments_account_idx on carrier_payments (account_id, id desc);

      create table carrier_payment_orders (
        order_id text primary key references orders (id) deferrable initially deferred,
        account_id text not null references accounts (id) deferrable initially deferred,
        carrier_payment_id text not null references carrier_payments (id) deferrable initially deferred,
        amount bigint not null check (amount > 0)
      );

      create table ledger_entries (
        id text primary key,
        account_id text not null references accounts (id) deferrable initially deferred,
        journal_entry_id text not null,
        ledger_account text not null check (ledger_account in ('cash', 'accounts_receivable', 'revenue', 'carrier_cost', 'carrier_payable')),
        direction text not null check (direction in ('debit', 'credit')),
        amount bigint not null check (amount > 0),
        currency text not null,
        source_type text not null check (source_type in ('invoice', 'payment', 'order', 'carrier_payment')),
        source_id text not null,
        description text not null,
        created_at timestamptz not null
      );
      create index ledger_entries_account_idx on ledger_entries (account_id, id desc);
      create index ledger_entries_journal_idx on ledger_entries (journal_entry_id);
      create index ledger_entries_source_idx on ledger_entries (account_id, source_id);
      create index ledger_entries_ledger_account_idx on ledger_entries (account_id, ledger_account, id desc)
    `;
    // One statement per call: prepared statements (PGlite) take a single command.
    for (const sql of statements.split(/;\s*\n/).map((x) => x.trim()).filter(Boolean)) this.addSql(sql);

    // Every journal entry balances, checked by the database when the transaction commits (deferred:
    // the lines of an entry are inserted one by one). An entry has two lines or more, one account
    // and, per currency, debits equal to credits.
    this.addSql(`create function ledger_journal_entry_balanced() returns trigger language plpgsql as $$
      declare
        unbalanced record;
      begin
        select journal_entry_id, currency,
               sum(case when direction = 'debit' then amount else 0 end) as debits,
               sum(case when direction = 'credit' then amount else 0 end) as credits,
               count(*) as lines, count(distinct account_id) as accounts
          into unbalanced
          from ledger_entries
         where journal_entry_id = new.journal_entry_id
         group by journal_entry_id, currency
        having sum(case when direction = 'debit' then amount else -amount end) <> 0
            or count(*) < 2
            or count(distinct account_id) <> 1
         limit 1;
        if found then
          raise exception 'journal entry % is not balanced: debits % <> credits % in % (% lines)',
            unbalanced.journal_entry_id, unbalanced.debits, unbalanced.credits, unbalanced.currency, unbalanced.lines
            using errcode = 'check_violation';
        end if;
        return null;
      end
      $$`);
    this.addSql(`create constraint trigger ledger_entries_balanced after insert on ledger_entries
      deferrable initially deferred for each row execute function ledger_journal_entry_balanced()`);
    // Append-only: a posted line is corrected by a new journal entry (a reversal), never edited.
    this.addSql(`create function ledger_entries_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'ledger_entries is append-only';
      end
      $$`);
    this.addSql(`create trigger ledger_entries_append_only before update or delete on ledger_entries
      for each row execute function ledger_entries_append_only()`);
  }
}
