// Webhook endpoints, the event log, the delivery log, replay and recovery.
import type { EntityManager } from '@mikro-orm/sql';
import type { FilterQuery } from '@mikro-orm/core';
import type { components, operations } from '../../generated/openapi.js';
import { recordAudit } from '../audit/audit.service.js';
import type { EventType } from '../../generated/events.js';
import { unixOrNull, unixSeconds, type Clock } from '../shared/clock.js';
import { inTransaction, type Context, type RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { ownedFinder } from '../shared/find.js';
import { firstIdAt, ID_TIME_LEAD_MS, newId } from '../shared/ids.js';
import { mergeMetadata } from '../shared/metadata.js';
import { createdRange, listPage, pageOf, type Page, type PageQuery } from '../shared/pagination.js';
import { randomToken } from '../shared/tokens.js';
import { Event } from './events.entities.js';
import { WebhookDelivery, WebhookDeliveryAttempt, WebhookEndpoint } from './webhooks.entities.js';
import { deliveryLifecycle } from './deliveries.state.js';
import { sealEndpointSecret } from './endpoint-secrets.js';
import { emitEvent, newDelivery, notifyWorkers, receives, renderEnvelope, TEST_EVENT } from './emitter.js';
import { ensurePartitionOf } from './retention.js';
import { livemodeOf } from '../shared/livemode.js';
import { clockForNew, clockTime } from '../clocks/object-clock.js';
import { assertCanGrant, assertCanTakeAway } from '../shared/grants.js';
import { eventTypeScope, readableEventTypes, subscriptionScopes } from './event-types.js';

type S = components['schemas'];

// ---------- endpoints ----------

/** The endpoint; `secret` is the newly issued secret in the clear, shown by create and rotate only (it is stored sealed). */
export function renderEndpoint(e: WebhookEndpoint, clock: Clock, options: { secret?: string } = {}): S['WebhookEndpoint'] {
  const graceActive = e.previousSecretExpiresAt && e.previousSecretExpiresAt > clock.now();
  return {
    id: e.id,
    object: 'webhook_endpoint',
    livemode: livemodeOf(e.accountId),
    test_clock: e.testClockId ?? null,
    url: e.url,
    enabled_events: e.enabledEvents,
    api_version: e.apiVersion,
    description: e.description ?? null,
    status: e.status,
    disabled_reason: e.status === 'disabled' ? (e.disabledReason ?? 'manual') : null,
    health: renderHealth(e, clock),
    ...(options.secret ? { secret: options.secret } : {}),
    previous_secret_expires_at: graceActive ? unixOrNull(e.previousSecretExpiresAt) : null,
    metadata: e.metadata,
    created: unixSeconds(e.createdAt),
    updated: unixSeconds(e.updatedAt),
  };
}

/** The endpoint's health as the workers left it; `half_open` while an open breaker's probe is in flight. */
function renderHealth(e: WebhookEndpoint, clock: Clock): S['WebhookEndpointHealth'] {
  const probing = e.probeExpiresAt !== null && e.probeExpiresAt !== undefined && e.probeExpiresAt > clock.now();
  return {
    consecutive_failures: e.consecutiveFailures,
    failing_since: unixOrNull(e.failingSince),
    last_success_at: unixOrNull(e.lastSuccessAt),
    breaker: e.breakerState === 'open' ? (probing ? 'half_open' : 'open') : 'closed',
  };
}

/** Outside development mode plain-http URLs are refused (the spec's pattern allows them to loopback). */
function checkUrl(ctx: RequestContext, url: string): void {
  if (ctx.settings.production && !url.startsWith('https://')) throw errors.invalidValue('url', 'Webhook URLs must use https.');
}

export const findEndpoint = ownedFinder(WebhookEndpoint, 'webhook endpoint', 'webhook_endpoint_id');

/** Giving: an endpoint receives only events its creator may read (the grant rule, src/shared/grants.ts). */
export function assertCanSubscribe(ctx: RequestContext, enabledEvents: readonly string[]): void {
  assertCanGrant(ctx.principal, subscriptionScopes(enabledEvents), 'a subscription to events', 'enabled_events');
}

/**
 * Changing or taking away an endpoint (its URL, its events, its secret, its deliveries) is open only
 * to a credential that may read everything it receives: otherwise pointing it elsewhere would read
 * through it.
 */
export function assertCanChange(ctx: RequestContext, endpoint: Pick<WebhookEndpoint, 'id' | 'enabledEvents'>): void {
  assertCanTakeAway(ctx.principal, subscriptionScopes(endpoint.enabledEvents), `Endpoint ${endpoint.id} (the events it receives)`);
}

/**
 * An endpoint whose subscription narrowed drops what waits for it, or may be recovered, of the types
 * it no longer receives: those are never sent (to its URL, or to whoever changes it later), and a
 * credential that may read only what it receives now may change it. Sent deliveries stay in the log.
 */
export async function dropUnsubscribed(em: EntityManager, endpoint: Pick<WebhookEndpoint, 'id' | 'enabledEvents'>): Promise<void> {
  if (endpoint.enabledEvents.includes('*')) return;
  const where = { endpointId: endpoint.id, status: { $in: ['pending', 'permanently_failed'] }, eventType: { $nin: [...endpoint.enabledEvents, TEST_EVENT] } } as FilterQuery<WebhookDelivery>;
  const ids = (await em.find(WebhookDelivery, where, { fields: ['id'] })).map((d) => d.id);
  if (!ids.length) return;
  await em.nativeDelete(WebhookDeliveryAttempt, { deliveryId: { $in: ids } });
  await em.nativeDelete(WebhookDelivery, { id: { $in: ids } });
}

/** Reading an event (listing, retrieving, replaying) needs the read scope of its type's object. */
function assertCanRead(ctx: RequestContext, type: string, param?: string): void {
  const scope = eventTypeScope(type);
  if (scope && !ctx.principal.scopes.has(scope)) throw errors.eventNotReadable(type, scope, param);
}

/** The event types the caller may read: all of them (undefined: no filter needed), or the list. */
const readableTypes = (ctx: RequestContext): string[] | undefined => readableEventTypes(ctx.principal.scopes);

/**
 * The row of a new endpoint (persisted in `em`, not flushed): its secret sealed, its health fresh,
 * enabled unless it is a listener of test mode (listeners.service.ts).
 */
export function newEndpoint(
  em: EntityManager,
  e: Pick<WebhookEndpoint, 'id' | 'accountId' | 'url' | 'enabledEvents' | 'apiVersion' | 'description' | 'metadata'> & { secret: string; now: Date; listenerName?: string; testClockId?: string | null },
): WebhookEndpoint {
  const endpoint = em.create(WebhookEndpoint, {
    id: e.id,
    accountId: e.accountId,
    testClockId: e.testClockId ?? null,
    url: e.url,
    enabledEvents: e.enabledEvents,
    apiVersion: e.apiVersion,
    description: e.description,
    status: e.listenerName ? 'disabled' : 'enabled',
    secret: sealEndpointSecret(e.id, e.secret),
    previousSecret: null,
    previousSecretExpiresAt: null,
    metadata: e.metadata,
    disabledReason: e.listenerName ? 'listener' : null,
    listenerName: e.listenerName ?? null,
    // A listener collects what happens from its opening on (listeners.service.ts).
    listenedAt: e.listenerName ? e.now : null,
    consecutiveFailures: 0,
    failingSince: null,
    lastSuccessAt: null,
    breakerFailures: 0,
    breakerState: 'closed',
    breakerOpenedAt: null,
    probeOwner: null,
    probeExpiresAt: null,
    createdAt: e.now,
    updatedAt: e.now,
  });
  em.persist(endpoint);
  return endpoint;
}

/**
 * A new endpoint, audited. The audit entry is recorded before the endpoint exists, so an endpoint
 * subscribed to `*` is not sent the record of its own creation.
 */
export function createEndpoint(ctx: RequestContext, input: S['WebhookEndpointCreate']): Promise<IssuedSecret> {
  checkUrl(ctx, input.url);
  assertCanSubscribe(ctx, input.enabled_events);
  return inTransaction(ctx, async (tx) => {
    // On a test clock, created at the clock's time (and sent its deliveries as the clock advances).
    const clock = await clockForNew(tx, input.test_clock, 'webhook_endpoints');
    const now = clock?.now ?? ctx.clock.now();
    const id = newId('webhookEndpoint', now.getTime());
    const secret = randomToken('whsec');
    await recordAudit(tx, 'webhook_endpoint.created', id, { now: ctx.clock.now() });
    const endpoint = newEndpoint(tx.em, {
      id,
      accountId: ctx.principal.accountId,
      testClockId: clock?.id ?? null,
      url: input.url,
      enabledEvents: input.enabled_events,
      apiVersion: input.api_version ?? ctx.principal.apiVersion,
      description: input.description ?? null,
      secret,
      metadata: input.metadata ?? {},
      now,
    });
    await tx.em.persist(endpoint).flush();
    return { endpoint, secret };
  });
}

export function updateEndpoint(ctx: RequestContext, id: string, input: S['WebhookEndpointUpdate']): Promise<WebhookEndpoint> {
  if (input.url !== undefined) checkUrl(ctx, input.url);
  if (input.enabled_events !== undefined) assertCanSubscribe(ctx, input.enabled_events);
  return inTransaction(ctx, async (tx) => {
    const endpoint = await findEndpoint(tx, id, { forUpdate: true });
    assertCanChange(ctx, endpoint);
    if (input.url !== undefined) endpoint.url = input.url;
    if (input.enabled_events !== undefined) {
      endpoint.enabledEvents = input.enabled_events;
      await dropUnsubscribed(tx.em, endpoint);
    }
    if (input.description !== undefined) endpoint.description = input.description;
    if (input.metadata !== undefined) endpoint.metadata = mergeMetadata(endpoint.metadata, input.metadata);
    if (endpoint.listenerName && input.status === 'enabled') {
      throw errors.invalidStateTransition(`Endpoint ${endpoint.id} is the listener ${endpoint.listenerName}: vehicle-transport listen takes its events; it cannot be enabled.`);
    }
    const reenabled = input.status === 'enabled' && endpoint.status === 'disabled';
    if (input.status !== undefined && input.status !== endpoint.status) {
      endpoint.status = input.status;
      endpoint.disabledReason = input.status === 'disabled' ? 'manual' : null;
      if (reenabled) {
        // A fresh start: the failure run that disabled it is over; the breaker tests the endpoint again.
        Object.assign(endpoint, { consecutiveFailures: 0, failingSince: null, breakerFailures: 0, breakerState: 'closed', breakerOpenedAt: null });
      }
    }
    endpoint.updatedAt = ctx.clock.now();
    await tx.em.flush();
    await recordAudit(tx, 'webhook_endpoint.updated', endpoint.id, { now: endpoint.updatedAt });
    await tx.em.flush();
    // Deliveries that waited while the endpoint was disabled are due now.
    if (reenabled) await notifyWorkers(tx.em);
    return endpoint;
  });
}

export function deleteEndpoint(ctx: RequestContext, id: string): Promise<void> {
  return inTransaction(ctx, async (tx) => {
    const endpoint = await findEndpoint(tx, id);
    assertCanChange(ctx, endpoint);
    // The delivery log goes with it: its deliveries by their foreign key (ON DELETE CASCADE), their
    // attempts (partitioned apart, with no foreign key) first. Deleted before the record of its
    // deletion is emitted, so that event is not queued for the endpoint itself.
    await tx.em.execute(
      'delete from webhook_delivery_attempts a using webhook_deliveries d where a.delivery_id = d.id and d.endpoint_id = ?',
      [endpoint.id],
    );
    await tx.em.nativeDelete(WebhookEndpoint, { id: endpoint.id });
    await recordAudit(tx, 'webhook_endpoint.deleted', endpoint.id);
    await tx.em.flush();
  });
}

/** An endpoint with the secret just issued to it, in the clear: answered once, never stored so. */
export interface IssuedSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

export function rotateSecret(ctx: RequestContext, id: string, input: S['WebhookSecretRotation']): Promise<IssuedSecret> {
  return inTransaction(ctx, async (tx) => {
    const endpoint = await findEndpoint(tx, id, { forUpdate: true });
    assertCanChange(ctx, endpoint);
    const now = ctx.clock.now();
    const grace = input.grace_period_seconds;
    endpoint.previousSecret = grace > 0 ? endpoint.secret : null;
    endpoint.previousSecretExpiresAt = grace > 0 ? new Date(now.getTime() + grace * 1000) : null;
    // The sealed value moves as it is: it is bound to the endpoint, not to the column.
    const secret = randomToken('whsec');
    endpoint.secret = sealEndpointSecret(endpoint.id, secret);
    endpoint.updatedAt = now;
    await recordAudit(tx, 'webhook_endpoint.secret_rotated', endpoint.id, { now });
    await tx.em.flush();
    return { endpoint, secret };
  });
}

/**
 * Sends the endpoint a `webhook_endpoint.test` event through the outbox like any event (signed,
 * retried, in the delivery log): to this endpoint alone, whether or not it subscribes. Answers the
 * new delivery, due at once.
 */
export function sendTestEvent(ctx: RequestContext, id: string): Promise<DeliveryWithAttempts> {
  return inTransaction(ctx, async (tx) => {
    const endpoint = await findEndpoint(tx, id, { forUpdate: true });
    assertCanChange(ctx, endpoint);
    if (endpoint.status !== 'enabled') throw errors.endpointDisabled(endpoint.id, 'webhook_endpoint_id');
    const event = await emitEvent(tx, TEST_EVENT, renderEndpoint(endpoint, ctx.clock));
    await tx.em.flush();
    const delivery = await tx.em.findOneOrFail(WebhookDelivery, { eventId: event.id, endpointId: endpoint.id });
    return { delivery, attempts: [] };
  });
}

export const listEndpoints = (ctx: RequestContext, query: NonNullable<operations['listWebhookEndpoints']['parameters']['query']>): Promise<Page<WebhookEndpoint>> =>
  listPage(ctx.em, WebhookEndpoint, ctx.principal.accountId, {}, query);

// ---------- events ----------

/** An event as the caller's pinned version renders it. */
export function renderEvent(event: Event, apiVersion: string): S['Event'] {
  return renderEnvelope(event as Event & { type: EventType }, apiVersion) as unknown as S['Event'];
}

const findAnyEvent = ownedFinder(Event, 'event', 'event_id');

/** An event of the caller's account that the caller may read (403 for a type whose scope it lacks). */
export async function findEvent(ctx: RequestContext, id: string, options: { forUpdate?: boolean } = {}): Promise<Event> {
  const event = await findAnyEvent(ctx, id, options);
  assertCanRead(ctx, event.type);
  return event;
}

export function listEvents(ctx: RequestContext, query: NonNullable<operations['listEvents']['parameters']['query']>): Promise<Page<Event>> {
  if (query.type) assertCanRead(ctx, query.type, 'type');
  const readable = query.type ? undefined : readableTypes(ctx);
  const types = query.type ? { type: query.type } : readable ? { type: { $in: readable } } : {};
  const where = { ...types, ...createdRange(query.created), ...idsOfCreated(query.created) };
  if (query.object_id) return listObjectEvents(ctx, query.object_id, where, query);
  return listPage(ctx.em, Event, ctx.principal.accountId, where, query);
}

/**
 * The events about one object in sequence order, oldest first: the page starts after the cursor
 * event's sequence (an event not kept any more, or not this object's, starts at the first kept).
 */
async function listObjectEvents(ctx: RequestContext, objectId: string, where: FilterQuery<Event>, query: PageQuery): Promise<Page<Event>> {
  const limit = query.limit;
  if (limit === undefined) throw new Error('listObjectEvents needs a limit');
  const accountId = ctx.principal.accountId;
  const at = query.cursor ? await ctx.em.findOne(Event, { id: query.cursor, accountId, objectId }, { fields: ['sequence'] }) : null;
  const scoped = { ...(where as object), accountId, objectId } as FilterQuery<Event>;
  const [rows, total] = await Promise.all([
    ctx.em.find(Event, { ...(scoped as object), sequence: { $gt: at?.sequence ?? 0 } } as FilterQuery<Event>, { orderBy: { sequence: 'asc' }, limit: limit + 1 }),
    query.include?.includes('total_count') ? ctx.em.fork().count(Event, scoped) : undefined,
  ]);
  return { ...pageOf(rows, limit, (e) => e.id), ...(total === undefined ? {} : { total_count: total }) };
}

/**
 * An event's id is made for its creation time (an id's time is never before it and less than
 * ID_TIME_LEAD_MS after): a creation range is also a range of ids, which the account's index on ids
 * walks from its end and the log's weekly partitions prune by, whatever the log's size. The filter
 * on `createdAt` stays exact; this only says where to look.
 */
function idsOfCreated(range: S['TimeRange'] | undefined): { id?: { $gte?: string; $lt?: string } } {
  if (!range) return {};
  const id: { $gte?: string; $lt?: string } = {};
  if (range.gte !== undefined) id.$gte = firstIdAt('event', range.gte * 1000);
  if (range.lte !== undefined) id.$lt = firstIdAt('event', (range.lte + 1) * 1000 + ID_TIME_LEAD_MS);
  return Object.keys(id).length ? { id } : {};
}

// ---------- deliveries ----------

/** A delivery with its attempts, oldest first: how the delivery log shows it. */
export interface DeliveryWithAttempts {
  delivery: WebhookDelivery;
  attempts: WebhookDeliveryAttempt[];
}

async function withAttempts(em: EntityManager, deliveries: WebhookDelivery[]): Promise<DeliveryWithAttempts[]> {
  const byDelivery = new Map<string, WebhookDeliveryAttempt[]>(deliveries.map((d) => [d.id, []]));
  if (deliveries.length) {
    const attempts = await em.find(WebhookDeliveryAttempt, { deliveryId: { $in: [...byDelivery.keys()] } }, { orderBy: { number: 'asc' } });
    for (const a of attempts) byDelivery.get(a.deliveryId)?.push(a);
  }
  return deliveries.map((delivery) => ({ delivery, attempts: byDelivery.get(delivery.id) ?? [] }));
}

export function renderDelivery({ delivery: d, attempts }: DeliveryWithAttempts): S['WebhookDelivery'] {
  return {
    id: d.id,
    object: 'webhook_delivery',
    livemode: livemodeOf(d.accountId),
    event_id: d.eventId,
    webhook_endpoint_id: d.endpointId,
    event_type: d.eventType as S['EventType'],
    status: d.status,
    attempt_count: d.attemptCount,
    next_attempt_at: d.status === 'pending' ? unixOrNull(d.nextAttemptAt) : null,
    created: unixSeconds(d.createdAt),
    updated: unixSeconds(d.updatedAt),
    attempts: attempts.map((a) => ({
      number: a.number,
      started_at: unixSeconds(a.startedAt),
      duration_ms: a.durationMs,
      response_status: a.responseStatus ?? null,
      response_body: a.responseBody,
      error: a.error ?? null,
      error_detail: a.errorDetail ?? null,
    })),
  };
}

const findDelivery = ownedFinder(WebhookDelivery, 'webhook delivery', 'webhook_delivery_id');

/** A delivery the caller may read: its event's type needs its scope, as the event does. */
export async function getDelivery(ctx: RequestContext, id: string): Promise<DeliveryWithAttempts> {
  const delivery = await findDelivery(ctx, id);
  assertCanRead(ctx, delivery.eventType);
  const [found] = await withAttempts(ctx.em, [delivery]);
  return found!;
}

export async function listDeliveries(
  ctx: RequestContext,
  endpointId: string,
  query: NonNullable<operations['listWebhookDeliveries']['parameters']['query']>,
): Promise<Page<DeliveryWithAttempts>> {
  // An endpoint's log shows what it receives: open to a credential that may read all of it, and even
  // then listing only the types it may read (a narrowed subscription leaves older ones in the log).
  assertCanChange(ctx, await findEndpoint(ctx, endpointId));
  const readable = readableTypes(ctx);
  const where: FilterQuery<WebhookDelivery> = { endpointId, ...(query.status ? { status: query.status } : {}), ...(readable ? { eventType: { $in: readable } } : {}) };
  const page = await listPage(ctx.em, WebhookDelivery, ctx.principal.accountId, where, query);
  return { ...page, data: await withAttempts(ctx.em, page.data) };
}

/**
 * Puts the selected deliveries back at the start of the retry schedule, due now (or at `due`: an
 * endpoint's test clock's time; their attempt history stays), and wakes the workers. Answers how
 * many were requeued.
 */
async function requeue(em: EntityManager, action: 'replay' | 'recover', where: FilterQuery<WebhookDelivery>, now: Date, due = now): Promise<number> {
  const { from, to } = deliveryLifecycle.table[action];
  const requeued = await em.nativeUpdate(
    WebhookDelivery,
    { ...(where as object), status: { $in: [...from] } } as FilterQuery<WebhookDelivery>,
    { status: to, cycleFailures: 0, nextAttemptAt: due, updatedAt: now },
  );
  if (requeued) await notifyWorkers(em);
  return requeued;
}

/** When a delivery to `endpoint` made now is due: now, or at its test clock's time (the clock's advance sends it). */
async function dueAt(ctx: Context, endpoint: Pick<WebhookEndpoint, 'testClockId'>, now: Date): Promise<Date> {
  return endpoint.testClockId ? ((await clockTime(ctx, endpoint.testClockId)) ?? now) : now;
}

export async function replayEvent(ctx: RequestContext, eventId: string, input: S['EventReplay']): Promise<DeliveryWithAttempts[]> {
  const ids = await inTransaction(ctx, async (tx) => {
    // Locked: two replays of one event at once make one delivery per endpoint, not two.
    const event = await findEvent(tx, eventId, { forUpdate: true });
    let endpoints: WebhookEndpoint[];
    if (input.webhook_endpoint_id) {
      const endpoint = await findEndpoint(tx, input.webhook_endpoint_id, { param: 'webhook_endpoint_id' });
      if (!receives(endpoint, event)) throw errors.endpointNotSubscribed(endpoint.id, event.type);
      // A listener is disabled (the service sends it nothing) but takes what is replayed to it.
      if (endpoint.status !== 'enabled' && endpoint.disabledReason !== 'listener') throw errors.endpointDisabled(endpoint.id);
      endpoints = [endpoint];
    } else {
      endpoints = (await tx.em.find(WebhookEndpoint, { accountId: ctx.principal.accountId, status: 'enabled' })).filter((e) => receives(e, event));
    }
    const now = ctx.clock.now();
    const existing = new Map(
      (await tx.em.find(WebhookDelivery, { eventId: event.id, endpointId: { $in: endpoints.map((e) => e.id) } })).map((d) => [d.endpointId, d]),
    );
    const deliveries = endpoints.map((e) => existing.get(e.id) ?? newDelivery(tx.em, event, e, now));
    for (const e of endpoints) if (e.testClockId && !existing.has(e.id)) deliveries[endpoints.indexOf(e)]!.nextAttemptAt = await dueAt(tx, e, now);
    if (deliveries.length > existing.size) await ensurePartitionOf(tx.em, deliveries.at(-1)!.id);
    await tx.em.flush();
    // A replay sends the same event again, whatever became of its earlier deliveries.
    const again = endpoints.filter((e) => existing.has(e.id));
    const realTime = again.filter((e) => !e.testClockId).map((e) => existing.get(e.id)!.id);
    if (realTime.length) await requeue(tx.em, 'replay', { id: { $in: realTime } }, now);
    for (const e of again.filter((e) => e.testClockId)) await requeue(tx.em, 'replay', { id: existing.get(e.id)!.id }, now, await dueAt(tx, e, now));
    if (deliveries.length > existing.size) await notifyWorkers(tx.em);
    await recordAudit(tx, 'event.replayed', event.id, { now });
    await tx.em.flush();
    return deliveries.map((d) => d.id);
  });
  const byId = new Map((await ctx.em.find(WebhookDelivery, { id: { $in: ids } })).map((d) => [d.id, d]));
  const deliveries = ids.map((id) => byId.get(id)!);
  return withAttempts(ctx.em, deliveries);
}

export function recoverDeliveries(ctx: RequestContext, endpointId: string, input: S['WebhookRecoveryRequest']): Promise<S['WebhookRecovery']> {
  return inTransaction(ctx, async (tx) => {
    const endpoint = await findEndpoint(tx, endpointId);
    assertCanChange(ctx, endpoint);
    const now = ctx.clock.now();
    // An inverted range selects nothing, as an inverted `created` filter lists nothing.
    const until = input.until ?? unixSeconds(now);
    // Only what the endpoint receives now (a narrowed subscription dropped the rest; this holds for rows kept from before).
    const types = endpoint.enabledEvents.includes('*') ? {} : { eventType: { $in: [...endpoint.enabledEvents, TEST_EVENT] } };
    const requeued = await requeue(tx.em, 'recover', { endpointId: endpoint.id, ...types, ...createdRange({ gte: input.since, lte: until }) }, now, await dueAt(tx, endpoint, now));
    await recordAudit(tx, 'webhook_endpoint.deliveries_recovered', endpoint.id, { now });
    await tx.em.flush();
    return { object: 'webhook_recovery', livemode: livemodeOf(endpoint.accountId), webhook_endpoint_id: endpoint.id, since: input.since, until, requeued };
  });
}
