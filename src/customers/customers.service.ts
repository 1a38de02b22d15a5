// Customers: the shippers orders are billed to. Created (customer.created) and changed
// (customer.updated), each with its event in the same transaction.
import type { components } from '../../generated/openapi.js';
import { unixSeconds } from '../shared/clock.js';
import { inTransaction, type RequestContext } from '../shared/context.js';
import { ownedFinder } from '../shared/find.js';
import { newId } from '../shared/ids.js';
import { mergeMetadata } from '../shared/metadata.js';
import { listPage, type Page, type PageQuery } from '../shared/pagination.js';
import { Customer } from './customers.entities.js';
import { livemodeOf } from '../shared/livemode.js';
import { emitEvent, emitUpdated } from '../webhooks/emitter.js';
import { atTime, clockForNew } from '../clocks/object-clock.js';

type S = components['schemas'];

export function renderCustomer(c: Customer): S['Customer'] {
  return {
    id: c.id,
    object: 'customer',
    livemode: livemodeOf(c.accountId),
    test_clock: c.testClockId ?? null,
    name: c.name,
    email: c.email ?? null,
    phone: c.phone ?? null,
    billing_address: c.billingAddress ? { address2: null, ...c.billingAddress } : null,
    notifications: { moments: c.notifications.moments, email: c.notifications.email ?? null },
    metadata: c.metadata,
    created: unixSeconds(c.createdAt),
    updated: unixSeconds(c.updatedAt),
  };
}

/** A new customer is emailed when its loads are delivered (the signed bill of lading), at its own address. */
export const DEFAULT_NOTIFICATIONS: S['CustomerNotifications'] = { moments: ['delivered'], email: null };

/** The settings with the fields given replaced; moments kept in the order of a load's life. */
function notificationsOf(current: S['CustomerNotifications'], input: S['CustomerNotificationsUpdate'] | undefined): S['CustomerNotifications'] {
  const moments = input?.moments ?? current.moments;
  return {
    moments: (['dispatched', 'picked_up', 'delivered'] as const).filter((m) => moments.includes(m)),
    email: input?.email !== undefined ? input.email : (current.email ?? null),
  };
}

export const findCustomer = ownedFinder(Customer, 'customer', 'customer_id');

export function createCustomer(ctx: RequestContext, input: S['CustomerCreate']): Promise<Customer> {
  return inTransaction(ctx, async (tx) => {
  // On a test clock, created at the clock's time.
  const clock = await clockForNew(tx, input.test_clock, 'customers');
  const now = clock?.now ?? ctx.clock.now();
  const customer = tx.em.create(Customer, {
    id: newId('customer', now.getTime()),
    accountId: ctx.principal.accountId,
    testClockId: clock?.id ?? null,
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    billingAddress: input.billing_address ?? null,
    notifications: notificationsOf(DEFAULT_NOTIFICATIONS, input.notifications),
    metadata: input.metadata ?? {},
    createdAt: now,
    updatedAt: now,
  });
  tx.em.persist(customer);
  // On a clock, at the clock's time (due then to its endpoints, now to the others).
  await emitEvent(clock ? atTime(tx, now) : tx, 'customer.created', renderCustomer(customer), { now });
  await tx.em.flush();
  return customer;
  });
}

export function updateCustomer(ctx: RequestContext, id: string, input: S['CustomerUpdate']): Promise<Customer> {
  return inTransaction(ctx, async (tx) => {
    // Locked: concurrent metadata merges must not lose each other's keys.
    const customer = await findCustomer(tx, id, { forUpdate: true });
    const before = structuredClone(renderCustomer(customer));
    const was = customer.updatedAt;
    if (input.name !== undefined) customer.name = input.name;
    if (input.email !== undefined) customer.email = input.email;
    if (input.phone !== undefined) customer.phone = input.phone;
    if (input.billing_address !== undefined) customer.billingAddress = input.billing_address;
    if (input.notifications !== undefined) customer.notifications = notificationsOf(customer.notifications, input.notifications);
    if (input.metadata !== undefined) customer.metadata = mergeMetadata(customer.metadata, input.metadata);
    const now = ctx.clock.now();
    customer.updatedAt = now;
    // customer.updated with what changed; an update that changes nothing records nothing, `updated` included.
    if (!(await emitUpdated(tx, 'customer.updated', before, renderCustomer(customer), { now }))) customer.updatedAt = was;
    await tx.em.flush();
    return customer;
  });
}

export const listCustomers = (ctx: RequestContext, query: PageQuery): Promise<Page<Customer>> =>
  listPage(ctx.em, Customer, ctx.principal.accountId, {}, query);
