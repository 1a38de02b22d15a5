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
    /** The id of the object it is about (its data's id). */
    objectId: p.string(),
    /** 1, 2, 3 ... per (account, object), assigned by the database on insert (migration ...127000010). */
    sequence: p.bigint('number'),
    /** The event before it about the same object (sequence - 1); null for the first. */
    previousEventId: p.string().nullable(),
    /** The causing request's `Idempotency-Key`. */
    idempotencyKey: p.string().nullable(),
    /** The causing request's span (W3C), continued by every delivery attempt. */
    traceparent: p.string().nullable(),
    tracestate: p.string().nullable(),
    createdAt: p.datetime(),
  },
});
export type Event = InferEntity<typeof Event>;
