// Listeners of test mode (`vehicle-transport listen`): webhook endpoints whose events are not sent by
// the service but taken by the command, in long-lived requests, and posted to a local URL. A listener
// is an endpoint of its own (disabled: the workers never send it anything), with a cursor in the
// account's events: each request hands out, as deliveries leased for a minute, what its endpoint
// would have been sent since (and any delivery replayed to it), signed as the worker signs; the
// command reports what the local receiver answered, recorded as the delivery's attempt.
import type { components } from '../../generated/openapi.js';
import type { EventType } from '../../generated/events.js';
import { recordAudit } from '../audit/audit.service.js';
import { unixSeconds } from '../shared/clock.js';
import { inTransaction, type RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { firstIdAt, newId } from '../shared/ids.js';
import { livemodeOf } from '../shared/livemode.js';
import { lockOne } from '../shared/find.js';
import { randomToken } from '../shared/tokens.js';
import { queryRows } from '../shared/sql.js';
import { openEndpointSecret, sealEndpointSecret, signingSecrets } from './endpoint-secrets.js';
import { receives, renderEnvelope } from './emitter.js';
import { Event } from './events.entities.js';
import { ensurePartitionOf } from './retention.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './signer.js';
import { WebhookDelivery, WebhookDeliveryAttempt, WebhookEndpoint } from './webhooks.entities.js';
import { findEndpoint, getDelivery, type DeliveryWithAttempts, type IssuedSecret } from './webhooks.service.js';

type S = components['schemas'];

/** How far back a listener that was away is sent what it missed. */
export const LISTEN_CATCH_UP_MS = 3_600_000;
/** What it missed, at most. */
export const LISTEN_CATCH_UP_MAX = 1_000;
/** How long a delivery handed out waits for its result before it is handed out again. */
export const LISTEN_LEASE_MS = 60_000;
/** How often a waiting request looks for new events. */
const LISTEN_POLL_MS = 200;

/** Listeners exist in test mode only: a live caller is answered as for a path that does not exist. */
export function assertListenMode(ctx: RequestContext, method: string, path: string): void {
  if (livemodeOf(ctx.principal.accountId)) throw errors.testHelpersTestModeOnly(method, path);
}

/** Opens (or opens again, same name: same endpoint and secret) the caller's listener. */
export function openListener(ctx: RequestContext, input: S['WebhookListenerOpen']): Promise<IssuedSecret> {
  const name = input.name ?? 'listener';
  return inTransaction(ctx, async (tx) => {
    const now = ctx.clock.now();
    // Two commands opening one name at once make one endpoint.
    await queryRows(tx.em, 'select pg_advisory_xact_lock(hashtext($1))', [`listener:${ctx.principal.accountId}:${name}`]);
    const existing = await tx.em.findOne(WebhookEndpoint, { accountId: ctx.principal.accountId, listenerName: name });
    if (existing) {
      if (input.enabled_events) existing.enabledEvents = input.enabled_events;
      if (input.forward_to) existing.url = input.forward_to;
      existing.updatedAt = now;
      await tx.em.flush();
      return { endpoint: existing, secret: openEndpointSecret(existing) };
    }
    const id = newId('webhookEndpoint', now.getTime());
    const secret = randomToken('whsec');
    await recordAudit(tx, 'webhook_endpoint.created', id, { now });
    const endpoint = tx.em.create(WebhookEndpoint, {
      id,
      accountId: ctx.principal.accountId,
      url: input.forward_to ?? 'http://localhost/',
      enabledEvents: input.enabled_events ?? ['*'],
      apiVersion: ctx.principal.apiVersion,
      description: `vehicle-transport listen (${name})`,
      status: 'disabled',
      secret: sealEndpointSecret(id, secret),
      previousSecret: null,
      previousSecretExpiresAt: null,
      metadata: {},
      disabledReason: 'listener',
      listenerName: name,
      // What happens from now on (what happened before the first listen is not sent).
      listenCursor: firstIdAt('event', now.getTime()),
      consecutiveFailures: 0,
      failingSince: null,
      lastSuccessAt: null,
      breakerFailures: 0,
      breakerState: 'closed',
      breakerOpenedAt: null,
      probeOwner: null,
      probeExpiresAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await tx.em.persist(endpoint).flush();
    return { endpoint, secret };
  });
}

async function findListener(ctx: RequestContext, id: string, options: { forUpdate?: boolean } = {}): Promise<WebhookEndpoint> {
  const endpoint = await findEndpoint(ctx, id, options);
  if (!endpoint.listenerName) throw errors.invalidStateTransition(`Endpoint ${id} is not a listener: the service sends its events (see vehicle-transport listen).`);
  return endpoint;
}

/** One look: leases what is due to the listener (making the deliveries of new events first). */
async function take(ctx: RequestContext, id: string, limit: number): Promise<S['WebhookListenDelivery'][]> {
  return inTransaction(ctx, async (tx) => {
    const endpoint = (await lockOne(tx.em, WebhookEndpoint, { id }))!;
    const now = tx.clock.now();
    // The events since its cursor, within the catch-up window, as the emitter would have sent them.
    const since = [endpoint.listenCursor ?? '', firstIdAt('event', now.getTime() - LISTEN_CATCH_UP_MS)].sort().at(-1)!;
    const events = await tx.em.find(
      Event,
      { accountId: endpoint.accountId, id: { $gt: since } },
      { orderBy: { id: 'asc' }, limit: LISTEN_CATCH_UP_MAX },
    );
    const fresh = events.filter((e) => receives(endpoint, e));
    if (events.length) endpoint.listenCursor = events.at(-1)!.id;
    for (const event of fresh) {
      const delivery = tx.em.create(WebhookDelivery, {
        id: newId('webhookDelivery', now.getTime()),
        accountId: endpoint.accountId,
        eventId: event.id,
        endpointId: endpoint.id,
        eventType: event.type,
        payload: JSON.stringify(renderEnvelope(event as Event & { type: EventType }, endpoint.apiVersion)),
        status: 'pending',
        attemptCount: 0,
        cycleFailures: 0,
        nextAttemptAt: now,
        traceparent: event.traceparent ?? null,
        tracestate: event.tracestate ?? null,
        leaseOwner: null,
        leaseExpiresAt: null,
        createdAt: now,
        updatedAt: now,
      });
      await ensurePartitionOf(tx.em, delivery.id);
      tx.em.persist(delivery);
    }
    await tx.em.flush();
    // What is due: pending, not leased (or its lease ended), oldest first.
    const due = await tx.em.find(
      WebhookDelivery,
      { endpointId: endpoint.id, status: 'pending', $or: [{ leaseExpiresAt: null }, { leaseExpiresAt: { $lt: now } }] },
      { orderBy: { id: 'asc' }, limit },
    );
    const until = new Date(now.getTime() + LISTEN_LEASE_MS);
    const secrets = signingSecrets(endpoint, now);
    for (const d of due) {
      d.leaseOwner = 'listener';
      d.leaseExpiresAt = until;
    }
    await tx.em.flush();
    return due.map((d) => ({
      id: d.id,
      event_id: d.eventId,
      event_type: d.eventType as S['EventType'],
      payload: d.payload,
      headers: {
        [SIGNATURE_HEADER]: signatureHeader(secrets, unixSeconds(now), d.payload),
        [EVENT_ID_HEADER]: d.eventId,
        ...(d.traceparent ? { traceparent: d.traceparent } : {}),
        ...(d.tracestate ? { tracestate: d.tracestate } : {}),
      },
    }));
  });
}

/** The listener's next deliveries: at once when some are due, else as soon as one is (within `wait_seconds`). */
export async function listen(ctx: RequestContext, id: string, input: S['WebhookListenRequest']): Promise<S['WebhookListenBatch']> {
  await findListener(ctx, id);
  const deadline = Date.now() + (input.wait_seconds ?? 25) * 1000;
  const limit = input.limit ?? 100;
  for (;;) {
    // A caller that went away is handed nothing (what it would take stays due for the next one).
    if (ctx.signal?.aborted) return { object: 'list', data: [] };
    const data = await take(ctx, id, limit);
    if (data.length || Date.now() >= deadline) return { object: 'list', data };
    await new Promise((r) => setTimeout(r, Math.min(LISTEN_POLL_MS, Math.max(0, deadline - Date.now()))));
  }
}

/** Records what the local receiver answered for a listener's delivery, as its attempt. */
export function recordResult(ctx: RequestContext, endpointId: string, deliveryId: string, input: S['WebhookListenerResult']): Promise<DeliveryWithAttempts> {
  return inTransaction(ctx, async (tx) => {
    const endpoint = await findListener(tx, endpointId);
    const delivery = await lockOne(tx.em, WebhookDelivery, { id: deliveryId, accountId: ctx.principal.accountId, endpointId: endpoint.id });
    if (!delivery) throw errors.resourceMissing('webhook delivery', deliveryId, 'webhook_delivery_id');
    if (delivery.status !== 'pending') throw errors.invalidStateTransition(`Delivery ${deliveryId} is already ${delivery.status}.`);
    const now = tx.clock.now();
    const answered = input.response_status !== undefined;
    const succeeded = answered && input.response_status! >= 200 && input.response_status! < 300;
    const attempt = tx.em.create(WebhookDeliveryAttempt, {
      deliveryId: delivery.id,
      number: delivery.attemptCount + 1,
      startedAt: new Date(now.getTime() - input.duration_ms),
      durationMs: input.duration_ms,
      responseStatus: answered ? input.response_status! : null,
      responseBody: input.response_body ?? '',
      error: answered ? null : (input.error ?? 'network_error'),
      errorDetail: answered ? null : (input.error_detail ?? null),
    });
    tx.em.persist(attempt);
    delivery.attemptCount += 1;
    delivery.status = succeeded ? 'succeeded' : 'permanently_failed';
    delivery.nextAttemptAt = null;
    delivery.leaseOwner = null;
    delivery.leaseExpiresAt = null;
    delivery.updatedAt = now;
    if (succeeded) endpoint.lastSuccessAt = now;
    await tx.em.flush();
    return getDelivery(tx, delivery.id);
  });
}
