// Orders: creation, edits while pending, cancellation; every change writes its event in the same transaction.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import type { components, operations } from '../../generated/openapi.js';
import type { Principal } from '../auth/auth.service.js';
import { unixOrNull, unixSeconds, type Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { mergeMetadata } from '../shared/metadata.js';
import { listPage, type Page } from '../shared/pagination.js';
import { ApiError, invalidValue, notFound } from '../http/errors.js';
import { findCustomer } from '../customers/customers.service.js';
import { emitEvent } from '../webhooks/emitter.js';
import { findCarrier } from '../carriers/carriers.service.js';
import { Order } from './orders.entities.js';
import { assertTransition } from './orders.state.js';
import { isValidVin } from './vin.js';

type S = components['schemas'];
type ListQuery = NonNullable<operations['listOrders']['parameters']['query']>;

export function renderOrder(o: Order): S['Order'] {
  return {
    id: o.id,
    object: 'order',
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
    if (v.year > maxYear) throw invalidValue(`vehicles[${i}].year`, `Model year ${v.year} is later than ${maxYear}.`);
    if (!isValidVin(v.vin, v.year)) {
      throw new ApiError('validation_error', 'invalid_vin', `VIN ${v.vin} fails its check digit (position 9).`, {
        param: `vehicles[${i}].vin`,
      });
    }
    return vehicle(v);
  });
}

/** `forUpdate` locks the row and reads it after the lock, so a concurrent change is seen, not overwritten. */
export async function findOrder(em: EntityManager, accountId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<Order> {
  const order = await em.findOne(Order, { id, accountId }, options.forUpdate ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {});
  if (!order) throw notFound('order', id, 'order_id');
  return order;
}

export async function createOrder(
  em: EntityManager,
  who: Principal,
  input: S['OrderCreate'],
  ctx: { clock: Clock; requestId: string },
): Promise<Order> {
  const checkedVehicles = vehicles(input.vehicles, ctx.clock);
  return em.transactional(async (tem) => {
    await findCustomer(tem, who.accountId, input.customer_id, 'customer_id');
    const now = ctx.clock.now();
    const order = tem.create(Order, {
      id: newId('order', now.getTime()),
      accountId: who.accountId,
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
      metadata: input.metadata ?? {},
      createdAt: now,
      updatedAt: now,
    });
    tem.persist(order);
    await emitEvent(tem, 'order.created', renderOrder(order), { accountId: who.accountId, requestId: ctx.requestId, now });
    await tem.flush();
    return order;
  });
}

export async function updateOrder(
  em: EntityManager,
  who: Principal,
  id: string,
  input: S['OrderUpdate'],
  ctx: { clock: Clock },
): Promise<Order> {
  const checkedVehicles = input.vehicles ? vehicles(input.vehicles, ctx.clock) : undefined;
  return em.transactional(async (tem) => {
    // Locked: a concurrent cancel cannot interleave with the edit.
    const order = await findOrder(tem, who.accountId, id, { forUpdate: true });
    assertTransition('update', order.status);
    if (input.pickup) order.pickup = stop(input.pickup);
    if (input.delivery) order.delivery = stop(input.delivery);
    if (checkedVehicles) order.vehicles = checkedVehicles;
    if (input.ready_date !== undefined) order.readyDate = input.ready_date;
    if (input.delivery_window_days !== undefined) order.deliveryWindowDays = input.delivery_window_days;
    if (input.price !== undefined) order.price = input.price;
    if (input.carrier_pay !== undefined) order.carrierPay = input.carrier_pay;
    if (input.metadata !== undefined) order.metadata = mergeMetadata(order.metadata, input.metadata);
    order.updatedAt = ctx.clock.now();
    await tem.flush();
    return order;
  });
}

type ActionInput =
  | { action: 'dispatch'; carrierId: string }
  | { action: 'pickup'; at?: number | undefined }
  | { action: 'deliver'; signedBy: string; signedAt?: number | undefined }
  | { action: 'cancel'; reason?: string | undefined }
  | { action: 'report_exception'; kind: S['OrderExceptionKind']; note?: string | undefined };

/**
 * Moves an order through its lifecycle (see ORDER_TRANSITIONS): locks the row, checks the move is
 * legal, applies it and records its event, all in one transaction.
 */
export async function actOnOrder(
  em: EntityManager,
  who: Principal,
  id: string,
  input: ActionInput,
  ctx: { clock: Clock; requestId: string },
): Promise<Order> {
  return em.transactional(async (tem) => {
    const order = await findOrder(tem, who.accountId, id, { forUpdate: true });
    const t = assertTransition(input.action, order.status);
    const now = ctx.clock.now();
    switch (input.action) {
      case 'dispatch': {
        const carrier = await findCarrier(tem, who.accountId, input.carrierId, { param: 'carrier_id' });
        if (carrier.status !== 'active') {
          throw new ApiError('conflict_error', 'carrier_not_active', `Carrier ${carrier.id} is ${carrier.status}; only an active carrier can be dispatched.`, {
            param: 'carrier_id',
          });
        }
        order.carrierId = carrier.id;
        order.dispatchedAt = now;
        break;
      }
      case 'pickup':
        order.pickedUpAt = input.at !== undefined ? new Date(input.at * 1000) : now;
        break;
      case 'deliver': {
        const signedAt = input.signedAt ?? Math.floor(now.getTime() / 1000);
        order.billOfLading = { signed_by: input.signedBy, signed_at: signedAt };
        order.deliveredAt = new Date(signedAt * 1000);
        break;
      }
      case 'cancel':
        order.cancellationReason = input.reason ?? null;
        order.cancelledAt = now;
        break;
      case 'report_exception':
        order.exceptions = [...order.exceptions, { kind: input.kind, note: input.note ?? null, created: Math.floor(now.getTime() / 1000) }];
        break;
    }
    if ('to' in t) order.status = t.to;
    order.updatedAt = now;
    await emitEvent(tem, t.event, renderOrder(order), { accountId: who.accountId, requestId: ctx.requestId, now });
    await tem.flush();
    return order;
  });
}

export function listOrders(em: EntityManager, who: Principal, query: ListQuery): Promise<Page<S['Order']>> {
  const where: Record<string, unknown> = {};
  if (query.status) where.status = query.status;
  if (query.customer_id) where.customerId = query.customer_id;
  if (query.carrier_id) where.carrierId = query.carrier_id;
  if (query.created) {
    const range: Record<string, Date> = {};
    if (query.created.gte !== undefined) range.$gte = new Date(query.created.gte * 1000);
    if (query.created.lte !== undefined) range.$lte = new Date(query.created.lte * 1000 + 999);
    if (Object.keys(range).length) where.createdAt = range;
  }
  return listPage(em, Order, where, { accountId: who.accountId, limit: query.limit, cursor: query.cursor }, renderOrder);
}
