// The one way to record an event: inside the caller's transaction, typed by the AsyncAPI-generated payloads.
import type { EntityManager } from '@mikro-orm/sql';
import { newId } from '../shared/ids.js';
import { Event } from './events.entities.js';
import type { EventPayloads, EventType } from '../../generated/events.js';

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
