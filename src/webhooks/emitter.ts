// The one way to record an event: inside the caller's transaction (transactional outbox), typed by the
// AsyncAPI-generated payloads, fanned out to one delivery per subscribed, enabled endpoint of the account,
// with the reactions of the other domains to it (src/shared/reactions.ts) run in the same transaction.
import type { EntityManager } from '@mikro-orm/sql';
import type { EventEnvelope, EventPayloads, EventType } from '../../generated/events.js';
import { unixSeconds } from '../shared/clock.js';
import type { Context, RequestContext } from '../shared/context.js';
import { newId } from '../shared/ids.js';
import { reactTo } from '../shared/reactions.js';
import { queryRows } from '../shared/sql.js';
import { renderForVersion } from '../shared/versions.js';
import { Event } from './events.entities.js';
import { ensurePartitionOf } from './retention.js';
import { WebhookDelivery, WebhookEndpoint } from './webhooks.entities.js';
import { livemodeOf } from '../shared/livemode.js';

/** Workers LISTEN here; a NOTIFY sent inside the transaction reaches them when it commits. */
export const DELIVERIES_CHANNEL = 'webhook_deliveries';

export interface EmitOptions {
  /** The account the event belongs to; the caller's by default (background work must say it). */
  accountId?: string;
  /** The event's time; now by default (pass the change's own time to keep them equal). */
  now?: Date;
}

/** The envelope an endpoint receives (the AsyncAPI `*Event` message payload), for its pinned version. */
export function renderEnvelope<T extends EventType>(event: Event & { type: T }, apiVersion: string): EventEnvelope<T> {
  return {
    id: event.id,
    object: 'event',
    livemode: livemodeOf(event.accountId),
    type: event.type,
    api_version: apiVersion,
    created: unixSeconds(event.createdAt),
    request_id: event.requestId ?? null,
    sequence: event.sequence,
    previous_event_id: event.previousEventId ?? null,
    request: event.requestId ? { id: event.requestId, idempotency_key: event.idempotencyKey ?? null } : null,
    data: renderForVersion(event.data, apiVersion), // the endpoint's (or caller's) pinned version
  } as unknown as EventEnvelope<T>;
}

/**
 * The object an event is about: its data's id (every event's data has one), or for an update
 * (`{object, previous_attributes}`) the id of the resource in `object`; the event's own id otherwise.
 */
export function objectIdOf(data: unknown, eventId: string): string {
  const d = data as { id?: unknown; object?: unknown } | null;
  const resource = d?.object !== null && typeof d?.object === 'object' ? (d.object as { id?: unknown }) : undefined;
  const id = resource ? resource.id : d?.id;
  return typeof id === 'string' && id ? id : eventId;
}

/** The event types that carry an update (`data.object` and `data.previous_attributes`). */
export type UpdatedEventType = {
  [T in EventType]: EventPayloads[T] extends { object: unknown; previous_attributes: unknown } ? T : never;
}[EventType];

/** Whether two JSON values are equal (objects whatever their key order: jsonb does not keep it). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => Object.hasOwn(y, k) && sameJson(x[k], y[k]));
}

/**
 * An update's `previous_attributes`, as Stripe gives them: each top-level field of the rendered
 * resource whose value differs between `before` and `after`, with its value before (a nested value
 * whole). `updated` is left out: it moves with every change, and the event's time says when.
 */
export function previousAttributes(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key !== 'updated' && !sameJson(before[key], after[key])) changed[key] = before[key] ?? null;
  }
  return changed;
}

/**
 * Records the update of a resource (`<object>.updated`), rendered `before` (a copy taken before the
 * change) and `after`, in the context's transaction: its data is the resource as it is after, with
 * the fields that changed as they were before. A change that changed nothing records nothing:
 * answers undefined, and the caller leaves the resource's `updated` as it was.
 */
