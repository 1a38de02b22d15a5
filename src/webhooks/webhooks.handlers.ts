import { principalOf, type Handlers } from '../http/handler.js';
import * as webhooks from './webhooks.service.js';

export const handlers: Handlers<
  | 'createWebhookEndpoint'
  | 'listWebhookEndpoints'
  | 'getWebhookEndpoint'
  | 'updateWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'rotateWebhookEndpointSecret'
  | 'listWebhookDeliveries'
  | 'recoverWebhookDeliveries'
  | 'getWebhookDelivery'
  | 'listEvents'
  | 'getEvent'
  | 'replayEvent'
> = {
  async createWebhookEndpoint({ body }, ctx) {
    const endpoint = await webhooks.createEndpoint(ctx.em, principalOf(ctx), body, ctx);
    return {
      status: 201,
      body: webhooks.renderEndpoint(endpoint, ctx.clock, { withSecret: true }),
      headers: { Location: `/v1/webhook_endpoints/${endpoint.id}` },
    };
  },
  async listWebhookEndpoints({ query }, ctx) {
    return { status: 200, body: await webhooks.listEndpoints(ctx.em, principalOf(ctx), query, ctx.clock) };
  },
  async getWebhookEndpoint({ params }, ctx) {
    const endpoint = await webhooks.findEndpoint(ctx.em, principalOf(ctx).accountId, params.webhook_endpoint_id);
    return { status: 200, body: webhooks.renderEndpoint(endpoint, ctx.clock) };
  },
  async updateWebhookEndpoint({ params, body }, ctx) {
    const endpoint = await webhooks.updateEndpoint(ctx.em, principalOf(ctx), params.webhook_endpoint_id, body, ctx);
    return { status: 200, body: webhooks.renderEndpoint(endpoint, ctx.clock) };
  },
  async deleteWebhookEndpoint({ params }, ctx) {
    await webhooks.deleteEndpoint(ctx.em, principalOf(ctx), params.webhook_endpoint_id);
    return { status: 200, body: { id: params.webhook_endpoint_id, object: 'webhook_endpoint', deleted: true } };
  },
  async rotateWebhookEndpointSecret({ params, body }, ctx) {
    const endpoint = await webhooks.rotateSecret(ctx.em, principalOf(ctx), params.webhook_endpoint_id, body, ctx.clock);
    return { status: 200, body: webhooks.renderEndpoint(endpoint, ctx.clock, { withSecret: true }) };
  },
  async listWebhookDeliveries({ params, query }, ctx) {
    return { status: 200, body: await webhooks.listDeliveries(ctx.em, principalOf(ctx), params.webhook_endpoint_id, query) };
  },
  async recoverWebhookDeliveries({ params, body }, ctx) {
    return { status: 200, body: await webhooks.recoverDeliveries(ctx.em, principalOf(ctx), params.webhook_endpoint_id, body, ctx.clock) };
  },
  async getWebhookDelivery({ params }, ctx) {
    return { status: 200, body: await webhooks.getDelivery(ctx.em, principalOf(ctx), params.webhook_delivery_id) };
  },
  async listEvents({ query }, ctx) {
    return { status: 200, body: await webhooks.listEvents(ctx.em, principalOf(ctx), query) };
  },
  async getEvent({ params }, ctx) {
    const who = principalOf(ctx);
    return { status: 200, body: webhooks.renderEvent(await webhooks.findEvent(ctx.em, who.accountId, params.event_id), who.apiVersion) };
  },
  async replayEvent({ params, body }, ctx) {
    return { status: 200, body: await webhooks.replayEvent(ctx.em, principalOf(ctx), params.event_id, body, ctx.clock) };
  },
};
