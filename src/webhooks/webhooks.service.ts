// Webhook endpoints, the event log, the delivery log, replay and recovery.
import type { EntityManager } from '@mikro-orm/sql';
import { LockMode, type FilterQuery } from '@mikro-orm/core';
import type { components, operations } from '../../generated/openapi.js';
import type { EventType } from '../../generated/events.js';
import type { Principal } from '../auth/auth.service.js';
import { unixOrNull, unixSeconds, type Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { mergeMetadata } from '../shared/metadata.js';
import { listPage, type Page } from '../shared/pagination.js';
import { randomToken } from '../shared/tokens.js';
import { ApiError, invalidValue, notFound } from '../http/errors.js';
import { Event } from './events.entities.js';
import { WebhookDelivery, WebhookDeliveryAttempt, WebhookEndpoint } from './webhooks.entities.js';
import { newDelivery, notifyWorkers, renderEnvelope, subscribes } from './emitter.js';

type S = components['schemas'];

export interface WebhookSettings {
  /** Outside development mode plain-http URLs are refused (the spec's pattern allows them to loopback). */
  production: boolean;
}

// ---------- endpoints ----------

export function renderEndpoint(e: WebhookEndpoint, clock: Clock, options: { withSecret?: boolean } = {}): S['WebhookEndpoint'] {
  const graceActive = e.previousSecretExpiresAt && e.previousSecretExpiresAt > clock.now();
  return {
    id: e.id,
    object: 'webhook_endpoint',
    url: e.url,
    enabled_events: e.enabledEvents,
    api_version: e.apiVersion as S['ApiVersion'],
    description: e.description ?? null,
    status: e.status,
    ...(options.withSecret ? { secret: e.secret } : {}),
    previous_secret_expires_at: graceActive ? unixOrNull(e.previousSecretExpiresAt) : null,
    metadata: e.metadata,
    created: unixSeconds(e.createdAt),
    updated: unixSeconds(e.updatedAt),
  };
}

function checkUrl(url: string, settings: WebhookSettings): void {
  if (settings.production && !url.startsWith('https://')) {
    throw invalidValue('url', 'Webhook URLs must use https.');
  }
}

export async function findEndpoint(
  em: EntityManager,
  accountId: string,
  id: string,
  param = 'webhook_endpoint_id',
  options: { forUpdate?: boolean } = {},
): Promise<WebhookEndpoint> {
  const endpoint = await em.findOne(WebhookEndpoint, { id, accountId }, options.forUpdate ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {});
  if (!endpoint) throw notFound('webhook endpoint', id, param);
  return endpoint;
}

export async function createEndpoint(
  em: EntityManager,
  who: Principal,
  input: S['WebhookEndpointCreate'],
  ctx: { clock: Clock; settings: WebhookSettings },
): Promise<WebhookEndpoint> {
  checkUrl(input.url, ctx.settings);
  const now = ctx.clock.now();
  const endpoint = em.create(WebhookEndpoint, {
    id: newId('webhookEndpoint', now.getTime()),
    accountId: who.accountId,
    url: input.url,
    enabledEvents: input.enabled_events,
    apiVersion: input.api_version ?? who.apiVersion,
    description: input.description ?? null,
    status: 'enabled',
    secret: randomToken('whsec'),
    previousSecret: null,
    previousSecretExpiresAt: null,
    metadata: input.metadata ?? {},
    createdAt: now,
    updatedAt: now,
  });
  await em.persist(endpoint).flush();
  return endpoint;
}

export async function updateEndpoint(
  em: EntityManager,
  who: Principal,
  id: string,
  input: S['WebhookEndpointUpdate'],
  ctx: { clock: Clock; settings: WebhookSettings },
): Promise<WebhookEndpoint> {
  if (input.url !== undefined) checkUrl(input.url, ctx.settings);
  return em.transactional(async (tem) => {
    const endpoint = await findEndpoint(tem, who.accountId, id, 'webhook_endpoint_id', { forUpdate: true });
    if (input.url !== undefined) endpoint.url = input.url;
    if (input.enabled_events !== undefined) endpoint.enabledEvents = input.enabled_events;
    if (input.description !== undefined) endpoint.description = input.description;
    if (input.metadata !== undefined) endpoint.metadata = mergeMetadata(endpoint.metadata, input.metadata);
    const reenabled = input.status === 'enabled' && endpoint.status === 'disabled';
    if (input.status !== undefined) endpoint.status = input.status;
    endpoint.updatedAt = ctx.clock.now();
    await tem.flush();
    // Deliveries that waited while the endpoint was disabled are due now.
    if (reenabled) await notifyWorkers(tem);
    return endpoint;
  });
}

export async function deleteEndpoint(em: EntityManager, who: Principal, id: string): Promise<void> {
  await em.transactional(async (tem) => {
    const endpoint = await findEndpoint(tem, who.accountId, id);
    // The delivery log and its attempts go with it (ON DELETE CASCADE).
    await tem.nativeDelete(WebhookEndpoint, { id: endpoint.id });
  });
}

export async function rotateSecret(
  em: EntityManager,
  who: Principal,
  id: string,
  input: S['WebhookSecretRotation'],
  clock: Clock,
): Promise<WebhookEndpoint> {
  return em.transactional(async (tem) => {
    const endpoint = await findEndpoint(tem, who.accountId, id, 'webhook_endpoint_id', { forUpdate: true });
    const now = clock.now();
    const grace = input.grace_period_seconds;
    endpoint.previousSecret = grace > 0 ? endpoint.secret : null;
    endpoint.previousSecretExpiresAt = grace > 0 ? new Date(now.getTime() + grace * 1000) : null;
    endpoint.secret = randomToken('whsec');
    endpoint.updatedAt = now;
    await tem.flush();
    return endpoint;
  });
}

export function listEndpoints(
  em: EntityManager,
  who: Principal,
  query: NonNullable<operations['listWebhookEndpoints']['parameters']['query']>,
  clock: Clock,
): Promise<Page<S['WebhookEndpoint']>> {
  return listPage(em, WebhookEndpoint, {}, { accountId: who.accountId, limit: query.limit, cursor: query.cursor }, (e) =>
    renderEndpoint(e, clock),
  );
}

// ---------- events ----------

export function renderEvent(event: Event, apiVersion: string): S['Event'] {
  return renderEnvelope(event as Event & { type: EventType }, apiVersion) as unknown as S['Event'];
}

export async function findEvent(em: EntityManager, accountId: string, id: string): Promise<Event> {
  const event = await em.findOne(Event, { id, accountId });
  if (!event) throw notFound('event', id, 'event_id');
  return event;
}

export function listEvents(
  em: EntityManager,
  who: Principal,
  query: NonNullable<operations['listEvents']['parameters']['query']>,
): Promise<Page<S['Event']>> {
  const where: Record<string, unknown> = {};
  if (query.type) where.type = query.type;
  if (query.created) {
    const range: Record<string, Date> = {};
    if (query.created.gte !== undefined) range.$gte = new Date(query.created.gte * 1000);
    if (query.created.lte !== undefined) range.$lte = new Date(query.created.lte * 1000 + 999);
    if (Object.keys(range).length) where.createdAt = range;
  }
  return listPage(em, Event, where as FilterQuery<Event>, { accountId: who.accountId, limit: query.limit, cursor: query.cursor }, (e) =>
    renderEvent(e, who.apiVersion),
  );
}

// ---------- deliveries ----------

async function attemptsOf(em: EntityManager, deliveryIds: string[]): Promise<Map<string, WebhookDeliveryAttempt[]>> {
  const byDelivery = new Map<string, WebhookDeliveryAttempt[]>(deliveryIds.map((id) => [id, []]));
  if (!deliveryIds.length) return byDelivery;
  const attempts = await em.find(WebhookDeliveryAttempt, { deliveryId: { $in: deliveryIds } }, { orderBy: { number: 'asc' } });
  for (const a of attempts) byDelivery.get(a.deliveryId)?.push(a);
  return byDelivery;
}

function renderDelivery(d: WebhookDelivery, attempts: WebhookDeliveryAttempt[]): S['WebhookDelivery'] {
  return {
    id: d.id,
    object: 'webhook_delivery',
    event_id: d.eventId,
    endpoint_id: d.endpointId,
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
    })),
  };
}

