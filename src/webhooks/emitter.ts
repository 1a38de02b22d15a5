// The one way to record an event: inside the caller's transaction, typed by the AsyncAPI-generated payloads.
import type { EntityManager } from '@mikro-orm/sql';
import { newId } from '../shared/ids.js';
import { Event } from './events.entities.js';
import type { EventEnvelope, EventPayloads, EventType } from '../../generated/events.js';
import { unixSeconds } from '../shared/clock.js';

export interface EmitContext {
  accountId: string;
  requestId?: string | null;
  now: Date;
}

/** Persists the event in `em`'s unit of work; it commits (or not) with the change that caused it. */
export function emitEvent<T extends EventType>(em: EntityManager, type: T, data: EventPayloads[T], ctx: EmitContext): Event {
  const event = em.create(Event, {
    id: newId('event', ctx.now.getTime()),
    accountId: ctx.accountId,
    type,
    data: data as unknown as Record<string, unknown>,
    requestId: ctx.requestId ?? null,
    createdAt: ctx.now,
  });
  em.persist(event);
  return event;
}

/** The envelope an endpoint receives: the AsyncAPI `*Event` message payload. */
export function renderEnvelope<T extends EventType>(event: Event & { type: T }, apiVersion: string): EventEnvelope<T> {
  return {
    id: event.id,
    object: 'event',
    type: event.type,
    api_version: apiVersion,
    created: unixSeconds(event.createdAt),
    data: event.data as unknown as EventPayloads[T],
  };
}
