// Invoices: created for a customer from lines (amounts computed here), numbered without gaps per
// account, edited while DRAFT, sent (how and to whom recorded), voided while unpaid. Every change
// writes its event, its ledger entry and (for a void) its audit entry in the same transaction. The
// totals, postings and the void's condition are accounting.rules.ts.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { components, operations } from '../../generated/openapi.js';
import { recordAudit, type AuditAction } from '../audit/audit.service.js';
import { findCustomer } from '../customers/customers.service.js';
import type { Customer } from '../customers/customers.entities.js';
import { findOrder } from '../orders/orders.service.js';
import { unixOrNull, unixSeconds } from '../shared/clock.js';
import { inTransaction, type RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { ownedFinder } from '../shared/find.js';
import { newId } from '../shared/ids.js';
import { createdRange, listPage, type Page } from '../shared/pagination.js';
import { emitEvent } from '../webhooks/emitter.js';
import { Invoice, InvoiceLine } from './accounting.entities.js';
import { billedOrders, invoiceSentPosting, invoiceTotals, invoiceVoidedPosting, lineAmount, subtotalOf, voidTransition } from './accounting.rules.js';
import { invoiceLifecycle } from './invoices.state.js';
import { postJournalEntry } from './ledger.service.js';

type S = components['schemas'];
type ListQuery = NonNullable<operations['listInvoices']['parameters']['query']>;

/** An invoice with its lines, in order: what the API renders. */
export interface InvoiceWithLines {
  invoice: Invoice;
  lines: InvoiceLine[];
}

export function renderInvoice({ invoice: i, lines }: InvoiceWithLines): S['Invoice'] {
  return {
    id: i.id,
    object: 'invoice',
    number: i.number,
    status: i.status,
    customer_id: i.customerId,
    currency: i.currency,
    lines: lines.map((l) => ({ description: l.description, quantity: l.quantity, unit_amount: l.unitAmount, amount: l.amount, order_id: l.orderId ?? null })),
    ...invoiceTotals(i),
    due_date: i.dueDate,
    sent_via: i.sentVia ?? null,
    sent_to: i.sentTo ?? null,
    sent_at: unixOrNull(i.sentAt),
    paid_at: unixOrNull(i.paidAt),
    voided_at: unixOrNull(i.voidedAt),
    created: unixSeconds(i.createdAt),
    updated: unixSeconds(i.updatedAt),
  };
}

export const findInvoice = ownedFinder(Invoice, 'invoice', 'invoice_id');

async function linesOf(ctx: RequestContext, invoiceIds: string[]): Promise<Map<string, InvoiceLine[]>> {
  const lines = invoiceIds.length ? await ctx.em.find(InvoiceLine, { invoiceId: { $in: invoiceIds } }, { orderBy: { invoiceId: 'asc', position: 'asc' } }) : [];
  const by = new Map<string, InvoiceLine[]>(invoiceIds.map((id) => [id, []]));
  for (const l of lines) by.get(l.invoiceId)!.push(l);
  return by;
}

export async function getInvoice(ctx: RequestContext, id: string): Promise<InvoiceWithLines> {
  const invoice = await findInvoice(ctx, id);
  return { invoice, lines: (await linesOf(ctx, [id])).get(id)! };
}

export async function listInvoices(ctx: RequestContext, query: ListQuery): Promise<Page<InvoiceWithLines>> {
  const due = query.due_date ? { ...(query.due_date.gte ? { $gte: query.due_date.gte } : {}), ...(query.due_date.lte ? { $lte: query.due_date.lte } : {}) } : {};
  const where = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.customer_id ? { customerId: query.customer_id } : {}),
    ...(Object.keys(due).length ? { dueDate: due } : {}),
    ...createdRange(query.created),
  };
  const page = await listPage(ctx.em, Invoice, ctx.principal.accountId, where, query);
  const lines = await linesOf(ctx, page.data.map((i) => i.id));
  return { ...page, data: page.data.map((invoice) => ({ invoice, lines: lines.get(invoice.id)! })) };
}

/**
 * Checks and builds the lines: each billed order is the customer's and billed by no live invoice
 * (its row locked, so two invoices cannot bill it at once). Returns the lines and their subtotal.
 */