async function renderDeliveries(em: EntityManager, deliveries: WebhookDelivery[]): Promise<S['WebhookDelivery'][]> {
  const attempts = await attemptsOf(em, deliveries.map((d) => d.id));
  return deliveries.map((d) => renderDelivery(d, attempts.get(d.id) ?? []));
}

export async function getDelivery(em: EntityManager, who: Principal, id: string): Promise<S['WebhookDelivery']> {
  const delivery = await em.findOne(WebhookDelivery, { id, accountId: who.accountId });
  if (!delivery) throw notFound('webhook delivery', id, 'webhook_delivery_id');
  return (await renderDeliveries(em, [delivery]))[0]!;
}

export async function listDeliveries(
  em: EntityManager,
  who: Principal,
  endpointId: string,
  query: NonNullable<operations['listWebhookDeliveries']['parameters']['query']>,
): Promise<Page<S['WebhookDelivery']>> {
  await findEndpoint(em, who.accountId, endpointId);
  const where: FilterQuery<WebhookDelivery> = { endpointId, ...(query.status ? { status: query.status } : {}) };
  const page = await listPage(em, WebhookDelivery, where, { accountId: who.accountId, limit: query.limit, cursor: query.cursor }, (d) => d);
  return { ...page, data: await renderDeliveries(em, page.data) };
}

