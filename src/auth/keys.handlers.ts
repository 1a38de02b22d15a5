// API key and OAuth client operations: parse, call the service, render (secrets only at creation).
import type { Handlers } from '../shared/handlers.js';
import { renderPage } from '../shared/pagination.js';
import * as keys from './keys.service.js';

export const handlers: Handlers<
  'createApiKey' | 'listApiKeys' | 'getApiKey' | 'revokeApiKey' | 'createOAuthClient' | 'listOAuthClients' | 'getOAuthClient' | 'revokeOAuthClient'
> = {
  async createApiKey({ body }, ctx) {
    const { key, secret } = await keys.createKey(ctx, body);
    return { status: 201, body: keys.renderApiKey(key, secret), headers: { Location: `/v1/api_keys/${key.id}` } };
  },
  async listApiKeys({ query }, ctx) {
    return { status: 200, body: renderPage(await keys.listKeys(ctx, query), (k) => keys.renderApiKey(k)) };
  },
  async getApiKey({ params }, ctx) {
    return { status: 200, body: keys.renderApiKey(await keys.findKey(ctx, params.api_key_id)) };
  },
  async revokeApiKey({ params }, ctx) {
    return { status: 200, body: keys.renderApiKey(await keys.revokeKey(ctx, params.api_key_id)) };
  },
  async createOAuthClient({ body }, ctx) {
    const { client, secret } = await keys.createClient(ctx, body);
    return { status: 201, body: keys.renderOAuthClient(client, secret), headers: { Location: `/v1/oauth_clients/${client.id}` } };
  },
  async listOAuthClients({ query }, ctx) {
    return { status: 200, body: renderPage(await keys.listClients(ctx, query), (c) => keys.renderOAuthClient(c)) };
  },
  async getOAuthClient({ params }, ctx) {
    return { status: 200, body: keys.renderOAuthClient(await keys.findClient(ctx, params.oauth_client_id)) };
  },
  async revokeOAuthClient({ params }, ctx) {
    return { status: 200, body: keys.renderOAuthClient(await keys.revokeClient(ctx, params.oauth_client_id)) };
  },
};