async function buildLines(tx: RequestContext, invoice: Pick<Invoice, 'id' | 'customerId'>, input: S['InvoiceLineCreate'][]): Promise<{ lines: InvoiceLine[]; subtotal: number }> {
  for (const [orderId, i] of billedOrders(input)) {
    const param = `lines[${i}].order_id`;
    const order = await findOrder(tx, orderId, { param, forUpdate: true });
    if (order.customerId !== invoice.customerId) throw errors.referenceConflict(param, `Order ${orderId} belongs to another customer than the invoice's.`);
    const billed = await tx.em.findOne(InvoiceLine, { orderId, billing: true, invoiceId: { $ne: invoice.id } });
    if (billed) throw errors.orderAlreadyBilled(orderId, billed.invoiceId, param);
  }
  const lines = input.map((l, position) =>
    tx.em.create(InvoiceLine, {
      id: newId('invoiceLine'),
      accountId: tx.principal.accountId,
      invoiceId: invoice.id,
      position,
      description: l.description,
      quantity: l.quantity,
      unitAmount: l.unit_amount,
      amount: lineAmount(l),
      orderId: l.order_id ?? null,
      billing: true,
    }),
  );
  return { lines, subtotal: subtotalOf(lines) };
}

/** The next number of the account's invoices: its counter row, incremented in this transaction (rolled back with it, so no gap). */
async function nextInvoiceNumber(tx: RequestContext): Promise<string> {
  const [row] = (await tx.em.execute(
    `insert into invoice_counters (account_id, last_number) values (?, 1)
     on conflict (account_id) do update set last_number = invoice_counters.last_number + 1
     returning last_number`,
    [tx.principal.accountId],
  )) as { last_number: number }[];
  return `INV-${String(row!.last_number).padStart(6, '0')}`;
}

/**
 * How and to whom an invoice goes (the schema allows one field at most): the email or address given,
 * else the customer's email or billing address (`sent_via` picks which; by default the email, else
 * the address). `prefix` places the fields in the request (`send.` inside createInvoice).
 */
function recipient(customer: Customer, input: S['InvoiceSend'], prefix = ''): { via: S['InvoiceSentVia']; to: string | S['PostalAddress'] } {
  if (input.email) return { via: 'email', to: input.email };
  const postal = (a: S['PostalAddress']) => ({ address1: a.address1, address2: a.address2 ?? null, city: a.city, state: a.state, zip: a.zip });
  if (input.address) return { via: 'post', to: postal(input.address) };
  const via = input.sent_via ?? (customer.email ? 'email' : customer.billingAddress ? 'post' : null);
  if (via === 'email' && customer.email) return { via, to: customer.email };
  if (via === 'post' && customer.billingAddress) return { via, to: postal(customer.billingAddress) };
  const missing = via === 'post' ? 'address' : 'email';
  throw errors.referenceConflict(
    `${prefix}${missing}`,
    `Customer ${customer.id} has no ${via === 'post' ? 'billing address' : via === 'email' ? 'email' : 'email or billing address'}: give ${missing}.`,
  );
}

/** DRAFT -> SENT: records how and to whom, fires invoice.sent, debits receivable and credits revenue. */
async function send(tx: RequestContext, doc: InvoiceWithLines, customer: Customer, input: S['InvoiceSend'], now: Date, prefix = ''): Promise<void> {
  const { invoice } = doc;
  const transition = invoiceLifecycle.assert('send', invoice.status, invoice.id);
  const { via, to } = recipient(customer, input, prefix);
  invoice.status = transition.to;
  invoice.sentVia = via;
  invoice.sentTo = to;
  invoice.sentAt = now;
  invoice.updatedAt = now;
  postJournalEntry(tx, { ...invoiceSentPosting(invoice), accountId: invoice.accountId, currency: invoice.currency, now });
  await emitEvent(tx, transition.event, renderInvoice(doc), { now });
}

/** A unique violation on the lines means another transaction billed the order first. */
async function billingOrders<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException && /invoice_lines_order_billed_once/.test(err.message)) {
      const orderId = /\(order_id\)=\(([^)]+)\)/.exec(err.message)?.[1] ?? 'in lines';
      throw errors.orderAlreadyBilled(orderId, null, 'lines');
    }
    throw err;
  }
}

