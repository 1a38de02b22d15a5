import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { components } from '../../generated/openapi.js';

type S = components['schemas'];

export const WebhookEndpoint = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoints',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    /** The test clock it lives on (test mode); null for none. */
    testClockId: p.string().nullable(),
    url: p.string(),
    /** Event types, or ['*'] for every type. */
    enabledEvents: p.json<string[]>(),
    apiVersion: p.string().$type<S['ApiVersion']>(),
    description: p.string().nullable(),
    status: p.string().$type<S['WebhookEndpoint']['status']>(),
    /** The HMAC key that signs every delivery, sealed (endpoint-secrets.ts): never stored in the clear. */
    secret: p.string(),
    previousSecret: p.string().nullable(),
    previousSecretExpiresAt: p.datetime().nullable(),
    metadata: p.json<Record<string, string>>(),
    /** Why a disabled endpoint is: turned off by its owner, or automatically after failing for days. */
    disabledReason: p.string().$type<'manual' | 'failing' | 'listener'>().nullable(),
    /** The name of the listener (`vehicle-transport listen`) this endpoint is; null for an endpoint the service sends to. */
    listenerName: p.string().nullable(),
    /** When a listener last asked for its events: the emitter makes its deliveries until an hour after. */
    listenedAt: p.datetime().nullable(),
    // Health and circuit breaker, written by the workers' batched outcomes (see worker.ts).
    consecutiveFailures: p.integer(),
    failingSince: p.datetime().nullable(),
    lastSuccessAt: p.datetime().nullable(),
    /** Timeouts and connection errors in a row: what opens the breaker. */
    breakerFailures: p.integer(),
    breakerState: p.string().$type<'closed' | 'open'>(),
    breakerOpenedAt: p.datetime().nullable(),
    /** The worker sending the one probe delivery of an open breaker, until when. */
    probeOwner: p.string().nullable(),
    probeExpiresAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type WebhookEndpoint = InferEntity<typeof WebhookEndpoint>;

export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    eventId: p.string(),
    endpointId: p.string(),
    eventType: p.string(),
    /** The envelope bytes exactly as signed and sent (rendered for the endpoint's API version). */
    payload: p.text(),
    status: p.string().$type<S['WebhookDelivery']['status']>(),
    attemptCount: p.integer(),
    /** Failures since creation or the last replay/recovery: the position in the retry schedule. */
    cycleFailures: p.integer(),
    nextAttemptAt: p.datetime().nullable(),
    /** To an endpoint on a test clock: made by the clock's advance, never claimed by the workers. */
    clocked: p.boolean(),
    /** The event's trace (W3C), which each attempt continues with a span of its own. */
    traceparent: p.string().nullable(),
    tracestate: p.string().nullable(),
    leaseOwner: p.string().nullable(),
    leaseExpiresAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type WebhookDelivery = InferEntity<typeof WebhookDelivery>;

export const WebhookDeliveryAttempt = defineEntity({
  name: 'WebhookDeliveryAttempt',
  tableName: 'webhook_delivery_attempts',
  properties: {
    deliveryId: p.string().primary(),
    number: p.integer().primary(),
    startedAt: p.datetime(),
    durationMs: p.integer(),
    responseStatus: p.integer().nullable(),
    responseBody: p.text(),
    error: p.string().nullable(),
    errorDetail: p.text().nullable(),
  },
});
export type WebhookDeliveryAttempt = InferEntity<typeof WebhookDeliveryAttempt>;
