import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** An event: written in the same transaction as the change that caused it (transactional outbox). */
export const Event = defineEntity({
  name: 'Event',
  tableName: 'events',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    type: p.string(),
    /** The resource as the current API version renders it; other versions are derived on delivery. */
    data: p.json<Record<string, unknown>>(),
    requestId: p.string().nullable(),
    createdAt: p.datetime(),
  },
});
export type Event = InferEntity<typeof Event>;
