import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { components } from '../../generated/openapi.js';

type S = components['schemas'];

export const Order = defineEntity({
  name: 'Order',
  tableName: 'orders',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    /** The test clock it lives on (test mode); null for none. */
    testClockId: p.string().nullable(),
    /** The load number people say (`L-000123`), counted per account. */
    number: p.string(),
    /** The customer's own reference (PO or stock number). */
    reference: p.string().nullable(),
    /** The tracking link's token, sealed (src/shared/public-links.ts); null before the order has one. */
    trackingLink: p.string().nullable(),
    customerId: p.string(),
    carrierId: p.string().nullable(),
    status: p.string().$type<S['OrderStatus']>(),
    pickup: p.json<S['StopOut']>(),
    delivery: p.json<S['StopOut']>(),
    vehicles: p.json<S['VehicleOut'][]>(),
    readyDate: p.string(),
    deliveryWindowDays: p.integer(),
    price: p.integer().nullable(),
    carrierPay: p.integer().nullable(),
    currency: p.string().$type<S['Currency']>(),
    billOfLading: p.json<S['BillOfLading']>().nullable(),
    exceptions: p.json<S['OrderException'][]>(),
    cancellationReason: p.string().nullable(),
    cancelledAt: p.datetime().nullable(),
    dispatchedAt: p.datetime().nullable(),
    pickedUpAt: p.datetime().nullable(),
    deliveredAt: p.datetime().nullable(),
    /** Each reopening after a cancellation or delivery recorded by mistake, oldest first (what it cleared). */
    reopenings: p.json<S['OrderReopening'][]>(),
    metadata: p.json<Record<string, string>>(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Order = InferEntity<typeof Order>;
