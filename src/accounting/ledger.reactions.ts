// The ledger's reactions to what happened: each money movement posts its journal entry in the
// transaction of the event that records it (src/shared/reactions.ts), so the orders service delivers a
// load without knowing there is a ledger, and nothing is posted for a change that rolls back. What
// each entry holds is accounting.rules.ts; this file reads what the rules need from the database.
import type { EventPayloads } from '../../generated/events.js';
import type { components } from '../../generated/openapi.js';
import type { Context } from '../shared/context.js';
import type { Happened, Reactions } from '../shared/reactions.js';
import { queryRows } from '../shared/sql.js';
import {
  carrierPaymentPosting,
  carrierPaymentVoidedPosting,
  invoiceSentPosting,
  invoiceVoidedPosting,
  orderDeliveredPosting,
  orderReopenedPosting,
  type LoadTotal,
  paymentReceivedPosting,
  paymentReturnedPosting,
  type BilledLine,
  type Posting,
} from './accounting.rules.js';
import { postJournalEntry } from './ledger.service.js';

const post = (ctx: Context, event: Pick<Happened<never>, 'accountId' | 'createdAt'>, currency: components['schemas']['Currency'], posting: Posting | null) => {
  if (posting) postJournalEntry(ctx, { ...posting, accountId: event.accountId, currency, now: event.createdAt });
};

/** What a sent (or paid) invoice billed for the order, if one did: the amount of its line. */
async function billedAmount(ctx: Context, orderId: string): Promise<number | null> {
  const [row] = await queryRows<{ amount: string | number }>(
    ctx.em,
    `select l.amount from invoice_lines l join invoices i on i.id = l.invoice_id
      where l.order_id = $1 and l.billing and i.status in ('SENT', 'PAID')`,
    [orderId],
  );
  return row ? Number(row.amount) : null;
}

/**
 * The invoice's lines with what the ledger holds for their loads: for a delivered load, its price
 * (what its delivery recognized into unbilled receivables, and what a void puts back). The orders are
 * locked by the invoice's service before the event, so a delivery cannot slip in between.
 */
async function billedLines(ctx: Context, invoice: EventPayloads['invoice.sent']): Promise<BilledLine[]> {
  const orderIds = invoice.lines.flatMap((l) => (l.order_id ? [l.order_id] : []));
  const delivered = new Map<string, number>();
  if (orderIds.length) {
    const rows = await queryRows<{ id: string; price: string | number | null }>(
      ctx.em,
      `select id, price from orders where id in (select jsonb_array_elements_text($1::jsonb)) and status = 'delivered'`,
      [JSON.stringify(orderIds)],
    );
    for (const r of rows) delivered.set(r.id, Number(r.price ?? 0));
  }
  return invoice.lines.map((l) => ({ amount: l.amount, orderId: l.order_id ?? null, recognized: l.order_id ? (delivered.get(l.order_id) ?? null) : null }));
}

/** The invoice a payment was applied to (its number names it in the entry's description), if any. */
async function paidInvoice(ctx: Context, payment: { invoice_id: string | null }): Promise<{ number: string } | null> {
  if (!payment.invoice_id) return null;
  const [invoice] = await queryRows<{ number: string }>(ctx.em, 'select number from invoices where id = $1', [payment.invoice_id]);
  return invoice ?? null;
}

/**
 * What the ledger holds for the load on its own accounts (revenue, unbilled and deferred revenue,
 * carrier cost and payable), by account and side: what a reopened delivery reverses. A delivery
 * posted before lines named their load names it as its source.
 */
async function loadTotals(ctx: Context, accountId: string, orderId: string): Promise<LoadTotal[]> {
  return queryRows<LoadTotal>(
    ctx.em,
    `select ledger_account, direction, sum(amount)::text as total from ledger_entries
      where account_id = $1 and (order_id = $2 or (order_id is null and source_type = 'order' and source_id = $2))
        and ledger_account in ('revenue', 'unbilled_receivables', 'deferred_revenue', 'carrier_cost', 'carrier_payable')
      group by ledger_account, direction order by ledger_account, direction`,
    [accountId, orderId],
  );
}

export const ledgerReactions: Reactions = {
  'order.delivered': [
    async (ctx, event) => {
      const order = event.data;
      post(ctx, event, order.currency, orderDeliveredPosting({ id: order.id, price: order.price, carrierPay: order.carrier_pay }, await billedAmount(ctx, order.id)));
    },
  ],
  'invoice.sent': [
    async (ctx, event) => {
      post(ctx, event, event.data.currency, invoiceSentPosting(event.data, await billedLines(ctx, event.data)));
    },
  ],
  'invoice.voided': [
    async (ctx, event) => {
      post(ctx, event, event.data.currency, invoiceVoidedPosting(event.data, await billedLines(ctx, event.data)));
    },
  ],
  'payment.received': [
    async (ctx, event) => {
      post(ctx, event, event.data.currency, paymentReceivedPosting(event.data, await paidInvoice(ctx, event.data)));
    },
  ],
  'payment.returned': [
    async (ctx, event) => {
      post(ctx, event, event.data.currency, paymentReturnedPosting(event.data, await paidInvoice(ctx, event.data)));
    },
  ],
  'order.reopened': [
    async (ctx, event) => {
      const order = event.data;
      // Only a reopened delivery moved money; a reopened cancellation posts nothing.
      if (order.reopenings.at(-1)?.from_status !== 'delivered') return;
      post(ctx, event, order.currency, orderReopenedPosting(order, await loadTotals(ctx, event.accountId, order.id)));
    },
  ],
  'carrier_payment.voided': [
    async (ctx, event) => {
      post(ctx, event, event.data.currency, carrierPaymentVoidedPosting(event.data, event.data.carrier_id));
    },
  ],
  'carrier_payment.sent': [
    async (ctx, event) => {
      post(ctx, event, event.data.currency, carrierPaymentPosting(event.data, event.data.carrier_id));
    },
  ],
};