export function createInvoice(ctx: RequestContext, input: S['InvoiceCreate']): Promise<InvoiceWithLines> {
  // `send: true` is the operation's empty body; an object is that body.
  const sending: S['InvoiceSend'] | null = input.send === true ? {} : input.send === false ? null : input.send;
  return billingOrders(() =>
    inTransaction(ctx, async (tx) => {
      const customer = await findCustomer(tx, input.customer_id, { param: 'customer_id' });
      const now = ctx.clock.now();
      const id = newId('invoice', now.getTime());
      const { lines, subtotal } = await buildLines(tx, { id, customerId: customer.id }, input.lines);
      // Taken last: the counter row stays locked only for the end of the transaction.
      const number = await nextInvoiceNumber(tx);
      const invoice = tx.em.create(Invoice, {
        id,
        accountId: ctx.principal.accountId,
        customerId: customer.id,
        number,
        status: 'DRAFT',
        currency: input.currency,
        subtotal,
        amountPaid: 0,
        dueDate: input.due_date,
        sentVia: null,
        sentTo: null,
        sentAt: null,
        paidAt: null,
        voidedAt: null,
        createdAt: now,
        updatedAt: now,
      });
      tx.em.persist(invoice);
      lines.forEach((l) => tx.em.persist(l));
      const doc = { invoice, lines };
      if (sending) {
        // invoice.created carries the invoice as created: already SENT.
        const created = { ...doc, invoice: { ...invoice } };
        const { via, to } = recipient(customer, sending, 'send.');
        Object.assign(created.invoice, { status: 'SENT', sentVia: via, sentTo: to, sentAt: now });
        await emitEvent(tx, 'invoice.created', renderInvoice(created), { now });
        await send(tx, doc, customer, sending, now, 'send.');
      } else {
        await emitEvent(tx, 'invoice.created', renderInvoice(doc), { now });
      }
      await tx.em.flush();
      return doc;
    }),
  );
}

export function updateInvoice(ctx: RequestContext, id: string, input: S['InvoiceUpdate']): Promise<InvoiceWithLines> {
  return billingOrders(() =>
    inTransaction(ctx, async (tx) => {
      const invoice = await findInvoice(tx, id, { forUpdate: true });
      invoiceLifecycle.assert('update', invoice.status, invoice.id);
      let lines = (await linesOf(tx, [id])).get(id)!;
      if (input.lines) {
        for (const l of lines) tx.em.remove(l);
        await tx.em.flush(); // the old lines go first: the new ones reuse their positions and orders
        const built = await buildLines(tx, invoice, input.lines);
        lines = built.lines;
        lines.forEach((l) => tx.em.persist(l));
        invoice.subtotal = built.subtotal;
      }
      if (input.due_date !== undefined) invoice.dueDate = input.due_date;
      invoice.updatedAt = ctx.clock.now();
      await tx.em.flush();
      return { invoice, lines };
    }),
  );
}

export function sendInvoice(ctx: RequestContext, id: string, input: S['InvoiceSend']): Promise<InvoiceWithLines> {
  return inTransaction(ctx, async (tx) => {
    const invoice = await findInvoice(tx, id, { forUpdate: true });
    invoiceLifecycle.assert('send', invoice.status, invoice.id);
    const customer = await findCustomer(tx, invoice.customerId);
    const doc = { invoice, lines: (await linesOf(tx, [id])).get(id)! };
    await send(tx, doc, customer, input, ctx.clock.now());
    await tx.em.flush();
    return doc;
  });
}

/** SENT with nothing paid -> VOID: reverses the ledger entry, frees the billed orders, audited. */
export function voidInvoice(ctx: RequestContext, id: string): Promise<InvoiceWithLines> {
  return inTransaction(ctx, async (tx) => {
    const invoice = await findInvoice(tx, id, { forUpdate: true });
    const transition = voidTransition(invoice);
    const now = ctx.clock.now();
    const lines = (await linesOf(tx, [id])).get(id)!;
    for (const l of lines) l.billing = false;
    invoice.status = transition.to;
    invoice.voidedAt = now;
    invoice.updatedAt = now;
    postJournalEntry(tx, { ...invoiceVoidedPosting(invoice), accountId: invoice.accountId, currency: invoice.currency, now });
    const doc = { invoice, lines };
    await emitEvent(tx, transition.event, renderInvoice(doc), { now });
    await recordAudit(tx, transition.audit as AuditAction, invoice.id, { now });
    await tx.em.flush();
    return doc;
  });
}
