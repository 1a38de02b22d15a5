import { Migration } from '@mikro-orm/migrations';
import { newId } from '../../shared/ids.js';

/**
 * The books of an existing account brought to revenue recognized at delivery, by dated
 * reclassification entries posted now (the ledger is append-only: no line is changed, and the
 * periods already reported keep what they said). Before, an invoice credited revenue when it was
 * sent and a delivery posted only its carrier cost. For each account and currency:
 * - each line of a sent (or paid) invoice whose load is not delivered, or that bills no load, was
 *   revenue not yet earned: debit revenue, credit deferred revenue (its delivery, or nothing for a
 *   line of no load, recognizes it from now on);
 * - each delivered load that no sent (or paid) invoice bills was earned and not recognized: debit
 *   unbilled receivables, credit revenue, by its price.
 * A delivered load that was invoiced is already right (its revenue is what the invoice billed).
 */
export class Migration20261128000020_accrual_reclassification extends Migration {
  override async up(): Promise<void> {
    const now = new Date();
    const deferred = (await this.execute(
      `select i.account_id, i.currency, i.id as source_id, i.number, l.order_id, l.amount::text as amount
         from invoices i join invoice_lines l on l.invoice_id = i.id
         left join orders o on o.id = l.order_id
        where i.status in ('SENT', 'PAID') and (l.order_id is null or o.status <> 'delivered')
        order by i.id, l.position`,
    )) as { account_id: string; currency: string; source_id: string; number: string; order_id: string | null; amount: string }[];
    const unbilled = (await this.execute(
      `select o.account_id, o.currency, o.id as source_id, o.price::text as amount
         from orders o
        where o.status = 'delivered' and coalesce(o.price, 0) > 0
          and not exists (select 1 from invoice_lines l join invoices i on i.id = l.invoice_id
                           where l.order_id = o.id and l.billing and i.status in ('SENT', 'PAID'))
        order by o.id`,
    )) as { account_id: string; currency: string; source_id: string; amount: string }[];

    const insert = async (
      entry: { accountId: string; currency: string; sourceType: 'invoice' | 'order'; sourceId: string; description: string },
      lines: { account: string; direction: 'debit' | 'credit'; amount: string; orderId: string | null }[],
    ) => {
      const journalEntryId = newId('journalEntry', now.getTime());
      for (const l of lines) {
        await this.execute(
          `insert into ledger_entries (id, account_id, journal_entry_id, ledger_account, direction, amount, currency, source_type, source_id,
             order_id, kind, description, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'reclassification', ?, ?)`,
          [newId('ledgerEntry', now.getTime()), entry.accountId, journalEntryId, l.account, l.direction, l.amount, entry.currency, entry.sourceType, entry.sourceId, l.orderId, entry.description, now],
        );
      }
    };

    // One entry per invoice: a debit of revenue and a credit of deferred revenue per line.
    const byInvoice = new Map<string, typeof deferred>();
    for (const row of deferred) byInvoice.set(row.source_id, [...(byInvoice.get(row.source_id) ?? []), row]);
    for (const [sourceId, rows] of byInvoice) {
      const first = rows[0]!;
      await insert(
        { accountId: first.account_id, currency: first.currency, sourceType: 'invoice', sourceId, description: `Invoice ${first.number}: revenue of loads not delivered reclassified as deferred (revenue recognized at delivery)` },
        rows.flatMap((r) => [
          { account: 'revenue', direction: 'debit' as const, amount: r.amount, orderId: r.order_id },
          { account: 'deferred_revenue', direction: 'credit' as const, amount: r.amount, orderId: r.order_id },
        ]),
      );
    }
    for (const r of unbilled) {
      await insert({ accountId: r.account_id, currency: r.currency, sourceType: 'order', sourceId: r.source_id, description: `Order ${r.source_id}: delivered and not invoiced, revenue recognized (revenue recognized at delivery)` }, [
        { account: 'unbilled_receivables', direction: 'debit', amount: r.amount, orderId: r.source_id },
        { account: 'revenue', direction: 'credit', amount: r.amount, orderId: r.source_id },
      ]);
    }
  }
}
