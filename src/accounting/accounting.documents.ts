// The money documents, as document models (src/documents/documents.models.ts): an invoice as its
// customer sees it, and the remittance advice of a carrier payment. Built from what is stored now, in
// the caller's transaction; the same state gives the same model, and so the same PDF.
import { brokerOf } from '../account/account.service.js';
import { Carrier } from '../carriers/carriers.entities.js';
import { Customer } from '../customers/customers.entities.js';
import type { InvoiceDocument, RemittanceDocument } from '../documents/documents.models.js';
import { Order } from '../orders/orders.entities.js';
import { carrierPartyOf, dayOf, loadOf } from '../orders/orders.documents.js';
import type { Context } from '../shared/context.js';
import type { CarrierPayment, Invoice, InvoiceLine } from './accounting.entities.js';
import { amountRemaining } from './accounting.rules.js';

/** The orders of `ids` (of one account), by id. */
async function ordersById(ctx: Context, accountId: string, ids: string[]): Promise<Map<string, Order>> {
  const orders = ids.length ? await ctx.em.find(Order, { id: { $in: ids }, accountId }) : [];
  return new Map(orders.map((o) => [o.id, o]));
}

export async function invoiceDocument(ctx: Context, invoice: Invoice, lines: readonly InvoiceLine[]): Promise<InvoiceDocument> {
  const customer = await ctx.em.findOneOrFail(Customer, { id: invoice.customerId });
  const orders = await ordersById(ctx, invoice.accountId, lines.flatMap((l) => (l.orderId ? [l.orderId] : [])));
  return {
    kind: 'invoice',
    broker: await brokerOf(ctx, invoice.accountId),
    number: invoice.number,
    status: invoice.status,
    issued_on: dayOf(invoice.sentAt ?? invoice.createdAt),
    due_date: invoice.dueDate,
    currency: invoice.currency,
    customer: { name: customer.name, email: customer.email ?? null, billing_address: customer.billingAddress ?? null },
    lines: lines.map((l) => {
      const order = l.orderId ? orders.get(l.orderId) : undefined;
      return { description: l.description, quantity: l.quantity, unit_amount: l.unitAmount, amount: l.amount, load: order ? loadOf(order) : null };
    }),
    subtotal: invoice.subtotal,
    amount_paid: invoice.amountPaid,
    amount_remaining: amountRemaining(invoice),
  };
}

export async function remittanceDocument(ctx: Context, payment: CarrierPayment): Promise<RemittanceDocument> {
  const carrier = await ctx.em.findOneOrFail(Carrier, { id: payment.carrierId });
  const orders = await ordersById(ctx, payment.accountId, payment.orderIds);
  return {
    kind: 'remittance',
    broker: await brokerOf(ctx, payment.accountId),
    carrier: carrierPartyOf(carrier),
    payment: { id: payment.id, sent_on: dayOf(payment.sentAt), payment_method: payment.paymentMethod, reference: payment.reference ?? null, amount: payment.amount, currency: payment.currency },
    loads: payment.orderIds.map((id) => {
      const o = orders.get(id)!;
      return { ...loadOf(o), delivered_on: o.deliveredAt ? dayOf(o.deliveredAt) : null, carrier_pay: o.carrierPay ?? 0 };
    }),
    voided: payment.voidedAt ? { on: dayOf(payment.voidedAt), reason: payment.voidReason ?? '' } : null,
  };
}
