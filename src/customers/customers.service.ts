// Customers: the shippers orders are billed to.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import type { components } from '../../generated/openapi.js';
import type { Principal } from '../auth/auth.service.js';
import type { Clock } from '../shared/clock.js';
import { unixSeconds } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { mergeMetadata } from '../shared/metadata.js';
import { listPage, type Page } from '../shared/pagination.js';
import { notFound } from '../http/errors.js';
import { Customer } from './customers.entities.js';

type S = components['schemas'];

export function renderCustomer(c: Customer): S['Customer'] {
  return {
    id: c.id,
    object: 'customer',
    name: c.name,
    email: c.email ?? null,
    phone: c.phone ?? null,
    billing_address: c.billingAddress ? { address2: null, ...c.billingAddress } : null,
    metadata: c.metadata,
    created: unixSeconds(c.createdAt),
    updated: unixSeconds(c.updatedAt),
  };
}

export async function findCustomer(
  em: EntityManager,
  accountId: string,
  id: string,
  param?: string,
  options: { forUpdate?: boolean } = {},
): Promise<Customer> {
  const customer = await em.findOne(Customer, { id, accountId }, options.forUpdate ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {});
  if (!customer) throw notFound('customer', id, param);
  return customer;
}

export async function createCustomer(em: EntityManager, who: Principal, input: S['CustomerCreate'], clock: Clock): Promise<Customer> {
  const now = clock.now();
  const customer = em.create(Customer, {
    id: newId('customer', now.getTime()),
    accountId: who.accountId,
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    billingAddress: input.billing_address ?? null,
    metadata: input.metadata ?? {},
    createdAt: now,
    updatedAt: now,
  });
  await em.persist(customer).flush();
  return customer;
}

export async function updateCustomer(
  em: EntityManager,
  who: Principal,
  id: string,
  input: S['CustomerUpdate'],
  clock: Clock,
): Promise<Customer> {
  return em.transactional(async (tem) => {
    // Locked: concurrent metadata merges must not lose each other's keys.
    const customer = await findCustomer(tem, who.accountId, id, 'customer_id', { forUpdate: true });
    if (input.name !== undefined) customer.name = input.name;
    if (input.email !== undefined) customer.email = input.email;
    if (input.phone !== undefined) customer.phone = input.phone;
    if (input.billing_address !== undefined) customer.billingAddress = input.billing_address;
    if (input.metadata !== undefined) customer.metadata = mergeMetadata(customer.metadata, input.metadata);
    customer.updatedAt = clock.now();
    await tem.flush();
    return customer;
  });
}

export function listCustomers(
  em: EntityManager,
  who: Principal,
  query: { limit?: number; cursor?: string },
): Promise<Page<S['Customer']>> {
  return listPage(em, Customer, {}, { accountId: who.accountId, limit: query.limit, cursor: query.cursor }, renderCustomer);
}
