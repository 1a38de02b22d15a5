// Orders: creation, edits while pending (order.updated), and the lifecycle actions (each its own event);
// every change writes its event in the same transaction.
import { raw } from '@mikro-orm/core';
import type { components, operations } from '../../generated/openapi.js';
import { unixOrNull, unixSeconds, type Clock } from '../shared/clock.js';
import { inTransaction, type RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { ownedFinder } from '../shared/find.js';
import { newId } from '../shared/ids.js';
import { insertRow, queryRows, type InsertOptions } from '../shared/sql.js';
import { mergeMetadata } from '../shared/metadata.js';
import { createdRange, listPage, type Page } from '../shared/pagination.js';
import { findCustomer } from '../customers/customers.service.js';
import { emitEvent, emitUpdated } from '../webhooks/emitter.js';
import { findCarrier } from '../carriers/carriers.service.js';
import type { Carrier } from '../carriers/carriers.entities.js';
import { latestMessages, queueMessage, withdrawMessages } from '../mail/outbox.js';
import { recordAudit } from '../audit/audit.service.js';
import { Order } from './orders.entities.js';
import { billOfLadingDocument, rateConfirmationDocument } from './orders.documents.js';
import { noticeCustomer } from './notices.js';
import { orderLifecycle } from './orders.state.js';
import { isValidVin } from './vin.js';
import { livemodeOf } from '../shared/livemode.js';
import { atTime, clockForNew } from '../clocks/object-clock.js';
import { insertPublicLink, issuePublicLink, linkOpens, newPublicLink, publicLinkUrl } from '../shared/public-links.js';

type S = components['schemas'];
type ListQuery = NonNullable<operations['listOrders']['parameters']['query']>;

export function renderOrder(o: Order): S['Order'] {
  return {
    id: o.id,
    object: 'order',
    livemode: livemodeOf(o.accountId),
    test_clock: o.testClockId ?? null,
    number: o.number,
    reference: o.reference ?? null,
    tracking_url: publicLinkUrl('tracking', o.id, o.trackingLink),
    status: o.status,
    customer_id: o.customerId,
    carrier_id: o.carrierId ?? null,
    pickup: stop(o.pickup),
    delivery: stop(o.delivery),
    vehicles: o.vehicles.map(vehicle),
    ready_date: o.readyDate,
    delivery_window_days: o.deliveryWindowDays,
    price: o.price ?? null,
    carrier_pay: o.carrierPay ?? null,
    currency: o.currency,
    bill_of_lading: o.billOfLading ?? null,
    exceptions: o.exceptions,
    cancellation_reason: o.cancellationReason ?? null,
    cancelled_at: unixOrNull(o.cancelledAt),
    dispatched_at: unixOrNull(o.dispatchedAt),
    picked_up_at: unixOrNull(o.pickedUpAt),
    delivered_at: unixOrNull(o.deliveredAt),
    reopenings: o.reopenings ?? [],
    metadata: o.metadata,
    created: unixSeconds(o.createdAt),
    updated: unixSeconds(o.updatedAt),
  };
}

/** A stop with every field present, in a stable key order (jsonb does not keep it). */
const stop = (s: S['OrderStop'] | S['StopOut']): S['StopOut'] => ({
  address1: s.address1,
  address2: s.address2 ?? null,
  city: s.city,
  state: s.state,
  zip: s.zip,
  contact_name: s.contact_name ?? null,
  contact_phone: s.contact_phone ?? null,
});

const vehicle = (v: S['Vehicle'] | S['VehicleOut']): S['VehicleOut'] => ({
  vin: v.vin,
  year: v.year,
  make: v.make,
  model: v.model,
  type: v.type ?? null,
  inoperable: v.inoperable ?? false,
});

/** The rules a JSON schema cannot say: VIN check digit and a model year no later than next year. */
function vehicles(list: S['Vehicle'][], clock: Clock): S['VehicleOut'][] {
  const maxYear = clock.now().getUTCFullYear() + 1;
  return list.map((v, i) => {
    if (v.year > maxYear) throw errors.invalidValue(`vehicles[${i}].year`, `Model year ${v.year} is later than ${maxYear}.`);
    if (!isValidVin(v.vin, v.year)) throw errors.invalidVin(v.vin, `vehicles[${i}].vin`);
    return vehicle(v);
  });
}

export const findOrder = ownedFinder(Order, 'order', 'order_id');

/**
 * The order's load number is the next of its account's counter, taken by the statement that inserts
 * the order: the counter row is incremented there and stays locked until the transaction ends (a
 * concurrent creation waits for it; a rollback gives the number back), so it is taken last, with as
 * little as possible after it. The same statement makes its tracking link's row. `$1` is the
 * account, `$2` to `$6` the link's row (`newPublicLink`).
 */
const NEXT_NUMBER = `with link as (${insertPublicLink(2)}),
  counter as (
  insert into order_counters (account_id, last_number) values ($1, 1)
  on conflict (account_id) do update set last_number = order_counters.last_number + 1
  returning last_number)`;
/** `L-000123`: at least six digits. */
const LOAD_NUMBER = `(select 'L-' || lpad(last_number::text, greatest(6, length(last_number::text)), '0') from counter)`;
/** A new order's insert: its tracking link made and its number taken from the account's counter (parameters: the account, the link's row). */
const NUMBERED_ORDER: InsertOptions<Order> = { with: NEXT_NUMBER, paramCount: 6, computed: { number: LOAD_NUMBER }, returning: 'number' };

export async function createOrder(ctx: RequestContext, input: S['OrderCreate']): Promise<Order> {
  const checkedVehicles = vehicles(input.vehicles, ctx.clock);
  return inTransaction(ctx, async (tx) => {
    const customer = await findCustomer(tx, input.customer_id, { param: 'customer_id' });
    // An order lives on its customer's test clock (created at the clock's time); naming another is refused.
    if (input.test_clock !== undefined && input.test_clock !== customer.testClockId) {
      throw errors.referenceConflict('test_clock', `Customer ${customer.id} lives on ${customer.testClockId ? `test clock ${customer.testClockId}` : 'no test clock'}: its orders live there too.`);
    }
    const clock = await clockForNew(tx, customer.testClockId ?? undefined, 'orders');
    const now = clock?.now ?? ctx.clock.now();
    const id = newId('order', now.getTime());
    const link = newPublicLink('tracking', id, ctx.principal.accountId, now);
    // Written with one statement, not through the unit of work: nothing changes it before commit.
    const order: Order = {
      id,
      accountId: ctx.principal.accountId,
      number: '', // the database's, below
      reference: input.reference ?? null,
      trackingLink: link.sealed,
      testClockId: clock?.id ?? null,
      customerId: input.customer_id,
      carrierId: null,
      status: 'pending',
      pickup: stop(input.pickup),
      delivery: stop(input.delivery),
      vehicles: checkedVehicles,
      readyDate: input.ready_date,
      deliveryWindowDays: input.delivery_window_days,
      price: input.price ?? null,
      carrierPay: input.carrier_pay ?? null,
      currency: input.currency,
      billOfLading: null,
      exceptions: [],
      cancellationReason: null,
      cancelledAt: null,
      dispatchedAt: null,
      pickedUpAt: null,
      deliveredAt: null,
      reopenings: [],
      metadata: input.metadata ?? {},
      createdAt: now,
      updatedAt: now,
    };
    // The tracking link is made and the load number taken by the insert (NEXT_NUMBER), after everything but the event.
    const inserted = await insertRow(tx.em, Order, order, NUMBERED_ORDER, [ctx.principal.accountId, ...link.row]);
    order.number = inserted!.number as string;
    // On a clock, at the clock's time (due then to its endpoints, now to the others).
    await emitEvent(clock ? atTime(tx, now) : tx, 'order.created', renderOrder(order), { now });
    await tx.em.flush();
    return order;
  });
}

export async function updateOrder(ctx: RequestContext, id: string, input: S['OrderUpdate']): Promise<Order> {
  const checkedVehicles = input.vehicles ? vehicles(input.vehicles, ctx.clock) : undefined;
  return inTransaction(ctx, async (tx) => {
    // Locked: a concurrent cancel cannot interleave with the edit.
    const order = await findOrder(tx, id, { forUpdate: true });
    orderLifecycle.assert('update', order.status, order.id);
    const before = structuredClone(renderOrder(order));
    const was = order.updatedAt;
    if (input.pickup) order.pickup = stop(input.pickup);
    if (input.delivery) order.delivery = stop(input.delivery);
    if (checkedVehicles) order.vehicles = checkedVehicles;
    if (input.ready_date !== undefined) order.readyDate = input.ready_date;
    if (input.delivery_window_days !== undefined) order.deliveryWindowDays = input.delivery_window_days;
    if (input.price !== undefined) order.price = input.price;
    if (input.carrier_pay !== undefined) order.carrierPay = input.carrier_pay;
    if (input.reference !== undefined) order.reference = input.reference;
    if (input.metadata !== undefined) order.metadata = mergeMetadata(order.metadata, input.metadata);
    const now = ctx.clock.now();
    order.updatedAt = now;
    // order.updated with what changed; an edit that changes nothing records nothing, `updated` included.
    if (!(await emitUpdated(tx, 'order.updated', before, renderOrder(order), { now }))) order.updatedAt = was;
    await tx.em.flush();
    return order;
  });
}

/** What each lifecycle action does to the order (its row in orderLifecycle says when it is allowed). */
const ACTION_EFFECTS = {
  async dispatch(tx: RequestContext, order: Order, input: S['OrderDispatch'], now: Date) {
    const carrier = await findCarrier(tx, input.carrier_id, { param: 'carrier_id' });
    if (carrier.status !== 'active') throw errors.carrierNotActive(carrier.id, carrier.status);
    // What lives on a test clock is dispatched within it (deleting the clock leaves nothing behind).
    if ((carrier.testClockId ?? null) !== (order.testClockId ?? null)) {
      throw errors.referenceConflict('carrier_id', `Order ${order.id} lives on ${order.testClockId ? `test clock ${order.testClockId}` : 'no test clock'} and carrier ${carrier.id} on ${carrier.testClockId ? `test clock ${carrier.testClockId}` : 'none'}: dispatch to a carrier of the same clock.`);
    }
    order.carrierId = carrier.id;
    // The pay agreed with the carrier (and the price, when settled now) are what the rate confirmation states.
    if (input.carrier_pay !== undefined) order.carrierPay = input.carrier_pay;
    if (input.price !== undefined) order.price = input.price;
    order.dispatchedAt = now;
    // The carrier gets the rate confirmation by email, written with the dispatch.
    await queueRateConfirmation(tx, { ...order, status: 'dispatched' }, carrier, now);
    await noticeCustomer(tx, order, 'dispatched', now);
  },
  async pickup(tx: RequestContext, order: Order, input: S['OrderPickup'], now: Date) {
    order.pickedUpAt = input.picked_up_at !== undefined ? new Date(input.picked_up_at * 1000) : now;
    await noticeCustomer(tx, order, 'picked_up', now);
  },
  // (order.delivered, recorded below, is what the ledger recognizes the load's revenue and cost on.)
  async deliver(tx: RequestContext, order: Order, input: S['OrderDelivery'], now: Date) {
    const signedAt = input.signed_at ?? unixSeconds(now);
    order.billOfLading = { signed_by: input.signed_by, signed_at: signedAt };
    order.deliveredAt = new Date(signedAt * 1000);
    // The customer's copy of the signed bill of lading, of the order as delivered.
    await noticeCustomer(tx, { ...order, status: 'delivered' }, 'delivered', now);
  },
  async cancel(tx: RequestContext, order: Order, input: S['OrderCancel'], now: Date) {
    order.cancellationReason = input.reason ?? null;
    order.cancelledAt = now;
    // A rate confirmation (and a customer's email) not sent yet is not sent for a load that will not move.
    await withdrawMessages(tx, order.accountId, order.id, now);
  },
  async report_exception(_tx: RequestContext, order: Order, input: S['OrderExceptionCreate'], now: Date) {
    order.exceptions = [...order.exceptions, { kind: input.kind, note: input.note ?? null, created: unixSeconds(now) }];
  },
};

export type OrderActionWithEffect = keyof typeof ACTION_EFFECTS;

/**
 * Moves an order through its lifecycle: locks the row, checks the move against the table, applies
 * the action's effect and records its event, all in one transaction.
 */
export async function actOnOrder<A extends OrderActionWithEffect>(
  ctx: RequestContext,
  id: string,
  action: A,
  input: Parameters<(typeof ACTION_EFFECTS)[A]>[2],
): Promise<Order> {
  return inTransaction(ctx, async (tx) => {
    const order = await findOrder(tx, id, { forUpdate: true });
    const transition = orderLifecycle.assert(action, order.status, order.id);
    const now = ctx.clock.now();
    // An order made before tracking links gets one on its next move (the customer's emails carry it).
    if (!order.trackingLink) order.trackingLink = await issuePublicLink(tx.em, 'tracking', order.id, order.accountId, now);
    await (ACTION_EFFECTS[action] as (tx: RequestContext, order: Order, input: unknown, now: Date) => Promise<void>)(tx, order, input, now);
    if ('to' in transition) order.status = transition.to;
    order.updatedAt = now;
    await emitEvent(tx, transition.event, renderOrder(order), { now });
    await tx.em.flush();
    return order;
  });
}

/** The status a reopened order goes back to: before its cancellation (dispatched when it had a carrier), or in transit before its delivery. */
export function reopenedStatus(order: Pick<Order, 'status' | 'carrierId' | 'dispatchedAt'>): S['OrderReopening']['to_status'] {
  if (order.status === 'delivered') return 'in_transit';
  return order.carrierId && order.dispatchedAt ? 'dispatched' : 'pending';
}

/** What bills or pays for a delivered load: a sent or paid invoice's line, a carrier payment (each stops its reopening). */
async function whatDependsOnDelivery(tx: RequestContext, order: Order): Promise<void> {
  const [invoice] = await queryRows<{ id: string }>(
    tx.em,
    `select i.id from invoice_lines l join invoices i on i.id = l.invoice_id
      where l.order_id = $1 and l.billing and i.status in ('SENT', 'PAID') and i.account_id = $2 limit 1`,
    [order.id, order.accountId],
  );
  if (invoice) throw errors.orderAlreadyBilled(order.id, invoice.id, 'order_id', `void invoice ${invoice.id} before reopening the order`);
  const [paid] = await queryRows<{ carrier_payment_id: string }>(
    tx.em,
    'select carrier_payment_id from carrier_payment_orders where order_id = $1 and account_id = $2',
    [order.id, order.accountId],
  );
  if (paid) throw errors.orderAlreadyPaid(order.id, paid.carrier_payment_id, 'order_id', `void carrier payment ${paid.carrier_payment_id} before reopening the order`);
}

/**
 * cancelled or delivered -> the status before it, for a cancellation or a delivery recorded by
 * mistake. Refused (409, nothing written) 30 days or more after it ended (its tracking link is dead
 * and its customer was told), while a sent invoice bills the delivered load or a carrier payment pays
 * for it, and when the carrier of an order going back to dispatched is no longer active. What the
 * terminal state cleared is kept in `reopenings`; order.reopened (on which the ledger reverses a
 * delivery) and the audit entry are written in the same transaction; a rate confirmation or customer
 * email the cancellation withdrew is queued again, and a delivery email not sent yet is withdrawn.
 */
export async function reopenOrder(ctx: RequestContext, id: string, input: S['OrderReopen']): Promise<Order> {
  return inTransaction(ctx, async (tx) => {
    const order = await findOrder(tx, id, { forUpdate: true });
    orderLifecycle.assert('reopen', order.status, order.id);
    const now = ctx.clock.now();
    const from = order.status as S['OrderReopening']['from_status'];
    const endedAt = (from === 'cancelled' ? order.cancelledAt : order.deliveredAt) ?? now;
    if (!linkOpens(endedAt, now)) {
      throw errors.invalidStateTransition(
        `Order ${order.id} was ${from} on ${endedAt.toISOString().slice(0, 10)}, 30 days or more ago: its tracking link has stopped opening and it cannot be reopened; create a new order instead.`,
      );
    }
    const to = reopenedStatus(order);
    if (from === 'delivered') await whatDependsOnDelivery(tx, order);
    if (to === 'dispatched') {
      const carrier = await findCarrier(tx, order.carrierId!, { param: 'order_id' });
      if (carrier.status !== 'active') throw errors.carrierNotActive(carrier.id, carrier.status);
    }
    order.reopenings = [
      ...(order.reopenings ?? []),
      {
        from_status: from,
        to_status: to,
        reason: input.reason,
        cancellation_reason: from === 'cancelled' ? (order.cancellationReason ?? null) : null,
        ended_at: unixSeconds(endedAt),
        bill_of_lading: from === 'delivered' ? (order.billOfLading ?? null) : null,
        created: unixSeconds(now),
      },
    ];
    if (from === 'cancelled') {
      order.cancelledAt = null;
      order.cancellationReason = null;
    } else {
      order.deliveredAt = null;
      order.billOfLading = null;
      // The customer's delivery email (with the bill of lading) not sent yet is not sent for a load still moving.
      await withdrawMessages(tx, order.accountId, order.id, now, ['order_delivered']);
    }
    order.status = to;
    order.updatedAt = now;
    if (to === 'dispatched') await rearmDispatchMessages(tx, order, now);
    // The ledger reverses a delivery's revenue and cost as it records order.reopened.
    await emitEvent(tx, 'order.reopened', renderOrder(order), { now });
    await recordAudit(tx, 'order.reopened', order.id, { now });
    await tx.em.flush();
    return order;
  });
}

/** The carrier's rate confirmation for `order`, by email through the outbox. */
async function queueRateConfirmation(tx: RequestContext, order: Order, carrier: Carrier, now: Date): Promise<void> {
  await queueMessage(tx, {
    kind: 'rate_confirmation',
    channel: 'email',
    subjectId: order.id,
    to: carrier.contactEmail,
    toName: carrier.legalName ?? carrier.contactName,
    replyTo: null,
    document: await rateConfirmationDocument(tx, order),
    now,
  });
}

/** The dispatch's emails the cancellation withdrew before they went out (the carrier's rate confirmation, the customer's notice), queued again. */
async function rearmDispatchMessages(tx: RequestContext, order: Order, now: Date): Promise<void> {
  const [rate] = (await latestMessages(tx.em, order.accountId, [order.id], 'rate_confirmation')).values();
  if (rate?.status === 'cancelled') {
    await queueRateConfirmation(tx, order, await findCarrier(tx, order.carrierId!, { param: 'order_id' }), now);
  }
  const [notice] = (await latestMessages(tx.em, order.accountId, [order.id], 'order_dispatched')).values();
  if (notice?.status === 'cancelled') await noticeCustomer(tx, order, 'dispatched', now);
}

export function listOrders(ctx: RequestContext, query: ListQuery): Promise<Page<Order>> {
  const where = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.customer_id ? { customerId: query.customer_id } : {}),
    ...(query.carrier_id ? { carrierId: query.carrier_id } : {}),
    ...(query.number ? { number: query.number } : {}),
    ...(query.reference ? { reference: query.reference } : {}),
    ...createdRange(query.created),
    // On an invoice that is not void (its line still bills the order), in a carrier payment.
    ...(query.billed === undefined ? {} : { [raw((alias) => `exists (select 1 from invoice_lines l where l.order_id = ${alias}.id and l.billing)`)]: query.billed }),
    ...(query.carrier_paid === undefined ? {} : { [raw((alias) => `exists (select 1 from carrier_payment_orders p where p.order_id = ${alias}.id)`)]: query.carrier_paid }),
  };
  return listPage(ctx.em, Order, ctx.principal.accountId, where, query);
}

/** A new tracking link for the order; the old one stops opening when this commits. */
export async function rotateTrackingLink(ctx: RequestContext, id: string): Promise<Order> {
  return inTransaction(ctx, async (tx) => {
    const order = await findOrder(tx, id, { forUpdate: true });
    const now = ctx.clock.now();
    order.trackingLink = await issuePublicLink(tx.em, 'tracking', order.id, order.accountId, now);
    order.updatedAt = now;
    await tx.em.flush();
    return order;
  });
}

/** The order's rate confirmation or bill of lading, as a document model (rendered to PDF by the handler). */
export async function orderDocument(ctx: RequestContext, id: string, which: 'rate_confirmation' | 'bill_of_lading') {
  const order = await findOrder(ctx, id);
  return which === 'rate_confirmation' ? rateConfirmationDocument(ctx, order) : billOfLadingDocument(ctx, order);
}
