// The documents of a load: its rate confirmation (what the carrier agreed to when it was dispatched)
// and its bill of lading (what was delivered, and who signed for it), as document models
// (src/documents/documents.models.ts) rendered to PDF on request, and emailed to the carrier at
// dispatch. Also the load as every document shows it (loadOf), which invoices and remittance advice
// use too.
import { brokerOf } from '../account/account.service.js';
import { Carrier } from '../carriers/carriers.entities.js';
import { Customer } from '../customers/customers.entities.js';
import type { BillOfLadingDocument, CarrierParty, Load, RateConfirmationDocument } from '../documents/documents.models.js';
import { unixOrNull } from '../shared/clock.js';
import type { Context } from '../shared/context.js';
import type { Order } from './orders.entities.js';
import { orderLifecycle } from './orders.state.js';

/** The UTC calendar day of an instant. */
export const dayOf = (d: Date): string => d.toISOString().slice(0, 10);

export const loadOf = (o: Pick<Order, 'id' | 'number' | 'reference' | 'pickup' | 'delivery' | 'vehicles'>): Load => ({
  id: o.id,
  number: o.number,
  reference: o.reference ?? null,
  pickup: o.pickup,
  delivery: o.delivery,
  vehicles: o.vehicles.map((v) => ({ year: v.year, make: v.make, model: v.model, vin: v.vin, type: v.type ?? null, inoperable: v.inoperable ?? false })),
});

export const carrierPartyOf = (c: Carrier): CarrierParty => ({
  id: c.id,
  legal_name: c.legalName ?? null,
  dot_number: c.dotNumber,
  mc_number: c.mcNumber ?? null,
  contact_name: c.contactName,
  contact_email: c.contactEmail,
  phone: c.phone,
});

/** The carrier the order was dispatched to (read in the caller's transaction). */
const carrierOf = (ctx: Context, order: Order): Promise<Carrier> => ctx.em.findOneOrFail(Carrier, { id: order.carrierId!, accountId: order.accountId });

/** The rate confirmation of a dispatched order (in transit or delivered since); 409 otherwise. */
export async function rateConfirmationDocument(ctx: Context, order: Order): Promise<RateConfirmationDocument> {
  orderLifecycle.assert('confirm_rate', order.status, order.id);
  return {
    kind: 'rate_confirmation',
    broker: await brokerOf(ctx, order.accountId),
    carrier: carrierPartyOf(await carrierOf(ctx, order)),
    load: { ...loadOf(order), ready_date: order.readyDate, delivery_window_days: order.deliveryWindowDays, dispatched_on: dayOf(order.dispatchedAt!) },
    carrier_pay: order.carrierPay ?? null,
    currency: order.currency,
  };
}

/** The bill of lading of a delivered order; 409 before delivery. */
export async function billOfLadingDocument(ctx: Context, order: Order): Promise<BillOfLadingDocument> {
  orderLifecycle.assert('print_bill_of_lading', order.status, order.id);
  const customer = await ctx.em.findOneOrFail(Customer, { id: order.customerId });
  const bol = order.billOfLading!;
  return {
    kind: 'bill_of_lading',
    broker: await brokerOf(ctx, order.accountId),
    customer: { name: customer.name },
    carrier: order.carrierId ? carrierPartyOf(await carrierOf(ctx, order)) : null,
    load: loadOf(order),
    picked_up_at: unixOrNull(order.pickedUpAt),
    delivered_at: unixOrNull(order.deliveredAt) ?? bol.signed_at,
    signed_by: bol.signed_by,
    signed_at: bol.signed_at,
    exceptions: order.exceptions.map((e) => ({ kind: e.kind, note: e.note ?? null, created: e.created })),
  };
}
