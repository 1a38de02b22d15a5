import { principalOf, type Handlers, type RequestContext } from '../http/handler.js';
import * as keys from './keys.service.js';

const actionContext = (ctx: RequestContext): keys.ActionContext => ({
  who: principalOf(ctx),
  now: ctx.clock.now(),
  requestId: ctx.requestId,
  ip: ctx.ip,
});

export const handlers: Handlers<
  'createApiKey' | 'listApiKeys' | 'getApiKey' | 'revokeApiKey' | 'createOAuthClient' | 'listOAuthClients' | 'getOAuthClient' | 'revokeOAuthClient'
> = {
  async createApiKey({ body }, ctx) {
    const { key, secret } = await keys.createKey(ctx.em, body, actionContext(ctx));
    return { status: 201, body: keys.renderApiKey(key, secret), headers: { Location: `/v1/api_keys/${key.id}` } };
  },
  async listApiKeys({ query }, ctx) {
    return { status: 200, body: await keys.listKeys(ctx.em, principalOf(ctx), query) };
  },
  async getApiKey({ params }, ctx) {
    return { status: 200, body: keys.renderApiKey(await keys.findKey(ctx.em, principalOf(ctx).accountId, params.api_key_id)) };
  },
  async revokeApiKey({ params }, ctx) {
    return { status: 200, body: keys.renderApiKey(await keys.revokeKey(ctx.em, params.api_key_id, actionContext(ctx))) };
  },
  async createOAuthClient({ body }, ctx) {
    const { client, secret } = await keys.createClient(ctx.em, body, actionContext(ctx));
    return { status: 201, body: keys.renderOAuthClient(client, secret), headers: { Location: `/v1/oauth_clients/${client.id}` } };
  },
  async listOAuthClients({ query }, ctx) {
    return { status: 200, body: await keys.listClients(ctx.em, principalOf(ctx), query) };
  },
  async getOAuthClient({ params }, ctx) {
    return { status: 200, body: keys.renderOAuthClient(await keys.findClient(ctx.em, principalOf(ctx).accountId, params.oauth_client_id)) };
  },
  async revokeOAuthClient({ params }, ctx) {
    return { status: 200, body: keys.renderOAuthClient(await keys.revokeClient(ctx.em, params.oauth_client_id, actionContext(ctx))) };
  },
};