/** Puts a delivery back at the start of the retry schedule, due now (its attempt history stays). */
function requeue(d: WebhookDelivery, now: Date): void {
  d.status = 'pending';
  d.cycleFailures = 0;
  d.nextAttemptAt = now;
  d.updatedAt = now;
}

export async function replayEvent(
  em: EntityManager,
  who: Principal,
  eventId: string,
  input: S['EventReplay'],
  clock: Clock,
): Promise<Page<S['WebhookDelivery']>> {
  const deliveries = await em.transactional(async (tem) => {
    const event = await findEvent(tem, who.accountId, eventId);
    let endpoints: WebhookEndpoint[];
    if (input.endpoint_id) {
      const endpoint = await findEndpoint(tem, who.accountId, input.endpoint_id, 'endpoint_id');
      if (!subscribes(endpoint, event.type)) {
        throw new ApiError('conflict_error', 'endpoint_not_subscribed', `Endpoint ${endpoint.id} is not subscribed to ${event.type}.`, {
          param: 'endpoint_id',
        });
      }
      if (endpoint.status !== 'enabled') {
        throw new ApiError('conflict_error', 'endpoint_disabled', `Endpoint ${endpoint.id} is disabled; enable it first.`, { param: 'endpoint_id' });
      }
      endpoints = [endpoint];
    } else {
      endpoints = (await tem.find(WebhookEndpoint, { accountId: who.accountId, status: 'enabled' })).filter((e) => subscribes(e, event.type));
    }
    const now = clock.now();
    const existing = await tem.find(WebhookDelivery, { eventId: event.id, endpointId: { $in: endpoints.map((e) => e.id) } });
    const out: WebhookDelivery[] = [];
    for (const endpoint of endpoints) {
      const delivery = existing.find((d) => d.endpointId === endpoint.id);
      if (delivery) {
        requeue(delivery, now);
        out.push(delivery);
      } else {
        out.push(newDelivery(tem, event, endpoint, now));
      }
    }
    await tem.flush();
    if (out.length) await notifyWorkers(tem);
    return out;
  });
  return { object: 'list', data: await renderDeliveries(em, deliveries), has_more: false, next_cursor: null };
}

export async function recoverDeliveries(
  em: EntityManager,
  who: Principal,
  endpointId: string,
  input: S['WebhookRecoveryRequest'],
  clock: Clock,
): Promise<S['WebhookRecovery']> {
  return em.transactional(async (tem) => {
    const endpoint = await findEndpoint(tem, who.accountId, endpointId);
    const now = clock.now();
    // An inverted range selects nothing, as an inverted `created` filter lists nothing.
    const until = input.until ?? unixSeconds(now);
    const requeued = await tem.nativeUpdate(
      WebhookDelivery,
      {
        endpointId: endpoint.id,
        status: 'permanently_failed',
        createdAt: { $gte: new Date(input.since * 1000), $lte: new Date(until * 1000 + 999) },
      },
      { status: 'pending', cycleFailures: 0, nextAttemptAt: now, updatedAt: now },
    );
    if (requeued) await notifyWorkers(tem);
    return { object: 'webhook_recovery', endpoint_id: endpoint.id, since: input.since, until, requeued };
  });
}
