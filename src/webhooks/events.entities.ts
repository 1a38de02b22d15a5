import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** An event: written in the same transaction as the change that caused it (transactional outbox). */
export const Event = defineEntity({
  name: 'Event',
  tableName: 'events',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    type: p.string(),
    /**
     * The resource as the current API version renders it. Each delivery stores its own envelope,
     * rendered for its endpoint's version when the event is emitted; the events API renders this
     * for the caller's version.
     */
    data: p.json<Record<string, unknown>>(),
    requestId: p.string().nullable(),
    createdAt: p.datetime(),
  },
});
export type Event = InferEntity<typeof Event>;