export async function emitUpdated<T extends UpdatedEventType>(
  ctx: Context | RequestContext,
  type: T,
  before: EventPayloads[T]['object'],
  after: EventPayloads[T]['object'],
  options: EmitOptions = {},
): Promise<Event | undefined> {
  const previous = previousAttributes(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>);
  if (Object.keys(previous).length === 0) return undefined;
  return emitEvent(ctx, type, { object: after, previous_attributes: previous } as unknown as EventPayloads[T], options);
}

export const subscribes = (endpoint: Pick<WebhookEndpoint, 'enabledEvents'>, type: string): boolean =>
  endpoint.enabledEvents.includes('*') || endpoint.enabledEvents.includes(type);

/** The event an endpoint is sent on request (`testWebhookEndpoint`); its data is that endpoint. */
export const TEST_EVENT = 'webhook_endpoint.test' satisfies EventType;

/**
 * Whether `endpoint` is sent `event`: a test event reaches only the endpoint it tests, subscribed or
 * not (never the others, even those subscribed to `*`); any other event, the endpoints subscribed
 * to its type.
 */
export function receives(endpoint: Pick<WebhookEndpoint, 'id' | 'enabledEvents'>, event: { type: string; data: unknown }): boolean {
  if (event.type === TEST_EVENT) return (event.data as { id?: unknown }).id === endpoint.id;
  return subscribes(endpoint, event.type);
}

/** A pending delivery of `event` to `endpoint`, due at once. */
export function newDelivery(em: EntityManager, event: Event, endpoint: WebhookEndpoint, now: Date): WebhookDelivery {
  const delivery = em.create(WebhookDelivery, {
    id: newId('webhookDelivery', now.getTime()),
    accountId: event.accountId,
    eventId: event.id,
    endpointId: endpoint.id,
    eventType: event.type,
    payload: JSON.stringify(renderEnvelope(event as Event & { type: EventType }, endpoint.apiVersion)),
    status: 'pending',
    attemptCount: 0,
    cycleFailures: 0,
    nextAttemptAt: now,
    clocked: Boolean(endpoint.testClockId),
    traceparent: event.traceparent ?? null,
    tracestate: event.tracestate ?? null,
    leaseOwner: null,
    leaseExpiresAt: null,
    createdAt: now,
    updatedAt: now,
  });
  // Stryker disable next-line CallExpression: equivalent, em.create already persists the entity (MikroORM's persistOnCreate); kept to say so
  em.persist(delivery);
  return delivery;
}

export async function notifyWorkers(em: EntityManager): Promise<void> {
  await em.execute(`select pg_notify('${DELIVERIES_CHANNEL}', '')`);
}

/**
 * Inserts the event ($1 to $10) and answers its place among its object's events (the database's
 * trigger numbers it) with the account's enabled endpoints (none: one row of nulls), in one statement.
 * An endpoint on a test clock comes with the clock's time: its delivery is due then (the clock's
 * advance makes it), not now.
 * A listener of test mode (disabled: the workers never send it anything) gets its deliveries too,
 * made here in the event's transaction, until an hour after it last listened (listeners.service.ts).
 */
const INSERT_EVENT = `
  with event as (
    insert into events (id, account_id, type, data, request_id, created_at, object_id, idempotency_key, traceparent, tracestate)
    values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10)
    returning sequence, previous_event_id
  )
  select event.sequence, event.previous_event_id, e.id, e.enabled_events, e.api_version, c.frozen_time as clock_time
  from event left join webhook_endpoints e on e.account_id = $2
    and (e.status = 'enabled' or (e.disabled_reason = 'listener' and e.listened_at > $6::timestamptz - interval '1 hour'))
  left join test_clocks c on c.id = e.test_clock_id
  order by e.id`;

/**
 * Inserts the deliveries of one event, one row per target endpoint, and wakes the workers (when
 * the transaction commits), in one statement. A delivery is due now ($8: the real time, also when
 * the event happens on a test clock's advance), or, to an endpoint on a test clock, at the clock's
 * time (`clocked`: the clock's advance makes it). Parameters: account, event, type, the event's
 * time, rows (JSON), the event's traceparent and tracestate, now.
 */
