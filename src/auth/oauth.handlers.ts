// The OAuth endpoints: form-encoded requests from a client the pipeline has authenticated (HTTP Basic
// or form fields); errors answer in the RFC 6749 §5.2 shape (the pipeline renders them so).
import type { HandlersWith } from '../shared/handlers.js';
import * as oauth from './oauth.service.js';

export const handlers: HandlersWith<'createOAuthToken' | 'introspectOAuthToken', oauth.ClientContext> = {
  async createOAuthToken({ body }, ctx) {
    return { status: 200, body: await oauth.issueToken(ctx, body), headers: oauth.NO_STORE };
  },
  async introspectOAuthToken({ body }, ctx) {
    return { status: 200, body: await oauth.introspect(ctx, body.token), headers: oauth.NO_STORE };
  },
};
