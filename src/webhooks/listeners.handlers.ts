// Listeners of test mode (vehicle-transport listen): check the mode, call the service, render.
import type { Handlers } from '../shared/handlers.js';
import { assertTestMode } from '../shared/livemode.js';
import * as listeners from './listeners.service.js';
import { renderDelivery, renderEndpoint } from './webhooks.service.js';

export const handlers: Handlers<'openWebhookListener' | 'listenWebhookEndpoint' | 'recordWebhookListenerResult'> = {
  async openWebhookListener({ body }, ctx) {
    assertTestMode(ctx.principal.accountId, 'POST', '/v1/webhook_listeners');
    const { endpoint, secret } = await listeners.openListener(ctx, body);
    return { status: 201, body: renderEndpoint(endpoint, ctx.clock, { secret }), headers: { Location: `/v1/webhook_endpoints/${endpoint.id}` } };
  },
  async listenWebhookEndpoint({ params, body }, ctx) {
    assertTestMode(ctx.principal.accountId, 'POST', `/v1/webhook_endpoints/${params.webhook_endpoint_id}/listen`);
    return { status: 200, body: await listeners.listen(ctx, params.webhook_endpoint_id, body) };
  },
  async recordWebhookListenerResult({ params, body }, ctx) {
    assertTestMode(ctx.principal.accountId, 'POST', `/v1/webhook_endpoints/${params.webhook_endpoint_id}/deliveries/${params.webhook_delivery_id}/result`);
    return { status: 200, body: renderDelivery(await listeners.recordResult(ctx, params.webhook_endpoint_id, params.webhook_delivery_id, body)) };
  },
};
