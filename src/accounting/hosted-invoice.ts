// An invoice's hosted page as its customer sees it, from the token of its link alone: the invoice
// (lines, totals, due date), whether it is paid, due or past due, how to pay, its PDF and the
// tracking pages of its loads. A link that is unknown, rotated or 30 days past payment or void opens
// nothing (null), whichever it is.
import { Account } from '../auth/auth.entities.js';
import { Customer } from '../customers/customers.entities.js';
import type { InvoiceDocument } from '../documents/documents.models.js';
import { day, money } from '../documents/format.js';
import { Order } from '../orders/orders.entities.js';
import { trackingUrlOf } from '../orders/tracking.js';
import type { Context } from '../shared/context.js';
import { findPublicLink, linkOpens } from '../shared/public-links.js';
import { invoiceDocument } from './accounting.documents.js';
import { Invoice, InvoiceLine } from './accounting.entities.js';
import { isPastDue } from './accounting.rules.js';

export interface HostedInvoiceView {
  broker: { name: string; phone: string | null; email: string | null };
  number: string;
  customer: string;
  /** `Paid`, `Due`, `Past due` or `Void`. */
  standing: 'Paid' | 'Due' | 'Past due' | 'Void';
  dueDate: string;
  lines: { description: string; load: string | null; amount: string; trackingUrl: string | null }[];
  subtotal: string;
  paid: string;
  remaining: string;
  paymentInstructions: string | null;
}

/** The invoice a hosted-page token opens now, or null. */
export async function hostedInvoice(ctx: Context, token: string): Promise<Invoice | null> {
  const link = await findPublicLink(ctx.em, 'invoice', token);
  if (!link) return null;
  const invoice = await ctx.em.findOne(Invoice, { id: link.objectId, accountId: link.accountId });
  if (!invoice || invoice.status === 'DRAFT' || !linkOpens(invoice.paidAt ?? invoice.voidedAt, ctx.clock.now())) return null;
  return invoice;
}

const linesOf = (ctx: Context, invoice: Invoice) => ctx.em.find(InvoiceLine, { invoiceId: invoice.id }, { orderBy: { position: 'asc' } });

export async function hostedInvoiceView(ctx: Context, invoice: Invoice): Promise<HostedInvoiceView> {
  const now = ctx.clock.now();
  const account = await ctx.em.findOneOrFail(Account, { id: invoice.accountId });
  const customer = await ctx.em.findOneOrFail(Customer, { id: invoice.customerId, accountId: invoice.accountId });
  const lines = await linesOf(ctx, invoice);
  const orderIds = lines.flatMap((l) => (l.orderId ? [l.orderId] : []));
  const orders = new Map((orderIds.length ? await ctx.em.find(Order, { id: { $in: orderIds }, accountId: invoice.accountId }) : []).map((o) => [o.id, o]));
  const amount = (cents: number) => money(cents, invoice.currency);
  const standing = invoice.status === 'VOID' ? 'Void' : invoice.status === 'PAID' ? 'Paid' : isPastDue(invoice, now.toISOString().slice(0, 10)) ? 'Past due' : 'Due';
  return {
    broker: { name: account.legalName ?? account.name, phone: account.phone ?? null, email: account.email ?? null },
    number: invoice.number,
    customer: customer.name,
    standing,
    dueDate: day(invoice.dueDate),
    lines: lines.map((l) => {
      const order = l.orderId ? orders.get(l.orderId) : undefined;
      return {
        description: l.description,
        load: order ? (order.reference ? `${order.number} (ref. ${order.reference})` : order.number) : null,
        amount: amount(l.amount),
        trackingUrl: order ? trackingUrlOf(order, now) : null,
      };
    }),
    subtotal: amount(invoice.subtotal),
    paid: amount(invoice.amountPaid),
    remaining: amount(invoice.subtotal - invoice.amountPaid),
    paymentInstructions: standing === 'Due' || standing === 'Past due' ? (account.paymentInstructions ?? null) : null,
  };
}

/** The invoice's PDF model, as the account would print it now. */
export async function hostedInvoiceDocument(ctx: Context, invoice: Invoice): Promise<InvoiceDocument> {
  return invoiceDocument(ctx, invoice, await linesOf(ctx, invoice));
}
