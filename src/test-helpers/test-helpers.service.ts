// Test helpers: calls of test mode that make things happen at once, through the same code as the
// API's own calls (so every object they make is real, and every event they cause is the real one).
// A live caller gets 404 `route_not_found`, as for a path that does not exist.
import type { components } from '../../generated/openapi.js';
import { monitorNow, monitoringSettings } from '../carriers/monitor.service.js';
import { createCarrier, findCarrier, snapshot, suspendCarrier, updateCarrier, vetCarrierNow } from '../carriers/carriers.service.js';
import { resolveAlert } from '../carriers/compliance.service.js';
import { createTestRegistryProvider, setTestRegistryChange } from '../carriers/registry/test-mode.js';
import { createCustomer, updateCustomer } from '../customers/customers.service.js';
import { actOnOrder, createOrder, findOrder, reopenOrder, updateOrder } from '../orders/orders.service.js';
import { createInvoice, announceOverdueInvoices, invoiceDeliveryFailed, updateInvoice, voidInvoice } from '../accounting/invoices.service.js';
import { createPayment, returnPayment } from '../accounting/payments.service.js';
import { createCarrierPayment, voidCarrierPayment } from '../accounting/carrier-payments.service.js';
import { Message } from '../mail/mail.entities.js';
import { Event } from '../webhooks/events.entities.js';
import { WebhookEndpoint } from '../webhooks/webhooks.entities.js';
import { createEndpoint, deleteEndpoint, sendTestEvent } from '../webhooks/webhooks.service.js';
import { inTransaction, type RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import type { EventType } from '../../generated/events.js';
import type { Order } from '../orders/orders.entities.js';
import type { Payment } from '../accounting/accounting.entities.js';
import { unixSeconds } from '../shared/clock.js';
import { advanceTestClock, createTestClock, finishAdvance } from './test-clocks.service.js';

type S = components['schemas'];


const DEFAULT_SIGNER = 'Test Receiver';
const DAY_MS = 86_400_000;

/** Takes a test order through dispatch, pickup and delivery, as far as it has left to go, in one transaction. */
export function deliverOrder(ctx: RequestContext, id: string, input: S['TestHelpersOrderDelivery']): Promise<Order> {
  return inTransaction(ctx, async (tx) => {
    let order = await findOrder(tx, id, { forUpdate: true });
    if (order.status === 'pending') {
      if (!input.carrier_id) throw errors.missingRequiredField('carrier_id');
      order = await actOnOrder(tx, id, 'dispatch', { carrier_id: input.carrier_id });
    }
    if (order.status === 'dispatched') order = await actOnOrder(tx, id, 'pickup', {});
    if (order.status === 'in_transit') order = await actOnOrder(tx, id, 'deliver', { signed_by: input.signed_by ?? DEFAULT_SIGNER });
    if (order.status !== 'delivered') throw errors.invalidStateTransition(`Order ${order.id} is ${order.status}: it cannot be delivered.`);
    return order;
  });
}

/** The reasons a test payment fails or is returned for, unless the caller gives one. */
export const TEST_FAILURE_REASON = 'Insufficient funds (test)';
export const TEST_RETURN_REASON = 'R01: insufficient funds (test)';
/** The reasons the events helper gives a reopened order and a voided carrier payment. */
export const TEST_REOPEN_REASON = 'Cancelled by mistake (test)';
export const TEST_VOID_REASON = 'Recorded by mistake (test)';

/** A payment with the outcome asked for, in one transaction: a failed attempt, or a payment received then returned by the bank. */
export function createTestPayment(ctx: RequestContext, input: S['TestHelpersPayment']): Promise<Payment> {
  const { outcome, reason, ...payment } = input;
  return inTransaction(ctx, async (tx) => {
    if (outcome === 'failed') return createPayment(tx, { ...payment, failure_reason: reason ?? TEST_FAILURE_REASON });
    const received = await createPayment(tx, payment);
    return returnPayment(tx, received.id, { reason: reason ?? TEST_RETURN_REASON });
  });
}

/** Changes what the test registry says of a test carrier from its next read on. */
export async function changeRegistryRecord(ctx: RequestContext, carrierId: string, input: S['TestRegistryRecordChange']): Promise<S['TestRegistryRecord']> {
  return inTransaction(ctx, async (tx) => {
    const carrier = await findCarrier(tx, carrierId);
    await setTestRegistryChange(tx.em, carrier.accountId, carrier.dotNumber, input.change, ctx.clock.now());
    // What the next read will give (peeked without counting it as a read).
    const record = await createTestRegistryProvider(carrier.accountId, { em: tx.em, clock: ctx.clock, peek: true }).findByDot(carrier.dotNumber);
    return {
      object: 'test_registry_record',
      livemode: false,
      carrier_id: carrier.id,
      dot_number: carrier.dotNumber,
      change: input.change,
      record: record ? snapshot(record, 'test') : null,
    };
  });
}

// ---------- events ----------

/** A DOT number of its own for each carrier a helper makes (the test registry passes it unless told otherwise). */
const freshDot = (): string => String(2_000_000 + Math.floor(Math.random() * 7_999_999));

/** What a recipe made: the ids, in order. */
interface Made {
  ids: string[];
}

async function customer(tx: RequestContext, made: Made): Promise<string> {
  const c = await createCustomer(tx, { name: 'Test Customer', email: 'ap@test-customer.example', billing_address: { address1: '100 N Main St', city: 'Chicago', state: 'IL', zip: '60601' } });
  made.ids.push(c.id);
  return c.id;
}

async function order(tx: RequestContext, made: Made, customerId?: string): Promise<Order> {
  const o = await createOrder(tx, {
    customer_id: customerId ?? (await customer(tx, made)),
    pickup: { address1: '1200 W Lake St', city: 'Chicago', state: 'IL', zip: '60607' },
    delivery: { address1: '500 Ocean Dr', city: 'Miami Beach', state: 'FL', zip: '33139' },
    vehicles: [{ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', inoperable: false }],
    ready_date: new Date(tx.clock.now().getTime() + DAY_MS).toISOString().slice(0, 10),
    delivery_window_days: 7,
    price: 145_000,
    carrier_pay: 110_000,
    currency: 'usd',
  });
  made.ids.push(o.id);
  return o;
}

/** A carrier onboarded, and vetted now against the test registry (rejected when told `change`). */
async function carrier(tx: RequestContext, made: Made, options: { vet: boolean; change?: S['TestRegistryChange'] } = { vet: true }): Promise<string> {
  const dot = freshDot();
  if (options.change) await setTestRegistryChange(tx.em, tx.principal.accountId, dot, options.change, tx.clock.now());
  const c = await createCarrier(tx, { dot_number: dot, contact_name: 'Test Dispatch', contact_email: `dispatch+${dot}@test-carrier.example`, phone: '+13125550100' });
  made.ids.push(c.id);
  // The test registry answers at once: vetting happens in this call, not in the background.
  if (options.vet) await vetCarrierNow(tx, c.id, createTestRegistryProvider(tx.principal.accountId, tx), monitoringSettings().intervalMs);
  return c.id;
}

async function orderUpTo(tx: RequestContext, made: Made, status: 'dispatched' | 'in_transit' | 'delivered'): Promise<Order> {
  const o = await order(tx, made);
  let current = await actOnOrder(tx, o.id, 'dispatch', { carrier_id: await carrier(tx, made) });
  if (status === 'dispatched') return current;
  current = await actOnOrder(tx, o.id, 'pickup', {});
  if (status === 'in_transit') return current;
  return actOnOrder(tx, o.id, 'deliver', { signed_by: DEFAULT_SIGNER });
}

async function invoice(tx: RequestContext, made: Made, options: { send: boolean; dueInDays?: number }): Promise<{ id: string; customerId: string; amount: number }> {
  const customerId = await customer(tx, made);
  const due = new Date(tx.clock.now().getTime() + (options.dueInDays ?? 30) * DAY_MS).toISOString().slice(0, 10);
  const doc = await createInvoice(tx, {
    customer_id: customerId,
    currency: 'usd',
    due_date: due,
    lines: [{ description: 'Transport: Chicago, IL to Miami Beach, FL', quantity: 1, unit_amount: 145_000 }],
    send: options.send,
  });
  made.ids.push(doc.invoice.id);
  return { id: doc.invoice.id, customerId, amount: 145_000 };
}

/** A new test clock (nothing lives on it) advanced by an hour, and, when asked, already there. */
async function clockAdvanced(tx: RequestContext, made: Made, options: { ready: boolean }): Promise<void> {
  const now = unixSeconds(tx.clock.now());
  const clock = await createTestClock(tx, { frozen_time: now, name: 'Made by a test helper' });
  made.ids.push(clock.id);
  await advanceTestClock(tx, clock.id, { frozen_time: now + 3600 });
  // Nothing lives on it, so nothing is due on the way: it is ready at once (its job finds it so).
  if (options.ready) await finishAdvance(tx, clock.id);
}

/** An invoice sent, paid in full and its payment returned by the bank (payment.returned, invoice.reopened). */
async function paidThenReturned(tx: RequestContext, made: Made): Promise<void> {
  const inv = await invoice(tx, made, { send: true });
  const payment = await createPayment(tx, { customer_id: inv.customerId, invoice_id: inv.id, amount: inv.amount, payment_method: 'ach', currency: 'usd', reference: 'ACH-TEST-0001' });
  made.ids.push(payment.id);
  await returnPayment(tx, payment.id, { reason: TEST_RETURN_REASON });
}

/** A carrier's alert opened by monitoring (authority revoked: it is suspended), and, when asked, cleared by the next read. */
async function alertOpened(tx: RequestContext, made: Made, options: { clear: boolean }): Promise<string> {
  const id = await carrier(tx, made);
  const c = await findCarrier(tx, id);
  await setTestRegistryChange(tx.em, c.accountId, c.dotNumber, 'authority_revoked', tx.clock.now());
  const read = await monitorNow(tx, id, monitoringSettings());
  made.ids.push(read.id, ...read.alertIds);
  if (options.clear) {
    await setTestRegistryChange(tx.em, c.accountId, c.dotNumber, 'passes', tx.clock.now());
    made.ids.push((await monitorNow(tx, id, monitoringSettings())).id);
  }
  return read.alertIds[0]!;
}

type Recipe = (tx: RequestContext, made: Made) => Promise<void>;

/** How each event type is made to happen for real. */
const RECIPES: Record<EventType, Recipe> = {
  'customer.created': async (tx, made) => void (await customer(tx, made)),
  'customer.updated': async (tx, made) => void (await updateCustomer(tx, await customer(tx, made), { phone: '+13125550123', metadata: { erp_id: 'TEST-1' } })),
  'order.created': async (tx, made) => void (await order(tx, made)),
  'order.updated': async (tx, made) => {
    const o = await order(tx, made);
    await updateOrder(tx, o.id, { delivery_window_days: 10, metadata: { po: 'PO-TEST-1' } });
  },
  'carrier.updated': async (tx, made) => void (await updateCarrier(tx, await carrier(tx, made), { contact_name: 'Test Dispatch (nights)' })),
  'invoice.updated': async (tx, made) => {
    const inv = await invoice(tx, made, { send: false });
    await updateInvoice(tx, inv.id, { due_date: new Date(tx.clock.now().getTime() + 45 * DAY_MS).toISOString().slice(0, 10) });
  },
  'order.dispatched': async (tx, made) => void (await orderUpTo(tx, made, 'dispatched')),
  'order.in_transit': async (tx, made) => void (await orderUpTo(tx, made, 'in_transit')),
  'order.delivered': async (tx, made) => void (await orderUpTo(tx, made, 'delivered')),
  'order.cancelled': async (tx, made) => {
    const o = await order(tx, made);
    await actOnOrder(tx, o.id, 'cancel', { reason: 'Test cancellation' });
  },
  'order.reopened': async (tx, made) => {
    const o = await order(tx, made);
    await actOnOrder(tx, o.id, 'cancel', { reason: 'Test cancellation' });
    await reopenOrder(tx, o.id, { reason: TEST_REOPEN_REASON });
  },
  'order.exception': async (tx, made) => {
    const o = await orderUpTo(tx, made, 'in_transit');
    await actOnOrder(tx, o.id, 'report_exception', { kind: 'delay', note: 'Test delay' });
  },
  'carrier.onboarded': async (tx, made) => void (await carrier(tx, made, { vet: false })),
  'carrier.vetted': async (tx, made) => void (await carrier(tx, made)),
  'carrier.rejected': async (tx, made) => void (await carrier(tx, made, { vet: true, change: 'out_of_service' })),
  'carrier.suspended': async (tx, made) => {
    const id = await carrier(tx, made);
    await suspendCarrier(tx, id, 'Test suspension');
  },
  'invoice.created': async (tx, made) => void (await invoice(tx, made, { send: false })),
  'invoice.sent': async (tx, made) => void (await invoice(tx, made, { send: true })),
  'invoice.paid': async (tx, made) => {
    const inv = await invoice(tx, made, { send: true });
    made.ids.push((await createPayment(tx, { customer_id: inv.customerId, invoice_id: inv.id, amount: inv.amount, payment_method: 'ach', currency: 'usd' })).id);
  },
  'invoice.voided': async (tx, made) => {
    const inv = await invoice(tx, made, { send: true });
    await voidInvoice(tx, inv.id);
  },
  'invoice.overdue': async (tx, made) => {
    await invoice(tx, made, { send: true, dueInDays: -1 });
    await announceOverdueInvoices(tx, undefined, tx.principal.accountId);
  },
  'invoice.delivery_failed': async (tx, made) => {
    // Test mode sends no mail: the kept email is told as refused, as a mail server's refusal is.
    const inv = await invoice(tx, made, { send: true });
    const message = await tx.em.findOneOrFail(Message, { accountId: tx.principal.accountId, subjectId: inv.id }, { orderBy: { id: 'desc' } });
    await invoiceDeliveryFailed(tx, message);
  },
  'payment.received': async (tx, made) => {
    const inv = await invoice(tx, made, { send: true });
    made.ids.push((await createPayment(tx, { customer_id: inv.customerId, invoice_id: inv.id, amount: 50_000, payment_method: 'ach', currency: 'usd' })).id);
  },
  'payment.failed': async (tx, made) => {
    const inv = await invoice(tx, made, { send: true });
    made.ids.push((await createPayment(tx, { customer_id: inv.customerId, invoice_id: inv.id, amount: inv.amount, payment_method: 'ach', currency: 'usd', failure_reason: TEST_FAILURE_REASON })).id);
  },
  // Paid in full, then taken back by the bank: the invoice is SENT again and owes it all.
  'payment.returned': async (tx, made) => paidThenReturned(tx, made),
  'invoice.reopened': async (tx, made) => paidThenReturned(tx, made),
  'carrier_payment.sent': async (tx, made) => {
    const o = await orderUpTo(tx, made, 'delivered');
    made.ids.push((await createCarrierPayment(tx, { carrier_id: o.carrierId!, order_ids: [o.id], payment_method: 'ach' })).payment.id);
  },
  'carrier_payment.voided': async (tx, made) => {
    const o = await orderUpTo(tx, made, 'delivered');
    const paid = await createCarrierPayment(tx, { carrier_id: o.carrierId!, order_ids: [o.id], payment_method: 'ach' });
    made.ids.push(paid.payment.id);
    await voidCarrierPayment(tx, paid.payment.id, { reason: TEST_VOID_REASON });
  },
  'compliance.alert': async (tx, made) => void (await alertOpened(tx, made, { clear: false })),
  'compliance_alert.opened': async (tx, made) => void (await alertOpened(tx, made, { clear: false })),
  'compliance_alert.cleared': async (tx, made) => void (await alertOpened(tx, made, { clear: true })),
  'compliance_alert.resolved': async (tx, made) => void (await resolveAlert(tx, await alertOpened(tx, made, { clear: false }), 'Resolved by a test helper')),
  'audit.privileged_action': async (tx, made) => {
    // A webhook endpoint made and deleted: two privileged actions, each audited and announced. It
    // subscribes to the one type `webhooks:manage` reads, so the helper needs no other scope.
    const { endpoint } = await createEndpoint(tx, { url: 'https://hooks.test-helper.example/audit', enabled_events: ['webhook_endpoint.test'], description: 'Made by a test helper' });
    made.ids.push(endpoint.id);
    await deleteEndpoint(tx, endpoint.id);
  },
  'test_helpers.test_clock.advancing': async (tx, made) => void (await clockAdvanced(tx, made, { ready: false })),
  'test_helpers.test_clock.ready': async (tx, made) => void (await clockAdvanced(tx, made, { ready: true })),
  'webhook_endpoint.test': async (tx) => {
    const endpoint = await tx.em.findOne(WebhookEndpoint, { accountId: tx.principal.accountId, status: 'enabled' }, { orderBy: { id: 'asc' } });
    if (!endpoint) throw errors.invalidStateTransition('No enabled webhook endpoint in test mode to send webhook_endpoint.test to: add one first.');
    await sendTestEvent(tx, endpoint.id);
  },
};

const ORDERS = ['orders:write', 'customers:write'];
const CARRIERS = ['carriers:write'];
const ACCOUNTING = ['accounting:write', 'customers:write'];
/** The scopes (beyond `webhooks:manage`) the objects each recipe makes need: a helper grants nothing the caller lacks. */
const RECIPE_SCOPES: Record<EventType, readonly string[]> = {
  'customer.created': ['customers:write'],
  'customer.updated': ['customers:write'],
  'order.created': ORDERS,
  'order.updated': ORDERS,
  'carrier.updated': CARRIERS,
  'invoice.updated': ACCOUNTING,
  'order.dispatched': [...ORDERS, ...CARRIERS],
  'order.in_transit': [...ORDERS, ...CARRIERS],
  'order.delivered': [...ORDERS, ...CARRIERS],
  'order.cancelled': ORDERS,
  'order.reopened': ORDERS,
  'order.exception': [...ORDERS, ...CARRIERS],
  'carrier.onboarded': CARRIERS,
  'carrier.vetted': CARRIERS,
  'carrier.rejected': CARRIERS,
  'carrier.suspended': CARRIERS,
  'invoice.created': ACCOUNTING,
  'invoice.sent': ACCOUNTING,
  'invoice.paid': ACCOUNTING,
  'invoice.voided': ACCOUNTING,
  'invoice.overdue': ACCOUNTING,
  'invoice.delivery_failed': ACCOUNTING,
  'payment.received': ACCOUNTING,
  'payment.failed': ACCOUNTING,
  'payment.returned': ACCOUNTING,
  'invoice.reopened': ACCOUNTING,
  'carrier_payment.sent': [...ORDERS, ...CARRIERS, ...ACCOUNTING],
  'carrier_payment.voided': [...ORDERS, ...CARRIERS, ...ACCOUNTING],
  'compliance.alert': CARRIERS,
  'compliance_alert.opened': CARRIERS,
  'compliance_alert.cleared': CARRIERS,
  'compliance_alert.resolved': CARRIERS,
  'audit.privileged_action': [],
  'webhook_endpoint.test': [],
  'test_helpers.test_clock.advancing': ['orders:write'],
  'test_helpers.test_clock.ready': ['orders:write'],
};

/** Makes an event of `type` happen for real in test mode, in one transaction; answers what it made. */
export async function triggerEvent(ctx: RequestContext, type: EventType): Promise<S['TestEventTrigger']> {
  const missing = RECIPE_SCOPES[type].filter((scope) => !ctx.principal.scopes.has(scope));
  if (missing.length) throw errors.insufficientScope([[...new Set(missing)].join(' and ')]);
  return inTransaction(ctx, async (tx) => {
    const made: Made = { ids: [] };
    await RECIPES[type](tx, made);
    await tx.em.flush();
    // Every event this request caused (each records the request that caused it).
    const events = await tx.em.find(Event, { accountId: tx.principal.accountId, requestId: tx.requestId }, { orderBy: { id: 'asc' }, fields: ['id', 'type'] });
    const asked = events.filter((e) => e.type === type).at(-1);
    if (!asked) throw new Error(`the ${type} recipe made no ${type} event`);
    return { object: 'test_event_trigger', livemode: false, type, event_id: asked.id, event_ids: events.map((e) => e.id), object_ids: made.ids };
  });
}
