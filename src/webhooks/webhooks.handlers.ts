// Webhook endpoint, event and delivery-log operations: parse, call the service, render.
import type { Handlers } from '../shared/handlers.js';
import { livemodeOf } from '../shared/livemode.js';
import { renderPage } from '../shared/pagination.js';
import { eventTypeCatalog, eventTypePage } from './event-types.js';
import * as webhooks from './webhooks.service.js';

export const handlers: Handlers<
  | 'createWebhookEndpoint'
  | 'listWebhookEndpoints'
  | 'getWebhookEndpoint'
  | 'updateWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'rotateWebhookEndpointSecret'
  | 'testWebhookEndpoint'
  | 'listWebhookDeliveries'
  | 'recoverWebhookDeliveries'
  | 'getWebhookDelivery'
  | 'listEvents'
  | 'listEventTypes'
  | 'getEvent'
  | 'replayEvent'
> = {
  async createWebhookEndpoint({ body }, ctx) {
    const { endpoint, secret } = await webhooks.createEndpoint(ctx, body);
    return {
      status: 201,
      body: webhooks.renderEndpoint(endpoint, ctx.clock, { secret }),
      headers: { Location: `/v1/webhook_endpoints/${endpoint.id}` },
    };
  },
  async listWebhookEndpoints({ query }, ctx) {
    return { status: 200, body: renderPage(await webhooks.listEndpoints(ctx, query), (e) => webhooks.renderEndpoint(e, ctx.clock)) };
  },
  async getWebhookEndpoint({ params }, ctx) {
    return { status: 200, body: webhooks.renderEndpoint(await webhooks.findEndpoint(ctx, params.webhook_endpoint_id), ctx.clock) };
  },
  async updateWebhookEndpoint({ params, body }, ctx) {
    return { status: 200, body: webhooks.renderEndpoint(await webhooks.updateEndpoint(ctx, params.webhook_endpoint_id, body), ctx.clock) };
  },
  async deleteWebhookEndpoint({ params }, ctx) {
    await webhooks.deleteEndpoint(ctx, params.webhook_endpoint_id);
    return { status: 200, body: { id: params.webhook_endpoint_id, object: 'webhook_endpoint', livemode: livemodeOf(ctx.principal.accountId), deleted: true } };
  },
  async rotateWebhookEndpointSecret({ params, body }, ctx) {
    const { endpoint, secret } = await webhooks.rotateSecret(ctx, params.webhook_endpoint_id, body);
    return { status: 200, body: webhooks.renderEndpoint(endpoint, ctx.clock, { secret }) };
  },
  async testWebhookEndpoint({ params }, ctx) {
    const sent = await webhooks.sendTestEvent(ctx, params.webhook_endpoint_id);
    return { status: 201, body: webhooks.renderDelivery(sent), headers: { Location: `/v1/webhook_deliveries/${sent.delivery.id}` } };
  },
  async listWebhookDeliveries({ params, query }, ctx) {
    return { status: 200, body: renderPage(await webhooks.listDeliveries(ctx, params.webhook_endpoint_id, query), webhooks.renderDelivery) };
  },
  async recoverWebhookDeliveries({ params, body }, ctx) {
    return { status: 200, body: await webhooks.recoverDeliveries(ctx, params.webhook_endpoint_id, body) };
  },
  async getWebhookDelivery({ params }, ctx) {
    return { status: 200, body: webhooks.renderDelivery(await webhooks.getDelivery(ctx, params.webhook_delivery_id)) };
  },
  async listEvents({ query }, ctx) {
    return { status: 200, body: renderPage(await webhooks.listEvents(ctx, query), (e) => webhooks.renderEvent(e, ctx.principal.apiVersion)) };
  },
  async listEventTypes({ query }, ctx) {
    return { status: 200, body: eventTypePage(eventTypeCatalog(ctx.principal.apiVersion), query) };
  },
  async getEvent({ params }, ctx) {
    return { status: 200, body: webhooks.renderEvent(await webhooks.findEvent(ctx, params.event_id), ctx.principal.apiVersion) };
  },
  async replayEvent({ params, body }, ctx) {
    const deliveries = await webhooks.replayEvent(ctx, params.event_id, body);
    return { status: 200, body: { object: 'event_replay', event_id: params.event_id, deliveries: deliveries.map(webhooks.renderDelivery) } };
  },
};
