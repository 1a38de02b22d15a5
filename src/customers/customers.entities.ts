import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { components } from '../../generated/openapi.js';

export const Customer = defineEntity({
  name: 'Customer',
  tableName: 'customers',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    /** The test clock it lives on (test mode); null for none. */
    testClockId: p.string().nullable(),
    name: p.string(),
    email: p.string().nullable(),
    phone: p.string().nullable(),
    billingAddress: p.json<components['schemas']['PostalAddress']>().nullable(),
    /** Which moments of its loads it is emailed about, and where (null: its own email). */
    notifications: p.json<components['schemas']['CustomerNotifications']>(),
    metadata: p.json<Record<string, string>>(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Customer = InferEntity<typeof Customer>;
