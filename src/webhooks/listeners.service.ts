// Listeners of test mode (`vehicle-transport listen`): webhook endpoints whose events are not sent by
// the service but taken by the command, in long-lived requests, and posted to a local URL. A listener
// is an endpoint of its own, disabled (the workers never send it anything); the emitter makes its
// deliveries in each event's transaction, as for any endpoint, until an hour after the command last
// asked (so what happens while it is away waits for it, and a listener left behind stops collecting).
// Each request leases what is due, signed as the worker signs; the command reports what the local
// receiver answered, recorded as the delivery's attempt.
import type { components } from '../../generated/openapi.js';
import { recordAudit } from '../audit/audit.service.js';
import { callerNow } from '../auth/keys.service.js';
import { unixSeconds } from '../shared/clock.js';
import { inTransaction, type RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { lockOne } from '../shared/find.js';
import { randomToken } from '../shared/tokens.js';
import { queryRows } from '../shared/sql.js';
import { openEndpointSecret, signingSecrets } from './endpoint-secrets.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './signer.js';
import { WebhookDelivery, WebhookDeliveryAttempt, WebhookEndpoint } from './webhooks.entities.js';
import { assertCanChange, assertCanSubscribe, dropUnsubscribed, findEndpoint, getDelivery, newEndpoint, type DeliveryWithAttempts, type IssuedSecret } from './webhooks.service.js';
import { readableEventTypes } from './event-types.js';

type S = components['schemas'];

/** A delivery handed out waits this long for its result, plus LISTEN_LEASE_PER_DELIVERY_MS for each of its batch, before it is handed out again. */
export const LISTEN_LEASE_MS = 60_000;
const LISTEN_LEASE_PER_DELIVERY_MS = 12_000;
/** How often a waiting request looks for something due (one indexed read, no lock). */
const LISTEN_POLL_MS = 250;


/** Opens (or opens again, same name: same endpoint and secret) the caller's listener. */
export function openListener(ctx: RequestContext, input: S['WebhookListenerOpen']): Promise<IssuedSecret> {
  const name = input.name ?? 'listener';
  if (input.enabled_events) assertCanSubscribe(ctx, input.enabled_events);
  return inTransaction(ctx, async (tx) => {
    const now = ctx.clock.now();
    // Two commands opening one name at once make one endpoint.
    await queryRows(tx.em, 'select pg_advisory_xact_lock(hashtext($1))', [`listener:${ctx.principal.accountId}:${name}`]);
    const existing = await tx.em.findOne(WebhookEndpoint, { accountId: ctx.principal.accountId, listenerName: name });
    if (existing) {
      // Opened again by another credential: it takes what the listener receives only if it may read it.
      assertCanChange(ctx, existing);
      if (input.enabled_events) {
        existing.enabledEvents = input.enabled_events;
        await dropUnsubscribed(tx.em, existing);
      }
      if (input.forward_to) existing.url = input.forward_to;
      existing.updatedAt = now;
      existing.listenedAt = now;
      await tx.em.flush();
      return { endpoint: existing, secret: openEndpointSecret(existing) };
    }
    const id = newId('webhookEndpoint', now.getTime());
    const secret = randomToken('whsec');
    await recordAudit(tx, 'webhook_endpoint.created', id, { now });
    const endpoint = newEndpoint(tx.em, {
      id,
      accountId: ctx.principal.accountId,
      url: input.forward_to ?? 'http://localhost/',
      // Without `enabled_events`, every type the caller may read (`*` when that is all of them).
      enabledEvents: input.enabled_events ?? readableEventTypes(ctx.principal.scopes) ?? ['*'],
      apiVersion: ctx.principal.apiVersion,
      description: `vehicle-transport listen (${name})`,
      metadata: {},
      secret,
      now,
      listenerName: name,
    });
    await tx.em.flush();
    return { endpoint, secret };
  });
}

/** The caller's listener, if the caller may read everything it receives (its deliveries carry the events). */
async function findListener(ctx: RequestContext, id: string, options: { forUpdate?: boolean } = {}): Promise<WebhookEndpoint> {
  const endpoint = await findEndpoint(ctx, id, options);
  if (!endpoint.listenerName) throw errors.invalidStateTransition(`Endpoint ${id} is not a listener: the service sends its events (see vehicle-transport listen).`);
  assertCanChange(ctx, endpoint);
  return endpoint;
}

const DUE = `select id from webhook_deliveries where endpoint_id = $1 and status = 'pending' and (lease_expires_at is null or lease_expires_at < $2) limit 1`;

/** Leases what is due to the listener, oldest first, signed for now; none when nothing is. */
async function take(ctx: RequestContext, id: string, limit: number): Promise<S['WebhookListenDelivery'][]> {
  const now = ctx.clock.now();
  // An idle listener costs one indexed read a look; the lock is taken only when something is due.
  if (!(await queryRows(ctx.em, DUE, [id, now])).length) return [];
  return inTransaction(ctx, async (tx) => {
    // Two commands on one listener take turns: a delivery is leased to one of them.
    const endpoint = await lockOne(tx.em, WebhookEndpoint, { id, accountId: ctx.principal.accountId });
    if (!endpoint) throw errors.resourceMissing('webhook endpoint', id, 'webhook_endpoint_id');
    // A wait may be long: the caller is read again (revoked meanwhile: 401), and so is what the
    // listener receives (widened meanwhile by a stronger credential to what the caller may not read: 403).
    assertCanChange({ ...tx, principal: { ...tx.principal, scopes: await callerNow(tx) } }, endpoint);
    const due = await tx.em.find(
      WebhookDelivery,
      { endpointId: endpoint.id, status: 'pending', $or: [{ leaseExpiresAt: null }, { leaseExpiresAt: { $lt: now } }] },
      { orderBy: { id: 'asc' }, limit },
    );
    const until = new Date(now.getTime() + LISTEN_LEASE_MS + due.length * LISTEN_LEASE_PER_DELIVERY_MS);
    for (const d of due) {
      d.leaseOwner = 'listener';
      d.leaseExpiresAt = until;
    }
    await tx.em.flush();
    const secrets = signingSecrets(endpoint, now);
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

/**
 * The listener's next deliveries: at once when some are due, else as soon as one is (within
 * `wait_seconds`); nothing once the caller has gone or the server is stopping.
 */
export async function listen(ctx: RequestContext, id: string, input: S['WebhookListenRequest']): Promise<S['WebhookListenBatch']> {
  const listener = await findListener(ctx, id);
  // It listens: what happens meanwhile is kept for it for an hour more.
  await queryRows(ctx.em, 'update webhook_endpoints set listened_at = $2 where id = $1', [listener.id, ctx.clock.now()]);
  const deadline = Date.now() + (input.wait_seconds ?? 25) * 1000;
  const limit = input.limit ?? 100;
  const gone = ctx.whenGone?.();
  for (;;) {
    if (gone?.aborted) return { object: 'webhook_listen_batch', deliveries: [] };
    const deliveries = await take(ctx, id, limit);
    if (deliveries.length || Date.now() >= deadline) return { object: 'webhook_listen_batch', deliveries };
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.min(LISTEN_POLL_MS, Math.max(0, deadline - Date.now())));
      function done() {
        clearTimeout(timer);
        gone?.removeEventListener('abort', done);
        resolve();
      }
      gone?.addEventListener('abort', done, { once: true });
    });
  }
}

/** Records what the local receiver answered for a listener's delivery, as its attempt. */
export function recordResult(ctx: RequestContext, endpointId: string, deliveryId: string, input: S['WebhookListenerResult']): Promise<DeliveryWithAttempts> {
  return inTransaction(ctx, async (tx) => {
    const endpoint = await findListener(tx, endpointId, { forUpdate: true });
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