const INSERT_DELIVERIES = `
  with deliveries as (
    insert into webhook_deliveries (id, account_id, event_id, endpoint_id, event_type, payload, status, attempt_count, cycle_failures,
      next_attempt_at, created_at, updated_at, traceparent, tracestate, clocked)
    select r.id, $1, $2, r.endpoint_id, $3, r.payload, 'pending', 0, 0, coalesce(r.due_at, $8), $4, $4, $6, $7, r.due_at is not null
    from jsonb_to_recordset($5::jsonb) as r(id text, endpoint_id text, payload text, due_at timestamptz)
  )
  select pg_notify('${DELIVERIES_CHANNEL}', '')`;

/**
 * Records the event and its deliveries in the context's transaction; they commit (or not) with the
 * change that caused them. Two statements whatever the number of endpoints: the event with the
 * lookup of the endpoints, then every delivery at once with the workers' wake-up (each payload
 * rendered once per API version among the endpoints); one when no endpoint receives it.
 */
export async function emitEvent<T extends EventType>(
  ctx: Context | RequestContext,
  type: T,
  data: EventPayloads[T],
  options: EmitOptions = {},
): Promise<Event> {
  const accountId = options.accountId ?? ('principal' in ctx ? ctx.principal.accountId : undefined);
  if (!accountId) throw new Error(`emitEvent(${type}) outside a request needs the account`);
  const now = options.now ?? ctx.clock.now();
  const { em } = ctx;
  const id = newId('event', now.getTime());
  const requestId = ctx.requestId ?? null;
  const event: Event = {
    id,
    accountId,
    type,
    data: data as unknown as Record<string, unknown>,
    requestId,
    objectId: objectIdOf(data, id),
    sequence: 0, // the database's, below
    previousEventId: null,
    // What a request caused keeps the request's key and trace; what the service did by itself, none.
    idempotencyKey: requestId ? (ctx.idempotencyKey ?? null) : null,
    traceparent: requestId ? (ctx.trace?.traceparent ?? null) : null,
    tracestate: requestId ? (ctx.trace?.tracestate ?? null) : null,
    createdAt: now,
  };
  // The log's partition of the event's day (made ahead; once a day per process).
  await ensurePartitionOf(em, event.id);
  const inserted = await queryRows<{
    sequence: string | number;
    previous_event_id: string | null;
    id: string | null;
    enabled_events: string[];
    api_version: string;
    clock_time: Date | string | null;
  }>(em, INSERT_EVENT, [
    event.id,
    accountId,
    type,
    JSON.stringify(event.data),
    event.requestId,
    now,
    event.objectId,
    event.idempotencyKey,
    event.traceparent,
    event.tracestate,
  ]);
  event.sequence = Number(inserted[0]!.sequence);
  event.previousEventId = inserted[0]!.previous_event_id;
  // What the product does because this happened (the ledger's postings), in this transaction.
  await reactTo(ctx, { id, type, accountId, data, createdAt: now });
  const endpoints = inserted.filter((e): e is typeof e & { id: string } => e.id !== null);
  const targets = endpoints.filter((e) => receives({ id: e.id, enabledEvents: e.enabled_events }, event));
  if (!targets.length) return event;
  const payloads = new Map<string, string>();
  const rows = targets.map((e) => {
    let payload = payloads.get(e.api_version);
    // Stryker disable next-line ConditionalExpression: equivalent, a cache: rendering the envelope again gives the same payload
    if (payload === undefined) {
      payload = JSON.stringify(renderEnvelope(event as Event & { type: EventType }, e.api_version));
      // Stryker disable next-line CallExpression: equivalent, a cache: rendering the envelope again gives the same payload
      payloads.set(e.api_version, payload);
    }
    return { id: newId('webhookDelivery', now.getTime()), endpoint_id: e.id, payload, due_at: e.clock_time };
  });
  // Ids are monotonic: the last delivery's day is the latest.
  await ensurePartitionOf(em, rows.at(-1)!.id);
  await queryRows(em, INSERT_DELIVERIES, [accountId, event.id, type, now, JSON.stringify(rows), event.traceparent, event.tracestate, ctx.realClock?.now() ?? now]);
  return event;
}
